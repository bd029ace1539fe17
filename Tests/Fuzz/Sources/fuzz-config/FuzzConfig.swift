import VitrineCore
import VitrineKiosk

/// A kiosk config's text through the loader `vitrine check-config` and `vitrine run` use
/// (`KioskConfigLoader.check`: JSON, version 1 or 2, every field, screens, actions, data
/// bindings). Relative image and data paths resolve in an empty folder, so they are "not found".
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    let check = KioskConfigLoader.check(text: text, file: "fuzz.json", baseDirectory: "/nonexistent-vitrine-fuzz")
    if check.isValid {
        // What `run` does next with a good file: the scene model it builds.
        _ = check.configuration.json
    }
    return 0
}
