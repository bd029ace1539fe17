/// The text of a field and where its caret is, with the edits a visitor can make: insert at the
/// caret, delete before or after it, move it. No selection (issue 32: selection-free editing).
///
/// The caret is an index in characters (extended grapheme clusters), so a backspace removes
/// "é" whether it was typed as one scalar or as "e" and a combining acute, and a caret never
/// lands inside a cluster.
public struct TextEditing: Equatable, Sendable {
    public private(set) var text: String
    /// 0 … `text.count`: the characters before the caret.
    public private(set) var caret: Int
    /// The most characters the field holds (nil: no limit); an insert is cut to fit.
    public var maximumLength: Int?

    public init(text: String = "", maximumLength: Int? = nil) {
        let fitted = maximumLength.map { String(text.prefix(max(0, $0))) } ?? text
        self.text = fitted
        self.caret = fitted.count
        self.maximumLength = maximumLength
    }

    /// Replaces the whole text (a state value changed, a field was cleared); the caret goes to
    /// the end. Returns whether anything was cut to `maximumLength`.
    @discardableResult
    public mutating func setText(_ text: String) -> Bool {
        let fitted = self.maximumLength.map { String(text.prefix(max(0, $0))) } ?? text
        self.text = fitted
        self.caret = fitted.count
        return fitted.count < text.count
    }

    /// Inserts `string` at the caret, cut to what `maximumLength` leaves; the caret follows it.
    /// Returns how many characters went in.
    @discardableResult
    public mutating func insert(_ string: String) -> Int {
        var insertion = Substring(string)
        if let maximum = self.maximumLength { insertion = insertion.prefix(max(0, maximum - self.text.count)) }
        guard !insertion.isEmpty else { return 0 }
        let index = self.text.index(self.text.startIndex, offsetBy: self.caret)
        let before = self.text.count
        self.text.insert(contentsOf: insertion, at: index)
        // A combining mark typed after a letter joins its cluster: the count grows by less.
        self.caret += self.text.count - before
        return insertion.count
    }

    /// Removes the character before the caret (Backspace); false at the start.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard self.caret > 0 else { return false }
        let index = self.text.index(self.text.startIndex, offsetBy: self.caret - 1)
        self.text.remove(at: index)
        self.caret -= 1
        return true
    }

    /// Removes the character after the caret (Delete); false at the end.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard self.caret < self.text.count else { return false }
        self.text.remove(at: self.text.index(self.text.startIndex, offsetBy: self.caret))
        return true
    }

    /// Puts the caret before character `index`, clamped to the text.
    public mutating func moveCaret(to index: Int) {
        self.caret = min(max(0, index), self.text.count)
    }

    /// Moves the caret by `characters` (negative: towards the start), clamped.
    public mutating func moveCaret(by characters: Int) {
        self.moveCaret(to: self.caret + characters)
    }

    /// The caret as an offset in Unicode scalars, which text layouts count in.
    public var caretScalarOffset: Int {
        self.text.prefix(self.caret).unicodeScalars.count
    }

    /// The scalar offset at which each character starts, and the text's end: the places a
    /// caret can stand, in order.
    public var caretStops: [Int] {
        var stops = [0]
        var offset = 0
        for character in self.text {
            offset += character.unicodeScalars.count
            stops.append(offset)
        }
        return stops
    }
}
