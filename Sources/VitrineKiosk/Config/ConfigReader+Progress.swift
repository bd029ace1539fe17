import VitrineCore
import VitrineScene

/// `{"type": "progress", "value": 0.4}` or `{"type": "progress", "value": {"bind": "state.done /
/// state.total"}}` (Docs/config.md, "Views"): a determinate progress bar. A written value outside
/// 0…1 is a warning (the bar shows it clamped); a bound one is clamped as it comes, and one that
/// is not a number shows the bar empty.
extension ConfigReader {
    mutating func progress(_ object: ConfigObject) -> ViewNode.Kind? {
        let path = object.path(of: "value")
        guard let value = object.take("value") else {
            self.error(path, "missing: how far the work has gone, 0 to 1, or {\"bind\": \"state.done / state.total\"}")
            return nil
        }
        switch value {
        case .number(let number):
            if number < 0 || number > 1 {
                self.warning(path, "\(JSONValue.number(number).serialized()) is outside 0 to 1; the bar shows it as \(number < 0 ? "empty (0)" : "full (1)")")
            }
            return .progress(ProgressNode(value: number))
        case .object where value["bind"] != nil:
            return self.binding(value, at: path, kind: .any).map { .progress(ProgressNode(binding: $0)) }
        default:
            self.error(path, "expected a number from 0 to 1 or {\"bind\": \"state.done / state.total\"}, found \(value.kindName)")
            return nil
        }
    }
}
