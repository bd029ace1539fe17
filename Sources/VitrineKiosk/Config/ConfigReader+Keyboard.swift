import VitrineCore
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
}
