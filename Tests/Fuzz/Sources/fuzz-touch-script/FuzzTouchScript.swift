import VitrineCalibration
import VitrineCore
import VitrineReplay

/// A JSON touch script as `vitrine replay` and the tests read it: the same YAML reader (JSON is
/// YAML), the script's checks (times, ids, phases, positions), then the replay on a
/// `ManualEventLoop` that starts at a month of uptime, as on a panel.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTouchScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    guard let recording = try? InputRecording.parse(text, file: "fuzz.json") else { return 0 }
    let loop = ManualEventLoop(now: MonotonicTime(nanoseconds: 30 * 86_400 * 1_000_000_000))
    let source = ReplaySource(
        recording: recording, file: "fuzz.json", transform: TouchTransform(nativeSize: PixelSize(width: 1280, height: 800)), loop: loop)
    var frames = 0
    source.onFrame = { _ in frames += 1 }
    try? source.start()
    loop.runUntilIdle(limit: MonotonicTime(nanoseconds: .max))
    precondition(source.isFinished, "the replay did not reach its end")
    return 0
}
