import VitrineCore
import VitrineKeys
import VitrineRuntime

/// `keyboard` (Docs/config.md, "Keyboards and scanners"): the on-screen keyboard's layout per
/// language, the keymap of keyboards plugged into the panel, and which devices are scanners.
/// Layout names are checked against xkeyboard-config when the file is read (`checkLayouts`).
extension ConfigReader {
    /// A kiosk names a handful of scanners at most.
    static let mostScanners = 16

    mutating func readKeyboard(_ object: ConfigObject, into configuration: inout KioskConfiguration) {
        if let value = object.take("layouts") {
            self.object(value, at: object.path(of: "layouts")) { reader, layouts in
                for member in layouts.members where !member.key.hasPrefix("//") {
                    let path = layouts.path(of: member.key)
                    _ = layouts.take(member.key)
                    guard case .string(let name) = member.value, !name.isEmpty else {
                        reader.error(path, "expected an xkb layout name such as \"de\" or \"fr\", found \(member.value.kindName)")
                        continue
                    }
                    configuration.keyboardLayouts[member.key] = name
                }
            }
        }
        self.read(object, "hardware", into: &configuration.input.keymap)
        self.read(object, "scanners", into: &configuration.input.scanners)
        if configuration.input.scanners.count > Self.mostScanners {
            self.error(object.path(of: "scanners"), "more than \(Self.mostScanners) scanners")
            configuration.input.scanners = Array(configuration.input.scanners.prefix(Self.mostScanners))
        }
        self.read(object, "detectScanners", into: &configuration.input.detectScanners)
    }

    /// Every layout and keymap the `keyboard` section names is one xkeyboard-config has (else an
    /// error with the close names), a layout's language is one of the kiosk's, and every scanner
    /// entry reads.
    mutating func checkKeyboard(_ configuration: KioskConfiguration) {
        let layouts = configuration.keyboardLayouts.sorted { $0.key < $1.key }
        let hardware = configuration.input.keymap
        if !layouts.isEmpty || !hardware.isEmpty {
            if let known = KioskKeyboards.knownLayouts {
                for (language, name) in layouts {
                    self.checkLayout(name, at: "keyboard.layouts.\(language)", known: known)
                    let languages = configuration.scene.languages
                    if !languages.isEmpty, !languages.contains(language) {
                        self.warning(
                            "keyboard.layouts.\(language)",
                            "never used: \(Self.quoted(language)) is not one of the kiosk's languages (\(languages.joined(separator: ", ")))")
                    }
                }
                if !hardware.isEmpty { self.checkLayout(hardware, at: "keyboard.hardware", known: known) }
            } else {
                self.warning(
                    "keyboard", "the layouts are not checked: xkeyboard-config's rules cannot be read (install xkb-data, which the kiosk needs to type too)")
            }
        }
        for (index, text) in configuration.input.scanners.enumerated() {
            do {
                _ = try ScannerMatch(parsing: text)
            } catch {
                self.error("keyboard.scanners[\(index)]", error.message)
            }
        }
    }

    private mutating func checkLayout(_ name: String, at path: String, known: XkbLayoutNames) {
        guard let names = KeymapNames(parsing: name) else {
            self.error(path, "\(Self.quoted(name)) is not an xkb layout name (a layout such as \"de\", or with a variant, \"de(nodeadkeys)\")")
            return
        }
        guard known.contains(names.layout) else {
            let close = known.closest(to: names.layout)
            self.error(
                path,
                "no xkb layout \(Self.quoted(names.layout))"
                    + (close.isEmpty ? " (`localectl list-x11-keymap-layouts` lists them)" : "; close names: " + close.joined(separator: ", ")))
            return
        }
        guard names.variant.isEmpty || known.hasVariant(names.variant, of: names.layout) else {
            let close = known.closestVariants(to: names.variant, of: names.layout)
            self.error(
                path,
                "no variant \(Self.quoted(names.variant)) of xkb layout \(Self.quoted(names.layout))"
                    + (close.isEmpty ? " (`localectl list-x11-keymap-variants \(names.layout)` lists them)" : "; close names: " + close.joined(separator: ", "))
            )
            return
        }
    }
}
