import VitrineCalibration
import VitrineCore
import VitrineReplay

/// A `libinput record` file as `vitrine replay` and `--input-replay` read it: the YAML reader,
/// the recording's checks, then the replay itself (devices, the evdev decoder, calibration,
/// contact table) on a `ManualEventLoop` that starts at a month of uptime, as on a panel.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    guard let recording = try? InputRecording.parse(text, file: "fuzz.yml") else { return 0 }
    let loop = ManualEventLoop(now: MonotonicTime(nanoseconds: 30 * 86_400 * 1_000_000_000))
    let source = ReplaySource(
        recording: recording, file: "fuzz.yml", transform: TouchTransform(nativeSize: PixelSize(width: 1280, height: 800)), loop: loop)
    var frames = 0
    source.onFrame = { _ in frames += 1 }
    try? source.start()
    loop.runUntilIdle(limit: MonotonicTime(nanoseconds: .max))
    precondition(source.isFinished, "the replay did not reach its end")
    return 0
}
