/// A button in a navigation bar: a title, an optional icon (`Icon` name), and what it does.
public struct BarButtonItem {
    public var title: String
    public var icon: String?
    public var action: () -> Void

    public init(title: String, icon: String? = nil, action: @escaping () -> Void) {
        self.title = title
        self.icon = icon
        self.action = action
    }
}

/// What a navigation bar shows: a title and optional left and right items.
public struct NavigationItem {
    public var title: String
    public var leftItem: BarButtonItem?
    public var rightItem: BarButtonItem?

    public init(title: String, leftItem: BarButtonItem? = nil, rightItem: BarButtonItem? = nil) {
        self.title = title
        self.leftItem = leftItem
        self.rightItem = rightItem
    }
}
