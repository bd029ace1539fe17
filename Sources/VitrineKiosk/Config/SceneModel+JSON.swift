import VitrineCore
import VitrineGraphics
import VitrineScene
import VitrineUI

/// The scene model written as a version 2 config: what `ConfigReader` reads back to an equal
/// model (the paths in it come from where things are in the document, so they match too).
extension OnboardingModel {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("pages", .array(self.pages.map(JSONValue.string)))]
        if let completed = self.completed { members.append(("completed", .string(completed))) }
        if let progress = self.progress { members.append(("progress", .array(progress.map(JSONValue.number)))) }
        members.append(("pageIndicator", .bool(self.showsPageIndicator)))
        members.append(("progressBar", .bool(self.showsProgressBar)))
        return .object(members)
    }
}

extension ScreenModel {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("title", self.title.json)]
        if let item = self.leftItem { members.append(("left", item.json)) }
        if let item = self.rightItem { members.append(("right", item.json)) }
        members.append(("bar", .string(self.bar.rawValue)))
        if !self.swipeBack { members.append(("swipeBack", .bool(false))) }
        switch self.background {
        case .theme: members.append(("background", .string("theme")))
        case .color(let color): members.append(("background", color.json))
        case .image(let path, let focus, let color):
            members.append(("background", .object([("image", .string(path)), ("focus", focus.json), ("color", color.json)])))
        }
        members.append(("content", self.content.json))
        if let sheet = self.splitSheet {
            members.append(
                (
                    "splitSheet",
                    .object([
                        ("screen", .string(sheet.screen)), ("displaceContent", .bool(sheet.displaceContent)), ("showHandle", .bool(sheet.showHandle)),
                        ("minimumSheetHeight", .number(sheet.minimumSheetHeight)), ("snappingDistance", .number(sheet.snappingDistance)),
                        ("animationDuration", .number(sheet.animationDuration)), ("swipeUpToShowAllowed", .bool(sheet.swipeUpToShowAllowed)),
                        ("shown", .bool(sheet.initiallyShown))
                    ])
                ))
        }
        return .object(members)
    }
}

extension ScreenModel.BarItem {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("title", self.title.json)]
        if let icon = self.icon { members.append(("icon", .string(icon))) }
        members.append(("action", self.action.json))
        return .object(members)
    }
}

extension TextValue {
    var json: JSONValue {
        switch self {
        case .plain(let text): .string(text)
        case .translated(let translations): .object(translations.map { ($0.language, JSONValue.string($0.text)) })
        case .bound(let binding): binding.json
        }
    }
}

extension ImageValue {
    var json: JSONValue {
        switch self {
        case .path(let path): .string(path)
        case .bound(let binding): binding.json
        }
    }
}

extension DataBinding {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("bind", .string(self.path))]
        if let format = self.format { members.append(("format", .string(format))) }
        return .object(members)
    }
}

extension Point {
    var json: JSONValue { .array([.number(self.x), .number(self.y)]) }
}

extension Dimension {
    var json: JSONValue {
        switch self {
        case .auto: .string("auto")
        case .points(let value): .number(value)
        case .fill: .string("fill")
        case .fraction(let fraction): .string(JSONValue.number(fraction * 100).serialized(exactNumbers: true) + "%")
        }
    }
}

extension ColorReference {
    var json: JSONValue {
        switch self {
        case .theme(let name): .string(name.rawValue)
        case .fixed(let color): color.json
        }
    }
}

extension EdgeInsets {
    var json: JSONValue {
        .object([("top", .number(self.top)), ("left", .number(self.left)), ("bottom", .number(self.bottom)), ("right", .number(self.right))])
    }
}

extension TextAlignment {
    var configName: String {
        switch self {
        case .natural: "natural"
        case .left: "left"
        case .center: "center"
        case .right: "right"
        }
    }
}

extension ViewNode {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)]
        switch self.kind {
        case .stack(let stack):
            members = [
                ("type", .string(stack.axis == .vertical ? "vstack" : "hstack")), ("spacing", .number(stack.spacing)),
                ("alignment", .string(stack.alignment.rawValue)), ("distribution", .string(stack.distribution.rawValue)), ("padding", stack.padding.json),
                ("children", .array(stack.children.map(\.json)))
            ]
        case .grid(let grid):
            members = [("type", .string("grid"))]
            if let columns = grid.columns { members.append(("columns", .number(Double(columns)))) }
            members += [
                ("minimumItemWidth", .number(grid.minimumItemWidth)), ("spacing", .number(grid.spacing)), ("padding", grid.padding.json),
                ("children", .array(grid.children.map(\.json)))
            ]
        case .scroll(let scroll):
            members = [("type", .string("scroll")), ("content", scroll.content.json)]
        case .text(let text):
            members = [
                ("type", .string("text")), ("text", text.text.json), ("style", .string(text.style.rawValue)), ("align", .string(text.alignment.configName))
            ]
            if let lines = text.lines { members.append(("lines", .number(Double(lines)))) }
            members.append(("color", text.color.json))
            if !text.readableMeasure { members.append(("measure", .string("full"))) }
        case .image(let image):
            members = [
                ("type", .string("image")), ("image", image.path.json), ("mode", .string(image.mode.rawValue)), ("focus", image.focus.json),
                ("cornerRadius", .number(image.cornerRadius))
            ]
        case .button(let button):
            members = [("type", .string("button")), ("title", button.title.json), ("style", .string(button.style.rawValue))]
            if let icon = button.icon { members.append(("icon", .string(icon))) }
            if let action = button.action { members.append(("action", action.json)) }
            if let enabled = button.enabled { members.append(("enabled", .object([("bind", .string(enabled.path))]))) }
            if let shown = button.titleWhenSplitSheetShown { members.append(("titleWhenSplitSheetShown", shown.json)) }
            if let tint = button.tint { members.append(("tint", tint.json)) }
            if let color = button.titleColor { members.append(("titleColor", color.json)) }
            if let selected = button.selectedStyle { members.append(("selectedStyle", .string(selected.rawValue))) }
        case .list(let list):
            members = [
                ("type", .string("list")),
                (
                    "sections",
                    .array(
                        list.sections.map { section in
                            var s: [(key: String, value: JSONValue)] = []
                            if let header = section.header { s.append(("header", header.json)) }
                            if let footer = section.footer { s.append(("footer", footer.json)) }
                            s.append(
                                (
                                    "rows",
                                    .array(
                                        section.rows.map { row in
                                            var r: [(key: String, value: JSONValue)] = [("title", row.title.json)]
                                            if let value = row.subtitle { r.append(("subtitle", value.json)) }
                                            if let value = row.trailing { r.append(("trailing", value.json)) }
                                            if let value = row.thumbnail { r.append(("thumbnail", value.json)) }
                                            if let value = row.disclosure { r.append(("disclosure", .bool(value))) }
                                            if let action = row.action { r.append(("action", action.json)) }
                                            return .object(r)
                                        })
                                ))
                            return .object(s)
                        })
                )
            ]
            if let filter = list.filter {
                members.append(("filter", .object([("text", filter.text.json), ("fields", .array(filter.fields.map { .string($0.rawValue) }))])))
            }
        case .card(let card):
            members = [("type", .string("card")), ("title", card.title.json)]
            if let subtitle = card.subtitle { members.append(("subtitle", subtitle.json)) }
            if let image = card.image { members.append(("image", image.json)) }
            if let action = card.action { members.append(("action", action.json)) }
            members += [("imageAspectRatio", .number(card.imageAspectRatio)), ("focus", card.focus.json)]
        case .spacer(let minLength):
            members = [("type", .string("spacer")), ("minLength", .number(minLength))]
        case .divider:
            members = [("type", .string("divider"))]
        case .textField(let field):
            members = [("type", .string("textField")), ("placeholder", field.placeholder.json), ("keyboard", .string(field.kind.rawValue))]
            if let state = field.state { members.append(("state", .string(state))) }
            if let length = field.maximumLength { members.append(("maxLength", .number(Double(length)))) }
            if let autocapitalize = field.autocapitalize { members.append(("autocapitalize", .string(autocapitalize.rawValue))) }
            if let action = field.onSubmit { members.append(("onSubmit", action.json)) }
            if let label = field.submitLabel { members.append(("submitLabel", label.json)) }
        case .carousel(let carousel):
            members = [("type", .string("carousel")), ("pages", .array(carousel.pages.map(\.json))), ("loop", .bool(carousel.loops))]
            if let interval = carousel.interval { members.append(("interval", .number(interval))) }
        case .toggle(let toggle):
            members = [("type", .string("toggle")), ("title", toggle.title.json), ("bind", .string("state." + toggle.state))]
        case .slider(let slider):
            members = [
                ("type", .string("slider")), ("bind", .string("state." + slider.state)), ("min", .number(slider.minimum)), ("max", .number(slider.maximum)),
                ("step", .number(slider.step))
            ]
        case .segmented(let segmented):
            let options = segmented.options.map { JSONValue.object([("value", $0.value), ("title", $0.title.json)]) }
            members = [("type", .string("segmented")), ("bind", .string("state." + segmented.state)), ("options", .array(options))]
        case .qrCode(let model): members = model.jsonMembers
        case .progress(let model): members = model.jsonMembers
        case .spinner: members = [("type", .string("spinner"))]
        case .custom(let type, let properties):
            members = [("type", .string(type))]
            if case .object(let extra) = properties { members += extra }
        }
        if self.width != .auto { members.append(("width", self.width.json)) }
        if self.height != .auto { members.append(("height", self.height.json)) }
        if let id = self.id { members.append(("id", .string(id))) }
        if let visible = self.visible { members.append(("visible", .object([("bind", .string(visible.path))]))) }
        if let appear = self.appear {
            members.append(("appear", .object([("from", .string(appear.from.rawValue)), ("delay", .number(appear.delay))])))
        }
        if let label = self.accessibilityLabel {
            if case .image = self.kind { members.append(("description", label.json)) } else { members.append(("accessibilityLabel", label.json)) }
        }
        return .object(members)
    }
}
