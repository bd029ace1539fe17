import VitrineCore
import VitrineUI

/// Barcode and QR scanners (issue 32; Docs/config.md, "Scanners"): the last scan is the data
/// source `scan` (`{"code": …, "device": …}`, so a text can show it and actions read
/// `{"bind": "scan.code"}`), the config's `onScan` runs, and the control socket's subscribers
/// get a `scan` event. A scan never types into a field.
extension SceneController: ScanningScene {
    /// The data source the last scan is kept in.
    public static let scanSource = "scan"
    /// What `scan` holds before the first scan and after idle.
    static var emptyScan: JSONValue { .object([("code", .string("")), ("device", .string(""))]) }

    func installScan() {
        self.data.namedSources?.insert(Self.scanSource)
        self.data.replace(Self.scanSource, with: Self.emptyScan)
    }

    public func scanned(_ scan: ScanEvent) {
        self.resetIdle()
        let value = JSONValue.object([("code", .string(scan.code)), ("device", .string(scan.device))])
        self.data.replace(Self.scanSource, with: value)
        self.record("scan")
        self.onEvent?(SceneEvent(.scan, name: scan.device, payload: value, time: self.now))
        if let action = self.model.onScan { self.perform(action, from: "onScan") }
    }

    /// Idle: the last visitor's scan is forgotten.
    func clearScan() {
        if self.data.sources[Self.scanSource] != Self.emptyScan { self.data.replace(Self.scanSource, with: Self.emptyScan) }
    }
}
