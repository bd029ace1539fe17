import VitrineCore
import VitrineScene

/// `accessibility` (Docs/accessibility.md): the keypad's keys, the mounting height and the
/// "more time" question.
///
///     "accessibility": {
///       "keys": {"KP_8": "up", "KP_2": "down", "KP_5": "select", "KP_0": "back", "KP_Add": "help"},
///       "mountHeight": {"top": 1450, "bottom": 900},
///       "moreTimeWarning": 30,
///       "speechRate": 165,
///       "speechDevice": "plughw:CARD=Headphones",
///       "speech": true
///     }
extension ConfigReader {
    /// A panel is mounted between the floor and 2.5 m.
    static let highestMount = 2_500.0

    mutating func readAccessibility(_ root: ConfigObject) -> AccessibilityModel {
        var model = AccessibilityModel()
        self.section(root, "accessibility") { reader, object in
            if let value = object.take("keys") {
                reader.object(value, at: object.path(of: "keys")) { reader, keys in
                    let names = AccessibilityModel.KeypadCommand.allCases.map(\.rawValue)
                    for member in keys.members where !member.key.hasPrefix("//") {
                        let path = keys.path(of: member.key)
                        _ = keys.take(member.key)
                        guard case .string(let name) = member.value, let command = AccessibilityModel.KeypadCommand(rawValue: name) else {
                            let found = member.value.stringValue.map { Self.quoted($0) } ?? member.value.kindName
                            reader.error(
                                path,
                                "\(found) is not a keypad command (\(names.joined(separator: ", ")))"
                                    + Misspelling.hint(for: member.value.stringValue ?? "", among: names))
                            continue
                        }
                        guard !member.key.isEmpty else {
                            reader.error(path, "a key name must not be empty (up, enter, escape, F1, KP_8 …)")
                            continue
                        }
                        model.keys[member.key] = command
                    }
                }
            }
            reader.section(object, "mountHeight") { reader, mount in
                var top = -1.0
                var bottom = -1.0
                for key in ["top", "bottom"] where !mount.members.contains(where: { $0.key == key }) {
                    reader.error(mount.path(of: key), "missing: the height of the screen's \(key) edge above the floor, in millimetres")
                }
                reader.read(mount, "top", into: &top, .from(0, to: Self.highestMount))
                reader.read(mount, "bottom", into: &bottom, .from(0, to: Self.highestMount))
                guard top >= 0, bottom >= 0 else { return }
                guard top > bottom else {
                    let mm = { (value: Double) in JSONValue.number(value).serialized() + " mm" }
                    reader.error(mount.path(of: "top"), "the top edge (\(mm(top))) must be above the bottom edge (\(mm(bottom)))")
                    return
                }
                model.mountHeight = .init(top: top, bottom: bottom)
            }
            reader.read(object, "moreTimeWarning", into: &model.moreTimeWarning, .from(AccessibilityModel.leastMoreTimeWarning, to: 600))
            reader.read(object, "speechRate", into: &model.speechRate, .from(80, to: 450))
            reader.read(object, "speechDevice", into: &model.speechDevice, allowEmpty: false)
            reader.read(object, "speech", into: &model.speech)
        }
        return model
    }
}
