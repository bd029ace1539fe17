import VitrineCore
import VitrineGraphics
import VitrineScene
import VitrineUI

/// A `list` view in a version 2 file (Docs/config.md, "Views"): sections of rows, written or
/// repeated over a data array, and its `filter`.
extension ConfigReader {
    mutating func list(_ object: ConfigObject) -> ListNode {
        var sections: [ListNode.Section] = []
        let hasSections = object.members.contains { $0.key == "sections" }
        let hasRows = object.members.contains { $0.key == "rows" }
        if hasSections && hasRows {
            self.error(object.path(of: "rows"), "a list has either \"rows\" (one section) or \"sections\", not both")
        }
        if hasRows {
            let (rows, repeating) = self.rowsAndRepeat(object)
            sections = [ListNode.Section(rows: rows, repeating: repeating)]
        } else {
            self.array(object, "sections") { reader, item, path, _ in
                reader.object(item, at: path) { reader, section in
                    var header: TextValue?
                    var footer: TextValue?
                    reader.readText(section, "header", into: &header)
                    reader.readText(section, "footer", into: &footer)
                    let (rows, repeating) = reader.rowsAndRepeat(section)
                    sections.append(ListNode.Section(header: header, footer: footer, rows: rows, repeating: repeating))
                }
            }
            if !hasSections { self.error(object.path(of: "rows"), "missing: a list needs \"rows\" or \"sections\"") }
        }
        var filter: ListNode.Filter?
        if object.members.contains(where: { $0.key == "filter" }) {
            self.object(object.take("filter") ?? .null, at: object.path(of: "filter")) { reader, spec in
                var text: TextValue = ""
                reader.readText(spec, "text", into: &text, required: true)
                var fields: [String] = ["title", "subtitle"]
                reader.read(spec, "fields", into: &fields)
                var chosen: [ListNode.Filter.Field] = []
                for field in fields {
                    if let known = ListNode.Filter.Field(rawValue: field) {
                        chosen.append(known)
                    } else {
                        reader.error(spec.path(of: "fields"), "\(Self.quoted(field)) is not a row's text (title, subtitle, trailing)")
                    }
                }
                filter = ListNode.Filter(text: text, fields: chosen.isEmpty ? [.title, .subtitle] : chosen)
            }
        }
        return ListNode(sections: sections, filter: filter)
    }

    /// A section's `rows`: an array of rows, or `{"repeat": path, "row": template}` for one row per
    /// element of an array in the data.
    mutating func rowsAndRepeat(_ object: ConfigObject) -> ([ListNode.Row], ListNode.Repeat?) {
        if let value = object.members.last(where: { $0.key == "rows" })?.value, case .object = value {
            _ = object.take("rows")
            var repeating: ListNode.Repeat?
            self.object(value, at: object.path(of: "rows")) { reader, spec in
                guard let source = spec.take("repeat"),
                    let path = reader.string(source, at: spec.path(of: "repeat"), expected: "a data path such as menu.coffee")
                else {
                    if !spec.members.contains(where: { $0.key == "repeat" }) {
                        reader.error(spec.path(of: "repeat"), "missing: the data path of the array to repeat a row over")
                    }
                    return
                }
                // A path (menu.items), or an expression giving an array (state.showAll ? menu.items : menu.today).
                let binding: DataBinding
                do {
                    binding = try DataBinding.parse(path)
                } catch {
                    reader.error(spec.path(of: "repeat"), "\(Self.quoted(path)): \(error) (Docs/config.md, \"State and expressions\")")
                    return
                }
                reader.useBinding(binding, at: spec.path(of: "repeat"), kind: .array)
                guard let template = spec.take("row") else {
                    reader.error(spec.path(of: "row"), "missing: the row to repeat ({\"title\": {\"bind\": \"item.name\"}})")
                    return
                }
                let (outer, outerSource) = (reader.inTemplate, reader.templateSource)
                (reader.inTemplate, reader.templateSource) = (true, binding)
                defer { (reader.inTemplate, reader.templateSource) = (outer, outerSource) }
                if let row = reader.row(template, at: spec.path(of: "row")) { repeating = ListNode.Repeat(source: binding, row: row) }
            }
            return ([], repeating)
        }
        var rows: [ListNode.Row] = []
        self.array(object, "rows") { reader, item, path, index in
            guard index < Self.mostChildren else {
                if index == Self.mostChildren { reader.error(path, "more than \(Self.mostChildren) rows in one section") }
                return
            }
            if let row = reader.row(item, at: path) { rows.append(row) }
        }
        return (rows, nil)
    }

    mutating func row(_ item: JSONValue, at path: String) -> ListNode.Row? {
        if case .string(let title) = item { return ListNode.Row(.plain(title)) }
        var result: ListNode.Row?
        self.object(item, at: path) { reader, row in
            var model = ListNode.Row("")
            reader.readText(row, "title", into: &model.title, required: true)
            reader.readText(row, "subtitle", into: &model.subtitle)
            reader.readText(row, "trailing", into: &model.trailing)
            reader.readImage(row, "thumbnail", into: &model.thumbnail)
            if let value = row.take("disclosure") {
                if case .bool(let flag) = value {
                    model.disclosure = flag
                } else {
                    reader.error(row.path(of: "disclosure"), "expected true or false, found \(value.kindName)")
                }
            }
            model.action = reader.readAction(row, "action")
            result = model
        }
        return result
    }
}
