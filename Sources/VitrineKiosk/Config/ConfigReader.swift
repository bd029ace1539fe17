import Glibc
import VitrineCore
import VitrineGraphics
import VitrineRuntime
import VitrineScene
import VitrineSystem

/// The members of one JSON object of a config, and which of them the schema has read: what is
/// left over at the end is an unknown key.
final class ConfigObject {
    /// The object's JSON path (empty for the document).
    let path: String
    let members: [(key: String, value: JSONValue)]
    private(set) var readKeys: Set<String> = []
    /// Each key's last member, found once: `take` is then constant time, so an object of
    /// 100,000 members is read in linear time (a scan per key made 32,000 screens take 11 s).
    private let lastIndex: [String: Int]

    init(path: String, members: [(key: String, value: JSONValue)]) {
        self.path = path
        self.members = members
        var lastIndex: [String: Int] = [:]
        lastIndex.reserveCapacity(members.count)
        for (index, member) in members.enumerated() { lastIndex[member.key] = index }
        self.lastIndex = lastIndex
    }

    /// The JSON path of the member `key`.
    func path(of key: String) -> String {
        self.path.isEmpty ? key : self.path + "." + key
    }

    /// The member's value (the last one when repeated), marking `key` as part of the schema;
    /// nil when absent.
    func take(_ key: String) -> JSONValue? {
        self.readKeys.insert(key)
        return self.lastIndex[key].map { self.members[$0].value }
    }
}

/// Bounds a number in a config must respect, and how a message says so.
struct NumberBounds: Sendable {
    var lower: Double
    var lowerIncluded: Bool
    var upper: Double?
    var wholeNumber = false

    static func atLeast(_ lower: Double) -> NumberBounds { NumberBounds(lower: lower, lowerIncluded: true, upper: nil) }
    static func above(_ lower: Double, atMost upper: Double? = nil) -> NumberBounds { NumberBounds(lower: lower, lowerIncluded: false, upper: upper) }
    static func from(_ lower: Double, to upper: Double) -> NumberBounds { NumberBounds(lower: lower, lowerIncluded: true, upper: upper) }
    static func wholeNumber(from lower: Int, to upper: Int) -> NumberBounds {
        NumberBounds(lower: Double(lower), lowerIncluded: true, upper: Double(upper), wholeNumber: true)
    }

    func contains(_ value: Double) -> Bool {
        (self.lowerIncluded ? value >= self.lower : value > self.lower) && value <= (self.upper ?? .infinity)
            && (!self.wholeNumber || value == value.rounded())
    }

    /// "a number from 0 to 1", "a number above 0", "a whole number from 1 to 3".
    var description: String {
        let noun = self.wholeNumber ? "a whole number" : "a number"
        let lower = JSONValue.number(self.lower).serialized()
        switch (self.lowerIncluded, self.upper) {
        case (_, .some(let upper)) where self.lowerIncluded: return "\(noun) from \(lower) to \(JSONValue.number(upper).serialized())"
        case (_, .some(let upper)): return "\(noun) above \(lower) and at most \(JSONValue.number(upper).serialized())"
        case (true, nil): return "\(noun) of at least \(lower)"
        case (false, nil): return "\(noun) above \(lower)"
        }
    }
}

/// Walks a config's JSON against the schema, collecting every error and warning instead of
/// stopping at the first, so one run of `vitrine check-config` lists them all.
///
/// Each `read…` method leaves its target untouched when the key is absent (the default stays)
/// and when the value is wrong (an error is recorded), so the rest is still checked.
struct ConfigReader {
    /// Relative image paths are resolved against this folder.
    let baseDirectory: String
    /// Custom view types a version 2 file may place (`"type": "clock"`).
    var registry = ViewRegistry()
    private(set) var errors: [ConfigIssue] = []
    private(set) var warnings: [ConfigIssue] = []
    /// Images already checked, by resolved path (`ConfigReader+Images`).
    var checkedImages: [String: ImageCheck] = [:]
    /// The screen check-config assumes images cover: `display.mode` when the file sets one,
    /// else `display.headlessSize`, else `assumedScreen`.
    var screenSize: PixelSize?
    /// The languages the file declares (`languages`): translated texts must use these.
    var languages: [String] = []
    /// Every binding to the data met, to check against the data's samples at the end.
    var bindings: [BindingUse] = []
    /// The file's `state` with its defaults (an object), read before the screens so actions can
    /// be checked against it; nil without one.
    var stateDefaults: JSONValue?
    /// Inside a list's row template, where `item.` paths read the repeated element.
    var inTemplate = false
    /// The keys the file's `theme` gave, for the contrast warnings' field names.
    var themeFields: Set<String> = []
    /// The contrast warnings among `warnings` (`checkContrast`), which the accessibility audit
    /// lists again in its report.
    var contrastWarnings: [ConfigIssue] = []
    /// The array the row template being read repeats over.
    var templateSource: DataBinding?
    /// Views left out for a mistake (a misspelt type): their actions are gone with them, so
    /// which screens are reachable is not judged (`checkReferences`).
    var droppedViews = 0
    /// How many cores check the image files (`prefetchImages`): two where there are two.
    var imageThreads = ConfigReader.availableImageThreads

    /// Two when the machine has two cores or more online, else one.
    static var availableImageThreads: Int { sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2 ? 2 : 1 }

    init(baseDirectory: String) {
        self.baseDirectory = baseDirectory
    }

    mutating func error(_ path: String, _ message: String) {
        self.errors.append(ConfigIssue(.field(path), message))
    }

    mutating func warning(_ path: String, _ message: String) {
        self.warnings.append(ConfigIssue(.field(path), message))
    }

    // MARK: - Objects and arrays

    /// Reads `value` as an object at `path`, lets `body` read its members, then warns about the
    /// members it did not read (with the closest known key) and about repeated keys. Members
    /// whose key starts with `//` are comments and are skipped.
    mutating func object(_ value: JSONValue, at path: String, _ body: (inout ConfigReader, ConfigObject) -> Void) {
        guard case .object(let members) = value else {
            self.error(path, "expected an object, found \(value.kindName)")
            return
        }
        let object = ConfigObject(path: path, members: members)
        body(&self, object)
        var seen: Set<String> = []
        for member in members where !member.key.hasPrefix("//") && !seen.contains(member.key) {
            seen.insert(member.key)
            let field = object.path(of: member.key)
            guard object.readKeys.contains(member.key) else {
                let known = object.readKeys.sorted()
                self.warning(field, "unknown key, ignored" + Misspelling.hint(for: member.key, among: known))
                continue
            }
            let count = members.count { $0.key == member.key }
            if count > 1 { self.warning(field, "appears \(count) times; the last one is used") }
        }
    }

    /// The member `key` of `parent` read as an object (when present).
    /// `null` is none, as the docs allow for every optional section (`"left": null`).
    mutating func section(_ parent: ConfigObject, _ key: String, _ body: (inout ConfigReader, ConfigObject) -> Void) {
        guard let value = parent.take(key), value != .null else { return }
        self.object(value, at: parent.path(of: key), body)
    }

    /// The member `key` read as an array: `element` gets each item with its path and index.
    /// Returns nil when absent or not an array (after recording the error).
    @discardableResult
    mutating func array(_ parent: ConfigObject, _ key: String, _ element: (inout ConfigReader, JSONValue, String, Int) -> Void) -> Int? {
        guard let value = parent.take(key) else { return nil }
        let path = parent.path(of: key)
        guard case .array(let items) = value else {
            self.error(path, "expected an array, found \(value.kindName)")
            return nil
        }
        for (index, item) in items.enumerated() {
            element(&self, item, "\(path)[\(index)]", index)
        }
        return items.count
    }

    // MARK: - Scalars

    /// A string; `allowEmpty: false` rejects "" (for names and paths).
    mutating func read(_ parent: ConfigObject, _ key: String, into target: inout String, allowEmpty: Bool = true) {
        guard let value = parent.take(key), let text = self.string(value, at: parent.path(of: key)) else { return }
        guard allowEmpty || !text.isEmpty else {
            self.error(parent.path(of: key), "must not be empty (leave it out for the default)")
            return
        }
        target = text
    }

    /// A string or null (nil: the default behaviour). "" is refused: it looks like a value but
    /// means nothing.
    mutating func read(_ parent: ConfigObject, _ key: String, into target: inout String?) {
        guard let value = parent.take(key) else { return }
        if case .null = value {
            target = nil
            return
        }
        guard let text = self.string(value, at: parent.path(of: key)) else { return }
        guard !text.isEmpty else {
            self.error(parent.path(of: key), "must not be empty (use null, or leave it out, for none)")
            return
        }
        target = text
    }

    mutating func read(_ parent: ConfigObject, _ key: String, into target: inout Bool) {
        guard let value = parent.take(key) else { return }
        guard case .bool(let flag) = value else {
            self.error(parent.path(of: key), "expected true or false, found \(value.kindName)")
            return
        }
        target = flag
    }

    mutating func read(_ parent: ConfigObject, _ key: String, into target: inout Double, _ bounds: NumberBounds) {
        guard let value = parent.take(key), let number = self.number(value, at: parent.path(of: key), bounds) else { return }
        target = number
    }

    /// A number or null (nil: the default behaviour).
    mutating func read(_ parent: ConfigObject, _ key: String, into target: inout Double?, _ bounds: NumberBounds) {
        guard let value = parent.take(key) else { return }
        if case .null = value {
            target = nil
            return
        }
        guard let number = self.number(value, at: parent.path(of: key), bounds) else { return }
        target = number
    }

    mutating func read(_ parent: ConfigObject, _ key: String, into target: inout Int, _ bounds: NumberBounds) {
        guard let value = parent.take(key), let number = self.number(value, at: parent.path(of: key), bounds) else { return }
        target = Int(number)
    }

    /// A colour written `#RRGGBB` or `#RRGGBBAA`.
    mutating func read(_ parent: ConfigObject, _ key: String, into target: inout Color) {
        guard let value = parent.take(key) else { return }
        let path = parent.path(of: key)
        guard let text = self.string(value, at: path, expected: "a colour string such as \"#0A84FF\"") else { return }
        let digits = text.dropFirst()
        guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let colour = Color(hex: text) else {
            self.error(path, "\(Self.quoted(text)) is not a colour (use #RRGGBB or #RRGGBBAA)")
            return
        }
        target = colour
    }

    /// One of an enumeration's raw values; `noun` names what it is ("an action").
    mutating func read<Choice: RawRepresentable & CaseIterable>(_ parent: ConfigObject, _ key: String, into target: inout Choice, noun: String)
    where Choice.RawValue == String {
        guard let value = parent.take(key), let choice: Choice = self.choice(value, at: parent.path(of: key), noun: noun) else { return }
        target = choice
    }

    /// An array of strings.
    mutating func read(_ parent: ConfigObject, _ key: String, into target: inout [String]) {
        var strings: [String] = []
        var valid = true
        let count = self.array(parent, key) { reader, item, path, _ in
            if let text = reader.string(item, at: path) { strings.append(text) } else { valid = false }
        }
        if count != nil, valid { target = strings }
    }

    // MARK: - Values

    mutating func string(_ value: JSONValue, at path: String, expected: String = "a string") -> String? {
        guard case .string(let text) = value else {
            self.error(path, "expected \(expected), found \(value.kindName)")
            return nil
        }
        return text
    }

    mutating func number(_ value: JSONValue, at path: String, _ bounds: NumberBounds) -> Double? {
        guard case .number(let number) = value else {
            self.error(path, "expected \(bounds.wholeNumber ? "a whole number" : "a number"), found \(value.kindName)")
            return nil
        }
        guard bounds.contains(number) else {
            self.error(path, "expected \(bounds.description), found \(QuotedValue.json(value))")
            return nil
        }
        return number
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: String, noun: String) -> Choice?
    where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        guard let text = self.string(value, at: path, expected: "a string (\(names.joined(separator: ", ")))") else { return nil }
        guard let choice = Choice(rawValue: text) else {
            self.error(path, "\(Self.quoted(text)) is not \(noun) (\(names.joined(separator: ", ")))" + Misspelling.hint(for: text, among: names))
            return nil
        }
        return choice
    }

    /// `"text"` with JSON escapes, as messages quote values; a long one cut short
    /// (`QuotedValue`, 80 characters).
    static func quoted(_ text: String) -> String {
        QuotedValue.quoted(text)
    }
}
