import VitrineCore
import VitrineGraphics
import VitrineUI

/// One view of a screen, as data: what it is (`Kind`), how long it is each way in its parent
/// (`Dimension`), and an optional id. A config's `{"type": "text", …}` reads into one;
/// Swift code builds them directly. `SceneBuilder` turns them into views.
public struct ViewNode: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        case stack(StackNode)
        case grid(GridNode)
        case scroll(ScrollNode)
        case text(TextNode)
        case image(ImageNode)
        case button(ButtonNode)
        case list(ListNode)
        case card(CardNode)
        case spacer(minLength: Double)
        case divider
        case textField(TextFieldNode)
        case carousel(CarouselNode)
        case toggle(ToggleNode)
        case slider(SliderNode)
        case segmented(SegmentedNode)
        case qrCode(QRCodeNode)
        case progress(ProgressNode)
        /// An indeterminate activity indicator.
        case spinner
        /// A view type registered in Swift (`ViewRegistry`), with the properties the config gave.
        case custom(type: String, properties: JSONValue)
    }

    public var kind: Kind
    public var width: Dimension
    public var height: Dimension
    /// Names the view in tests and tools.
    public var id: String?
    /// Where it is in the config (`screens.home.content.children[2]`), for messages.
    public var path: String
    /// Shown only while this bind is true (`{"bind": "state.count > 0"}`); a hidden view takes
    /// no room in its stack. Nil: always shown.
    public var visible: DataBinding?
    /// What speech mode says for the view instead of its text (`accessibilityLabel`; an image's
    /// `description`), in the kiosk's languages or bound. Nil: its own text.
    public var accessibilityLabel: TextValue?
    /// How it comes onto the screen each time its screen is shown (`"appear"`); nil: it is there.
    public var appear: Appear?

    public init(_ kind: Kind, width: Dimension = .auto, height: Dimension = .auto, id: String? = nil, path: String = "") {
        self.kind = kind
        self.width = width
        self.height = height
        self.id = id
        self.path = path
    }

    /// Every node in this tree, depth first (this one first).
    public var allNodes: [ViewNode] {
        var result = [self]
        switch self.kind {
        case .stack(let stack): result += stack.children.flatMap(\.allNodes)
        case .grid(let grid): result += grid.children.flatMap(\.allNodes)
        case .scroll(let scroll): result += scroll.content.allNodes
        case .carousel(let carousel): result += carousel.pages.flatMap(\.allNodes)
        default: break
        }
        return result
    }

    /// Every action in this tree, with where it is.
    public var actions: [(action: SceneAction, path: String)] {
        self.allNodes.flatMap { node -> [(action: SceneAction, path: String)] in
            switch node.kind {
            case .button(let button): return button.action.map { [($0, node.path + ".action")] } ?? []
            case .card(let card): return card.action.map { [($0, node.path + ".action")] } ?? []
            case .textField(let field): return field.onSubmit.map { [($0, node.path + ".onSubmit")] } ?? []
            case .list(let list):
                return list.sections.enumerated().flatMap { s, section in
                    section.rows.enumerated().compactMap { r, row in row.action.map { ($0, node.path + ".sections[\(s)].rows[\(r)].action") } }
                        + (section.repeating?.row.action.map { [($0, node.path + ".sections[\(s)].rows.row.action")] } ?? [])
                }
            default: return []
            }
        }
    }

    /// Every image this tree shows, written or bound.
    public var images: [ImageValue] {
        self.allNodes.flatMap { node -> [ImageValue] in
            switch node.kind {
            case .image(let image): [image.path]
            case .card(let card): card.image.map { [$0] } ?? []
            case .list(let list): list.sections.flatMap { $0.rows.compactMap(\.thumbnail) + [$0.repeating?.row.thumbnail].compactMap { $0 } }
            default: []
            }
        }
    }
}

public struct StackNode: Sendable, Equatable {
    public var axis: StackView.Axis
    public var spacing: Double
    public var alignment: StackAlignment
    public var distribution: StackDistribution
    public var padding: EdgeInsets
    public var children: [ViewNode]

    public init(
        axis: StackView.Axis = .vertical, spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .start,
        padding: EdgeInsets = .zero, children: [ViewNode] = []
    ) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
        self.padding = padding
        self.children = children
    }
}

public struct GridNode: Sendable, Equatable {
    /// Fixed columns; nil: as many as `minimumItemWidth` allows.
    public var columns: Int?
    public var minimumItemWidth: Double
    public var spacing: Double
    public var padding: EdgeInsets
    public var children: [ViewNode]

    public init(columns: Int? = nil, minimumItemWidth: Double = 240, spacing: Double = 16, padding: EdgeInsets = .zero, children: [ViewNode] = []) {
        self.columns = columns
        self.minimumItemWidth = minimumItemWidth
        self.spacing = spacing
        self.padding = padding
        self.children = children
    }
}

public struct ScrollNode: Sendable, Equatable {
    public var content: ViewNode
    public init(content: ViewNode) { self.content = content }
}

public struct TextNode: Sendable, Equatable {
    public var text: TextValue
    public var style: TypeStyle
    public var alignment: TextAlignment
    /// The most lines shown (with "…"); nil for all.
    public var lines: Int?
    public var color: ColorReference
    /// Wrap at the readable measure (`TypeStyle.readableMeasure`) when the view is wider: true
    /// unless the config says `"measure": "full"`.
    public var readableMeasure: Bool

    public init(
        _ text: TextValue, style: TypeStyle = .body, alignment: TextAlignment = .natural, lines: Int? = nil, color: ColorReference = .theme(.label),
        readableMeasure: Bool = true
    ) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.lines = lines
        self.color = color
        self.readableMeasure = readableMeasure
    }
}

public struct ImageNode: Sendable, Equatable {
    /// A PNG or JPEG path (relative to the config's folder), or `builtin:<name>`; or bound.
    public var path: ImageValue
    public var mode: ScaleMode
    /// The point kept in view when `.fill` crops (0…1 each way).
    public var focus: Point
    public var cornerRadius: Double

    public init(_ path: ImageValue, mode: ScaleMode = .fit, focus: Point = Point(x: 0.5, y: 0.5), cornerRadius: Double = 0) {
        self.path = path
        self.mode = mode
        self.focus = focus
        self.cornerRadius = cornerRadius
    }
}

public struct ButtonNode: Sendable, Equatable {
    public var title: TextValue
    public var style: ButtonStyle
    /// A Material icon name (`Icon`), before the title.
    public var icon: String?
    public var action: SceneAction?
    /// Enabled only while this bind is true; a disabled button is faded and does nothing.
    public var enabled: DataBinding?
    /// The title while the screen's split sheet shows (a "Show plan" button reads "Hide plan").
    public var titleWhenSplitSheetShown: TextValue?
    /// The button's colour instead of the theme's tint (the fill of a filled button, the text of
    /// the others).
    public var tint: ColorReference?
    /// The title's colour instead of the style's.
    public var titleColor: ColorReference?
    /// The style while this button's `setLanguage` language is the one shown: a language
    /// switcher marks the current language (nil: always `style`).
    public var selectedStyle: ButtonStyle?

    public init(
        _ title: TextValue, style: ButtonStyle = .filled, icon: String? = nil, action: SceneAction? = nil, titleWhenSplitSheetShown: TextValue? = nil,
        tint: ColorReference? = nil, titleColor: ColorReference? = nil
    ) {
        self.title = title
        self.style = style
        self.icon = icon
        self.action = action
        self.titleWhenSplitSheetShown = titleWhenSplitSheetShown
        self.tint = tint
        self.titleColor = titleColor
    }
}

public struct ListNode: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var title: TextValue
        public var subtitle: TextValue?
        public var trailing: TextValue?
        /// An image path, shown 48 points square.
        public var thumbnail: ImageValue?
        /// A chevron; by default shown when the action pushes a screen.
        public var disclosure: Bool?
        public var action: SceneAction?

        public init(
            _ title: TextValue, subtitle: TextValue? = nil, trailing: TextValue? = nil, thumbnail: ImageValue? = nil, disclosure: Bool? = nil,
            action: SceneAction? = nil
        ) {
            self.title = title
            self.subtitle = subtitle
            self.trailing = trailing
            self.thumbnail = thumbnail
            self.disclosure = disclosure
            self.action = action
        }

        /// Whether the chevron shows.
        public var showsDisclosure: Bool {
            if let disclosure { return disclosure }
            if case .push = self.action { return true }
            return false
        }
    }

    public struct Section: Sendable, Equatable {
        public var header: TextValue?
        public var footer: TextValue?
        public var rows: [Row]
        /// Rows made from an array in the data, one per element, after `rows`.
        public var repeating: Repeat?
        public init(header: TextValue? = nil, footer: TextValue? = nil, rows: [Row], repeating: Repeat? = nil) {
            self.header = header
            self.footer = footer
            self.rows = rows
            self.repeating = repeating
        }
    }

    /// A row template repeated over an array of the data: `item.…` paths in the template read
    /// the element (`{"repeat": "menu.coffee", "row": {"title": {"bind": "item.name"}}}`).
    public struct Repeat: Sendable, Equatable {
        public var source: DataBinding
        public var row: Row
        public init(source: DataBinding, row: Row) {
            self.source = source
            self.row = row
        }
    }

    /// Shows only the rows whose texts contain what a text (a state value the visitor types)
    /// says: `{"text": {"bind": "state.query"}, "fields": ["title", "subtitle"]}`.
    public struct Filter: Sendable, Equatable {
        public enum Field: String, Sendable, Equatable, CaseIterable {
            case title
            case subtitle
            case trailing
        }
        public var text: TextValue
        public var fields: [Field]
        public init(text: TextValue, fields: [Field] = [.title, .subtitle]) {
            self.text = text
            self.fields = fields
        }
    }

    public var sections: [Section]
    /// Rows not matching it are left out (every word of its text, case and accents ignored).
    public var filter: Filter?
    public init(sections: [Section], filter: Filter? = nil) {
        self.sections = sections
        self.filter = filter
    }
}

public struct CardNode: Sendable, Equatable {
    public var image: ImageValue?
    public var title: TextValue
    public var subtitle: TextValue?
    public var action: SceneAction?
    /// The picture's width over height.
    public var imageAspectRatio: Double
    public var focus: Point

    public init(
        title: TextValue, subtitle: TextValue? = nil, image: ImageValue? = nil, action: SceneAction? = nil, imageAspectRatio: Double = 1.5,
        focus: Point = Point(x: 0.5, y: 0.5)
    ) {
        self.image = image
        self.title = title
        self.subtitle = subtitle
        self.action = action
        self.imageAspectRatio = imageAspectRatio
        self.focus = focus
    }
}

/// A text field (`{"type": "textField"}`): what it edits, what keyboard it gets, what Enter does.
public struct TextFieldNode: Sendable, Equatable {
    /// Shown while the field is empty.
    public var placeholder: TextValue
    /// The state value it edits (a name in the config's `state`); nil: it keeps its own text.
    public var state: String?
    public var kind: TextField.Kind
    /// The most characters it takes (nil: 256, `TextFieldNode.defaultMaximumLength`).
    public var maximumLength: Int?
    /// When the on-screen keyboard's Shift comes on by itself (nil: the kind's default).
    public var autocapitalize: TextField.Autocapitalize?
    /// What Enter or the keyboard's submit key does (nil: it only hides the keyboard).
    public var onSubmit: SceneAction?
    /// The submit key's title (nil: "Go" with an `onSubmit`, "Done" without, in the language).
    public var submitLabel: TextValue?

    /// A field takes at most 256 characters unless it says otherwise: a search, a name, an
    /// address or a booking code fits many times over, and a paste through the control socket
    /// cannot grow a state value past what the state dump keeps small.
    public static let defaultMaximumLength = 256

    public init(
        placeholder: TextValue = "", state: String? = nil, kind: TextField.Kind = .text, maximumLength: Int? = nil,
        autocapitalize: TextField.Autocapitalize? = nil, onSubmit: SceneAction? = nil, submitLabel: TextValue? = nil
    ) {
        self.placeholder = placeholder
        self.state = state
        self.kind = kind
        self.maximumLength = maximumLength
        self.autocapitalize = autocapitalize
        self.onSubmit = onSubmit
        self.submitLabel = submitLabel
    }
}
