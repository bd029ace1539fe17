import CXkbcommon

/// A keymap by xkeyboard-config's names (RMLVO: rules, model, layout, variant, options), as a
/// config's `keyboard` section and the command line give it.
public struct KeymapNames: Hashable, Sendable, CustomStringConvertible {
    /// `us`, `de`, `fr`; several separated by commas are groups (the first is used).
    public var layout: String
    /// `nodeadkeys`, `dvorak`; empty for the layout's default.
    public var variant: String
    /// `pc105`; empty for xkeyboard-config's default.
    public var model: String
    /// `compose:ralt`; empty for none.
    public var options: String

    public init(layout: String = "us", variant: String = "", model: String = "", options: String = "") {
        self.layout = layout
        self.variant = variant
        self.model = model
        self.options = options
    }

    /// `de(nodeadkeys)`.
    public var description: String { self.variant.isEmpty ? self.layout : "\(self.layout)(\(self.variant))" }

    /// Reads `de` or `de(nodeadkeys)`, as a config writes a keymap (and `setxkbmap` prints
    /// one); nil for anything else (empty, unbalanced, spaces).
    public init?(parsing text: String) {
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-") }
        if let open = text.firstIndex(of: "(") {
            guard text.last == ")" else { return nil }
            let layout = String(text[..<open])
            let variant = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            guard !layout.isEmpty, !variant.isEmpty, layout.allSatisfy(allowed), variant.allSatisfy(allowed) else { return nil }
            self.init(layout: layout, variant: variant)
        } else {
            guard !text.isEmpty, text.allSatisfy(allowed) else { return nil }
            self.init(layout: text)
        }
    }
}
