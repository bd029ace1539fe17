import VitrineCore
import VitrineGraphics
import VitrineScene

/// What a binding reads, for checking it against the data's sample.
enum BindingKind: Equatable {
    /// Text: a string, a number or true/false.
    case text
    /// An image: a path string.
    case image
    /// A list's rows: an array.
    case array
    /// A state value set from it, or an emitted payload's value: anything.
    case any
}

/// One binding met in the file: where, and what it must find.
struct BindingUse {
    var binding: DataBinding
    var path: String
    var kind: BindingKind
    /// In a row template: `item.` paths read the repeated element.
    var inTemplate: Bool
    /// The repeat that template belongs to (for `item.` paths).
    var repeatSource: DataBinding?
}

/// Texts and images a visitor sees (Docs/config.md, "Texts, languages and data"): a string, an
/// object of translations by language (`{"en": "Hours", "de": "Öffnungszeiten"}`), or a binding
/// to the data (`{"bind": "menu.coffee.price", "format": "€ {}"}`).
extension ConfigReader {
    /// The longest text a field takes: a paragraph, not a document.
    static let longestText = 10_000

    /// A text at `key` (`required`: it must be there).
    mutating func readText(_ parent: ConfigObject, _ key: String, into target: inout TextValue, required: Bool) {
        guard let value = parent.take(key) else {
            if required { self.error(parent.path(of: key), "missing") }
            return
        }
        if let text = self.text(value, at: parent.path(of: key)) { target = text }
    }

    /// An optional text at `key` (`null` for none).
    mutating func readText(_ parent: ConfigObject, _ key: String, into target: inout TextValue?) {
        guard let value = parent.take(key) else { return }
        if case .null = value {
            target = nil
            return
        }
        if let text = self.text(value, at: parent.path(of: key)) { target = text }
    }

    mutating func text(_ value: JSONValue, at path: String) -> TextValue? {
        switch value {
        case .string(let text):
            guard text.utf8.count <= Self.longestText else {
                self.error(path, "is \(text.utf8.count) bytes long; a text is at most \(Self.longestText)")
                return nil
            }
            return .plain(text)
        case .object(let members):
            if members.contains(where: { $0.key == "bind" }) {
                return self.binding(value, at: path, kind: .text).map(TextValue.bound)
            }
            return self.translations(members, at: path)
        default:
            self.error(
                path,
                "expected a text: a string, translations ({\"en\": …, \"de\": …}) or a binding ({\"bind\": \"menu.coffee.price\"}), found \(value.kindName)")
            return nil
        }
    }

    private mutating func translations(_ members: [(key: String, value: JSONValue)], at path: String) -> TextValue? {
        guard !members.isEmpty else {
            self.error(path, "an empty object: give the text, its translations by language, or {\"bind\": …}")
            return nil
        }
        guard !self.languages.isEmpty else {
            self.error(
                path,
                "translations need the kiosk's languages: add \"languages\": [\(members.map { JSONValue.string($0.key).serialized() }.joined(separator: ", "))] at the top"
            )
            return nil
        }
        var translations: [TextValue.Translation] = []
        for member in members where !member.key.hasPrefix("//") {
            let field = path + "." + member.key
            guard self.languages.contains(member.key) else {
                self.error(
                    field,
                    "\(Self.quoted(member.key)) is not one of the kiosk's languages (\(self.languages.joined(separator: ", ")))"
                        + Misspelling.hint(for: member.key, among: self.languages))
                continue
            }
            guard case .string(let text) = member.value else {
                self.error(field, "expected a string, found \(member.value.kindName)")
                continue
            }
            translations.append(TextValue.Translation(member.key, text))
        }
        let given = Set(translations.map(\.language))
        let fallback = self.languages.first ?? ""
        for language in self.languages where !given.contains(language) {
            self.warning(path, "no \(language) text: shown in \(given.contains(fallback) ? fallback : translations.first?.language ?? fallback) instead")
        }
        return translations.isEmpty ? nil : .translated(translations)
    }

    /// `{"bind": "menu.coffee.price", "format": "€ {}"}`.
    mutating func binding(_ value: JSONValue, at path: String, kind: BindingKind) -> DataBinding? {
        var result: DataBinding?
        self.object(value, at: path) { reader, object in
            guard let source = object.take("bind"),
                let bindPath = reader.string(source, at: object.path(of: "bind"), expected: "a data path such as menu.coffee.price")
            else { return }
            var format: String?
            reader.read(object, "format", into: &format)
            if let format, !format.contains("{}") {
                reader.warning(object.path(of: "format"), "has no {} for the value; the value is not shown")
            }
            let binding: DataBinding
            do {
                binding = try DataBinding.parse(bindPath, format: format)
            } catch {
                reader.error(object.path(of: "bind"), "\(Self.quoted(bindPath)): \(error) (Docs/config.md, \"State and expressions\")")
                return
            }
            reader.useBinding(binding, at: object.path(of: "bind"), kind: kind)
            result = binding
        }
        return result
    }

    /// Records a binding to check at the end; checks what can be checked now (the path's form).
    mutating func useBinding(_ binding: DataBinding, at path: String, kind: BindingKind) {
        if let expression = binding.expression {
            if expression.roots.contains(DataStore.itemRoot) && !self.inTemplate {
                self.error(path, "\(Self.quoted(binding.path)): item reads a repeated row's element, and this is not in a row template")
                return
            }
            self.bindings.append(
                BindingUse(binding: binding, path: path, kind: kind, inTemplate: self.inTemplate, repeatSource: self.inTemplate ? self.templateSource : nil))
            return
        }
        let parts = binding.components
        guard let first = parts.first, !first.isEmpty, !parts.contains(where: \.isEmpty) else {
            self.error(path, "\(Self.quoted(binding.path)) is not a data path (source.key.key, e.g. menu.coffee.price)")
            return
        }
        if first == DataStore.itemRoot && !self.inTemplate {
            self.error(path, "\(Self.quoted(binding.path)): item. paths read a repeated row's element, and this is not in a row template")
            return
        }
        self.bindings.append(
            BindingUse(binding: binding, path: path, kind: kind, inTemplate: self.inTemplate, repeatSource: self.inTemplate ? self.templateSource : nil))
    }

    /// An image: a path (checked as `readImage` checks it), or a binding to a path in the data.
    mutating func readImage(_ parent: ConfigObject, _ key: String, into target: inout ImageValue?) {
        guard let value = parent.members.last(where: { $0.key == key })?.value else { return }
        if case .object = value {
            _ = parent.take(key)
            target = self.binding(value, at: parent.path(of: key), kind: .image).map(ImageValue.bound)
            return
        }
        var path = target?.written
        let errorsBefore = self.errors.count
        self.readImagePath(parent, key, into: &path)
        if self.errors.count == errorsBefore { target = path.map(ImageValue.path) }
    }
}
