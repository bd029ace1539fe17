import VitrineCore
import VitrineGraphics
import VitrineScene
import VitrineUI

/// A version 2 file's views (Docs/config.md, "Views"): every object has a `type`, optional
/// `width`, `height` and `id`, and the keys of its type.
extension ConfigReader {
    /// The view types a config writes, with the keys each reads (for "did you mean" hints).
    static let viewTypes =
        [
            "vstack", "hstack", "grid", "scroll", "text", "image", "button", "list", "card", "spacer", "divider", "languages", "stepper", "textField",
            "carousel", "toggle", "slider", "segmented"
        ] + ["qrCode", "progress", "spinner"]
    /// Deeper than this, a view tree is a mistake (or an attack): every level costs stack.
    static let deepestViewNesting = 32
    /// Children of one stack or grid, and rows of one list.
    static let mostChildren = 1000

    /// Reads a view at `path`; nil after recording the error.
    mutating func view(_ value: JSONValue, at path: String, depth: Int = 0) -> ViewNode? {
        guard depth < Self.deepestViewNesting else {
            self.error(path, "views nested more than \(Self.deepestViewNesting) deep")
            self.droppedViews += 1
            return nil
        }
        guard case .object(let members) = value else {
            self.error(path, "expected a view (an object with a \"type\"), found \(value.kindName)")
            self.droppedViews += 1
            return nil
        }
        guard let typeValue = members.last(where: { $0.key == "type" })?.value else {
            self.error(path + ".type", "missing: every view needs a type (\(Self.viewTypes.joined(separator: ", ")))")
            self.droppedViews += 1
            return nil
        }
        guard case .string(let type) = typeValue else {
            self.error(path + ".type", "expected a string (\(Self.viewTypes.joined(separator: ", "))), found \(typeValue.kindName)")
            self.droppedViews += 1
            return nil
        }
        if !Self.viewTypes.contains(type) && self.registry.contains(type) {
            return self.customView(type, members: members, at: path)
        }
        var node: ViewNode?
        self.object(value, at: path) { reader, object in
            _ = object.take("type")
            var width = Dimension.auto
            var height = Dimension.auto
            reader.readDimension(object, "width", into: &width)
            reader.readDimension(object, "height", into: &height)
            var id: String?
            reader.read(object, "id", into: &id)
            let visible = reader.condition(object, "visible")
            let appear = reader.appear(object)
            var label: TextValue?
            reader.readText(object, type == "image" ? "description" : "accessibilityLabel", into: &label)
            guard let kind = reader.viewKind(type, object, at: path, depth: depth) else { return }
            node = ViewNode(kind, width: width, height: height, id: id, path: path)
            node?.visible = visible
            node?.appear = appear
            node?.accessibilityLabel = label
        }
        // A view with a mistake inside is kept as far as it was read (its good children, their
        // actions): the checks after reading would otherwise report the screens it leads to as
        // unreachable, a cascade from one typo (issue 29). The file is refused anyway.
        if node == nil { self.droppedViews += 1 }
        return node
    }

    private mutating func viewKind(_ type: String, _ object: ConfigObject, at path: String, depth: Int) -> ViewNode.Kind? {
        switch type {
        case "vstack", "hstack":
            var stack = StackNode(axis: type == "vstack" ? .vertical : .horizontal, alignment: type == "vstack" ? .fill : .center)
            self.read(object, "spacing", into: &stack.spacing, .from(0, to: Self.largestLength))
            self.read(object, "alignment", into: &stack.alignment, noun: "an alignment")
            self.read(object, "distribution", into: &stack.distribution, noun: "a distribution")
            self.readPadding(object, into: &stack.padding)
            stack.children = self.children(object, depth: depth)
            return .stack(stack)
        case "grid":
            var grid = GridNode()
            var columns = 0
            self.read(object, "columns", into: &columns, .wholeNumber(from: 1, to: 24))
            grid.columns = columns > 0 ? columns : nil
            self.read(object, "minimumItemWidth", into: &grid.minimumItemWidth, .above(0, atMost: Self.largestLength))
            self.read(object, "spacing", into: &grid.spacing, .from(0, to: Self.largestLength))
            self.readPadding(object, into: &grid.padding)
            grid.children = self.children(object, depth: depth)
            return .grid(grid)
        case "scroll":
            guard let value = object.take("content") else {
                self.error(object.path(of: "content"), "missing: a scroll view holds one view")
                return nil
            }
            return self.view(value, at: object.path(of: "content"), depth: depth + 1).map { .scroll(ScrollNode(content: $0)) }
        case "text":
            var text = TextNode("")
            self.readText(object, "text", into: &text.text, required: true)
            self.read(object, "style", into: &text.style, noun: "a text style")
            self.readAlignment(object, into: &text.alignment)
            var lines = 0
            self.read(object, "lines", into: &lines, .wholeNumber(from: 1, to: 1000))
            text.lines = lines > 0 ? lines : nil
            self.readColorReference(object, "color", into: &text.color)
            if let value = object.take("measure"), let measure = self.string(value, at: object.path(of: "measure"), expected: "\"readable\" or \"full\"") {
                switch measure {
                case "readable": text.readableMeasure = true
                case "full": text.readableMeasure = false
                default: self.error(object.path(of: "measure"), "\(Self.quoted(measure)) is not a measure (use \"readable\" or \"full\")")
                }
            }
            return .text(text)
        case "image":
            var path: ImageValue?
            self.readImage(object, "image", into: &path)
            guard object.members.contains(where: { $0.key == "image" }) else {
                self.error(object.path(of: "image"), "missing: an image view needs an image (a PNG or JPEG path)")
                return nil
            }
            var image = ImageNode(path ?? .path(""))
            self.read(object, "mode", into: &image.mode, noun: "a scale mode")
            self.readPoint(object, "focus", into: &image.focus)
            self.read(object, "cornerRadius", into: &image.cornerRadius, .from(0, to: Self.largestLength))
            return path == nil ? nil : .image(image)
        case "button":
            var button = ButtonNode("")
            self.readText(object, "title", into: &button.title, required: false)
            self.read(object, "style", into: &button.style, noun: "a button style")
            self.read(object, "icon", into: &button.icon)
            button.action = self.readAction(object, "action")
            button.enabled = self.condition(object, "enabled")
            self.readText(object, "titleWhenSplitSheetShown", into: &button.titleWhenSplitSheetShown)
            var tint: ColorReference? = nil
            var titleColor: ColorReference? = nil
            self.readOptionalColorReference(object, "tint", into: &tint)
            self.readOptionalColorReference(object, "titleColor", into: &titleColor)
            button.tint = tint
            button.titleColor = titleColor
            if object.members.contains(where: { $0.key == "selectedStyle" }) {
                var selected = ButtonStyle.filled
                self.read(object, "selectedStyle", into: &selected, noun: "a button style")
                button.selectedStyle = selected
            }
            if button.title.isEmpty && button.icon == nil {
                self.error(object.path(of: "title"), "a button needs a title, an icon, or both")
            }
            return .button(button)
        case "languages":
            return self.languageSwitcher(object)
        case "stepper":
            return self.stepper(object)
        case "textField":
            return self.textField(object)
        case "carousel":
            return self.carousel(object, depth: depth)
        case "toggle": return self.toggle(object)
        case "slider": return self.slider(object)
        case "segmented": return self.segmented(object)
        case "qrCode": return self.qrCode(object)
        case "progress": return self.progress(object)
        case "spinner": return .spinner
        case "list":
            return .list(self.list(object))
        case "card":
            var card = CardNode(title: "")
            self.readText(object, "title", into: &card.title, required: false)
            self.readText(object, "subtitle", into: &card.subtitle)
            self.readImage(object, "image", into: &card.image)
            card.action = self.readAction(object, "action")
            self.read(object, "imageAspectRatio", into: &card.imageAspectRatio, .from(0.1, to: 10))
            self.readPoint(object, "focus", into: &card.focus)
            return .card(card)
        case "spacer":
            var minLength = 0.0
            self.read(object, "minLength", into: &minLength, .from(0, to: Self.largestLength))
            return .spacer(minLength: minLength)
        case "divider":
            return .divider
        default:
            // Its other keys mean nothing without a type: not reported as unknown too.
            for member in object.members { _ = object.take(member.key) }
            let known = Self.viewTypes + self.registry.types
            self.error(
                object.path(of: "type"),
                "\(Self.quoted(type)) is not a view type (\(known.joined(separator: ", ")))" + Misspelling.hint(for: type, among: known))
            return nil
        }
    }

    private mutating func children(_ object: ConfigObject, depth: Int) -> [ViewNode] {
        var children: [ViewNode] = []
        let count = self.array(object, "children") { reader, item, path, index in
            guard index < Self.mostChildren else {
                if index == Self.mostChildren { reader.error(path, "more than \(Self.mostChildren) children") }
                return
            }
            if let child = reader.view(item, at: path, depth: depth + 1) { children.append(child) }
        }
        if count == nil, !object.members.contains(where: { $0.key == "children" }) {
            self.warning(object.path(of: "children"), "missing: the \(object.members.last { $0.key == "type" }?.value.stringValue ?? "stack") is empty")
        }
        return children
    }

    /// A registered custom view: its properties are every key but `type`, `width`, `height`
    /// and `id`; the registration's validator checks them.
    private mutating func customView(_ type: String, members: [(key: String, value: JSONValue)], at path: String) -> ViewNode? {
        var node: ViewNode?
        self.object(.object(members), at: path) { reader, object in
            var width = Dimension.auto
            var height = Dimension.auto
            var id: String?
            _ = object.take("type")
            reader.readDimension(object, "width", into: &width)
            reader.readDimension(object, "height", into: &height)
            reader.read(object, "id", into: &id)
            let visible = reader.condition(object, "visible")
            let properties = JSONValue.object(members.filter { !["type", "width", "height", "id", "visible"].contains($0.key) })
            for member in members { _ = object.take(member.key) }
            for problem in reader.registry.problems(type: type, properties: properties) { reader.error(path, problem) }
            node = ViewNode(.custom(type: type, properties: properties), width: width, height: height, id: id, path: path)
            node?.visible = visible
        }
        return node
    }

    // MARK: - Values

    /// `120` points, `"fill"`, `"auto"` or `"40%"`.
    mutating func readDimension(_ parent: ConfigObject, _ key: String, into target: inout Dimension) {
        guard let value = parent.take(key) else { return }
        let path = parent.path(of: key)
        let form = "a number of points, \"fill\", \"auto\" or a percentage such as \"50%\""
        switch value {
        case .number:
            if let points = self.number(value, at: path, .from(0, to: Self.largestLength)) { target = .points(points) }
        case .string(let text):
            if text == "fill" {
                target = .fill
            } else if text == "auto" {
                target = .auto
            } else if text.hasSuffix("%"), let percent = Double(text.dropLast()), percent >= 0, percent <= 100 {
                target = .fraction(percent / 100)
            } else {
                self.error(path, "\(Self.quoted(text)) is not a size (use \(form))")
            }
        default:
            self.error(path, "expected \(form), found \(value.kindName)")
        }
    }

    /// `16` on every side, or `{"top": 8, "horizontal": 24}` (`horizontal`/`vertical` set two
    /// sides; `top`, `left`, `bottom`, `right` one).
    mutating func readPadding(_ parent: ConfigObject, into target: inout EdgeInsets) {
        guard let value = parent.take("padding") else { return }
        let path = parent.path(of: "padding")
        let bounds = NumberBounds.from(0, to: Self.largestLength)
        if case .number = value {
            if let all = self.number(value, at: path, bounds) { target = EdgeInsets(all: all) }
            return
        }
        guard case .object = value else {
            self.error(path, "expected a number or an object such as {\"horizontal\": 24, \"vertical\": 16}, found \(value.kindName)")
            return
        }
        var insets = EdgeInsets.zero
        self.object(value, at: path) { reader, object in
            var horizontal = 0.0
            var vertical = 0.0
            reader.read(object, "horizontal", into: &horizontal, bounds)
            reader.read(object, "vertical", into: &vertical, bounds)
            insets = EdgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
            reader.read(object, "top", into: &insets.top, bounds)
            reader.read(object, "left", into: &insets.left, bounds)
            reader.read(object, "bottom", into: &insets.bottom, bounds)
            reader.read(object, "right", into: &insets.right, bounds)
        }
        target = insets
    }

    /// `[x, y]`, each 0…1.
    mutating func readPoint(_ parent: ConfigObject, _ key: String, into target: inout Point) {
        guard let value = parent.take(key) else { return }
        let path = parent.path(of: key)
        guard case .array(let items) = value, items.count == 2, case .number(let x) = items[0], case .number(let y) = items[1],
            (0...1).contains(x), (0...1).contains(y)
        else {
            self.error(path, "expected [x, y] with each from 0 to 1 (the point kept in view: [0.5, 0.5] is the centre), found \(QuotedValue.json(value))")
            return
        }
        target = Point(x: x, y: y)
    }

    /// `"natural"`, `"left"`, `"center"` or `"right"`.
    private mutating func readAlignment(_ parent: ConfigObject, into target: inout TextAlignment) {
        guard let value = parent.take("align") else { return }
        let names: [String: TextAlignment] = ["natural": .natural, "left": .left, "center": .center, "right": .right]
        let path = parent.path(of: "align")
        guard let text = self.string(value, at: path, expected: "a string (natural, left, center, right)") else { return }
        guard let alignment = names[text] else {
            self.error(path, "\(Self.quoted(text)) is not an alignment (natural, left, center, right)" + Misspelling.hint(for: text, among: Array(names.keys)))
            return
        }
        target = alignment
    }

    /// A theme colour's name (`secondaryLabel`) or `#RRGGBB[AA]`.
    mutating func readColorReference(_ parent: ConfigObject, _ key: String, into target: inout ColorReference) {
        var optional: ColorReference? = target
        self.readOptionalColorReference(parent, key, into: &optional)
        if let optional { target = optional }
    }

    mutating func readOptionalColorReference(_ parent: ConfigObject, _ key: String, into target: inout ColorReference?) {
        guard let value = parent.take(key) else { return }
        let path = parent.path(of: key)
        let names = ThemeColor.allCases.map(\.rawValue)
        guard let text = self.string(value, at: path, expected: "a colour (#RRGGBB) or a theme colour's name") else { return }
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let colour = Color(hex: text) else {
                self.error(path, "\(Self.quoted(text)) is not a colour (use #RRGGBB or #RRGGBBAA)")
                return
            }
            target = .fixed(colour)
        } else if let name = ThemeColor(rawValue: text) {
            target = .theme(name)
        } else {
            self.error(
                path,
                "\(Self.quoted(text)) is not a colour (#RRGGBB, or one of the theme's: \(names.joined(separator: ", ")))"
                    + Misspelling.hint(for: text, among: names))
        }
    }

}
