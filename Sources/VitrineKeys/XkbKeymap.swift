import CXkbcommon
import VitrineCore

extension VitrineError.Code {
    /// A keymap xkbcommon cannot make: an unknown layout or variant, broken options, no xkb-data.
    public static let invalidKeymap = VitrineError.Code("invalid-keymap")
}

/// A keymap compiled by libxkbcommon from xkeyboard-config's names (`xkb_keymap_new_from_names`),
/// with the context it was made in; released with `xkb_keymap_unref`.
///
/// One keymap serves every keyboard of a source: each `KeyDecoder` keeps its own state on it.
/// When xkbcommon refuses the names, the error says why in the user's terms: a layout that
/// xkeyboard-config does not have comes with the close names it does have (`XkbLayoutNames`),
/// an unknown variant likewise, anything else with xkbcommon's own first error line. What it
/// accepts with a complaint (an option it does not know is ignored) is in `warnings`.
public final class XkbKeymap {
    /// What it was made from.
    public let names: KeymapNames
    /// The errors xkbcommon logged while making it anyway, in its words: `Unrecognized RMLVO
    /// option "caps:nonsense" was ignored`. Empty for a clean keymap.
    public let warnings: [String]
    let context: XkbContext
    let raw: OpaquePointer
    private var composeTable: XkbComposeTable?
    private var composeTried = false

    /// Compiles `names`. The rules are `evdev` (xkeyboard-config's rules for Linux input), as
    /// libinput's key codes are evdev codes.
    /// - Parameters:
    ///   - logger: receives xkbcommon's own messages (debug) and the compose table's warning.
    /// - Throws: `.invalidKeymap` naming the layout, variant or options and what to use instead.
    public init(_ names: KeymapNames, logger: Logger = Logger("keys")) throws(VitrineError) {
        let context = try XkbContext(logger: logger)
        let (keymap, errors) = context.log.collectingErrors { () -> OpaquePointer? in
            names.layout.withCString { layout in
                names.variant.withCString { variant in
                    names.model.withCString { model in
                        names.options.withCString { options in
                            "evdev".withCString { rules in
                                var rmlvo = xkb_rule_names(
                                    rules: rules, model: names.model.isEmpty ? nil : model, layout: layout,
                                    variant: names.variant.isEmpty ? nil : variant, options: names.options.isEmpty ? nil : options)
                                return xkb_keymap_new_from_names(context.raw, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
                            }
                        }
                    }
                }
            }
        }
        guard let keymap else { throw Self.refusal(names, xkbErrors: errors) }
        self.names = names
        self.warnings = errors
        self.context = context
        self.raw = keymap
    }

    deinit {
        xkb_keymap_unref(self.raw)
    }

    /// The keysyms the key with xkb keycode `keycode` has at `level` of the first layout (group).
    func keysyms(_ keycode: UInt32, level: UInt32) -> [UInt32] {
        var symbols: UnsafePointer<xkb_keysym_t>? = nil
        let count = xkb_keymap_key_get_syms_by_level(self.raw, keycode, 0, level, &symbols)
        guard count > 0, let symbols else { return [] }
        return Array(UnsafeBufferPointer(start: symbols, count: Int(count)))
    }

    /// Whether the key with evdev code `code` repeats when held (`xkb_keymap_key_repeats`): in
    /// xkeyboard-config every key does (Enter and Escape too, as on any X or Wayland desktop)
    /// except the modifiers and locks (Shift, Control, Alt, AltGr, Caps Lock, Num Lock).
    public func repeats(code: UInt32) -> Bool {
        xkb_keymap_key_repeats(self.raw, code + Self.evdevOffset) != 0
    }

    /// xkb keycodes are evdev codes + 8 (the X11 protocol reserves keycodes below 8;
    /// xkeyboard-config's `keycodes/evdev`: `<AD01> = 24` is evdev `KEY_Q` = 16).
    public static let evdevOffset: UInt32 = 8

    /// The compose table for dead keys, made once on first use (`XkbComposeTable.make`); nil when
    /// none can be made (said once in the log).
    var compose: XkbComposeTable? {
        if !self.composeTried {
            self.composeTried = true
            self.composeTable = XkbComposeTable.make(context: self.context)
        }
        return self.composeTable
    }

    /// Why xkbcommon refused `names`, in the user's terms.
    static func refusal(_ names: KeymapNames, xkbErrors: [String]) -> VitrineError {
        let listHint = "the names are in \(XkbLayoutNames.rulesDirectory)/evdev.lst (`localectl list-x11-keymap-layouts`)"
        let known: XkbLayoutNames
        do {
            known = try XkbLayoutNames.load()
        } catch {
            return VitrineError(
                .invalidKeymap, "cannot make the keymap \(QuotedValue.quoted(names.description)): \(error.message)",
                hint: "install xkb-data (xkeyboard-config), which holds the keyboard layouts")
        }
        let layouts = names.layout.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimming(" ") }
        let variants = names.variant.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimming(" ") }
        for layout in layouts where !known.contains(layout) {
            let close = known.closest(to: layout)
            let suggestion = close.isEmpty ? "" : "; close names: " + close.joined(separator: ", ")
            return VitrineError(.invalidKeymap, "no xkb layout \(QuotedValue.quoted(layout))\(suggestion)", hint: listHint)
        }
        for (index, variant) in variants.enumerated() where !variant.isEmpty && index < layouts.count {
            let layout = layouts[index]
            guard !known.hasVariant(variant, of: layout) else { continue }
            let close = known.closestVariants(to: variant, of: layout)
            let suggestion = close.isEmpty ? "" : "; close names: " + close.joined(separator: ", ")
            return VitrineError(
                .invalidKeymap, "xkb layout \(QuotedValue.quoted(layout)) has no variant \(QuotedValue.quoted(variant))\(suggestion)",
                hint: "its variants: `localectl list-x11-keymap-variants \(layout)`")
        }
        let reason = xkbErrors.first { !$0.hasPrefix("Failed to compile") } ?? xkbErrors.first ?? "no reason given"
        var what = QuotedValue.quoted(names.description)
        if !names.model.isEmpty { what += ", model \(QuotedValue.quoted(names.model))" }
        if !names.options.isEmpty { what += ", options \(QuotedValue.quoted(names.options))" }
        return VitrineError(
            .invalidKeymap, "xkbcommon cannot make the keymap \(what): \(reason)",
            hint: "check the model and options against \(XkbLayoutNames.rulesDirectory)/evdev.lst")
    }
}
