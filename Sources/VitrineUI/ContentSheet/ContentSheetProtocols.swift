import VitrineCore

/// Where a content sheet is (the original's `ContentSheetState`).
public enum ContentSheetState: String, Sendable, Equatable {
    /// Not on screen (before presentation, after dismissal).
    case minimised
    /// At `collapsedHeight`.
    case collapsed
    /// At `expandedHeight`.
    case expanded
}

/// Where a content sheet is in its life, from `present` to the end of `dismiss`, and — once it
/// has come to rest — at which height: the one state machine of a sheet (`ContentSheet.phase`;
/// the original's `ContentSheetState` is read from it).
public enum ContentSheetPhase: Sendable, Equatable {
    /// Not presented (before `present`, after a dismissal finished).
    case hidden
    /// Sliding up (or caught by a finger) until it first comes to rest: then the did-show
    /// callbacks.
    case presenting
    /// Presented; it last came to rest at this height (`.collapsed` or `.expanded`), and may be
    /// moving between its heights now.
    case shown(ContentSheetState)
    /// Sliding away; it takes no touches, and it cannot be caught.
    case dismissing

    /// The original's state: `.minimised` unless shown.
    public var state: ContentSheetState {
        if case .shown(let state) = self { return state }
        return .minimised
    }
}

/// Presentation callbacks, in the original's order (every method has an empty default):
/// willShow, willAppear, didShow, didAppear when presented; willHide, willDisappear, didHide,
/// didDisappear when dismissed. Show/Hide fire only on a real presentation or dismissal.
public protocol ContentSheetDelegate: AnyObject {
    func contentSheetWillShow(_ sheet: ContentSheet)
    func contentSheetDidShow(_ sheet: ContentSheet)
    func contentSheetWillHide(_ sheet: ContentSheet)
    func contentSheetDidHide(_ sheet: ContentSheet)
    func contentSheetWillAppear(_ sheet: ContentSheet)
    func contentSheetDidAppear(_ sheet: ContentSheet)
    func contentSheetWillDisappear(_ sheet: ContentSheet)
    func contentSheetDidDisappear(_ sheet: ContentSheet)
}

extension ContentSheetDelegate {
    public func contentSheetWillShow(_ sheet: ContentSheet) {}
    public func contentSheetDidShow(_ sheet: ContentSheet) {}
    public func contentSheetWillHide(_ sheet: ContentSheet) {}
    public func contentSheetDidHide(_ sheet: ContentSheet) {}
    public func contentSheetWillAppear(_ sheet: ContentSheet) {}
    public func contentSheetDidAppear(_ sheet: ContentSheet) {}
    public func contentSheetWillDisappear(_ sheet: ContentSheet) {}
    public func contentSheetDidDisappear(_ sheet: ContentSheet) {}
}

/// What a content sheet presents: a view, optionally a navigation item for the default header,
/// heights, a scroll view to hand gestures over with, and lifecycle hooks (all optional but
/// `view`), like the original's `ContentSheetContentProtocol`.
public protocol ContentSheetContent: AnyObject {
    var view: View { get }
    /// Title and bar items for the default header.
    var navigationItem: NavigationItem? { get }
    /// The collapsed height; nil: half the screen.
    func collapsedHeight(in sheet: ContentSheet) -> Double?
    /// The expanded height; nil: the collapsed height (expansion is opt-in, as in the original).
    func expandedHeight(in sheet: ContentSheet) -> Double?
    /// A scroll view inside the content that hands over with the sheet within one drag.
    func scrollViewToObserve(in sheet: ContentSheet) -> ScrollView?
    func contentSheetWillAddContent(_ sheet: ContentSheet)
    func contentSheetDidAddContent(_ sheet: ContentSheet)
    func contentSheetWillRemoveContent(_ sheet: ContentSheet)
    func contentSheetDidRemoveContent(_ sheet: ContentSheet)
}

extension ContentSheetContent {
    public var navigationItem: NavigationItem? { nil }
    public func collapsedHeight(in sheet: ContentSheet) -> Double? { nil }
    public func expandedHeight(in sheet: ContentSheet) -> Double? { nil }
    public func scrollViewToObserve(in sheet: ContentSheet) -> ScrollView? { nil }
    public func contentSheetWillAddContent(_ sheet: ContentSheet) {}
    public func contentSheetDidAddContent(_ sheet: ContentSheet) {}
    public func contentSheetWillRemoveContent(_ sheet: ContentSheet) {}
    public func contentSheetDidRemoveContent(_ sheet: ContentSheet) {}
}

/// Presents a plain view.
public final class ViewContent: ContentSheetContent {
    public let view: View
    public var navigationItem: NavigationItem?
    public var collapsed: Double?
    public var expanded: Double?
    public weak var scrollView: ScrollView?

    public init(view: View, navigationItem: NavigationItem? = nil, collapsedHeight: Double? = nil, expandedHeight: Double? = nil, scrollView: ScrollView? = nil)
    {
        self.view = view
        self.navigationItem = navigationItem
        self.collapsed = collapsedHeight
        self.expanded = expandedHeight
        self.scrollView = scrollView
    }

    public func collapsedHeight(in sheet: ContentSheet) -> Double? { self.collapsed }
    public func expandedHeight(in sheet: ContentSheet) -> Double? { self.expanded }
    public func scrollViewToObserve(in sheet: ContentSheet) -> ScrollView? { self.scrollView }
}
