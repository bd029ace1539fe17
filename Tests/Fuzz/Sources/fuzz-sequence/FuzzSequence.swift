import Glibc
import VitrineCore
import VitrineKiosk

/// Hostile sequences over time (issue 29): the first byte picks an example kiosk, the rest are a
/// visitor's taps and drags and a control client's lines with waits between
/// (`KioskSequence`), played through the panel's runner on the manual clock with the real
/// control socket. Any problem after the sequence — the kiosk aborted, showed its error page,
/// left a line unanswered, holds a screen twice, or did not come to rest — stops the run with
/// the steps that led there.
nonisolated(unsafe) private var examples: KioskSequence.Examples?
nonisolated(unsafe) private var folder: String?

/// Finds the examples and makes the socket's folder, once (libFuzzer's hook). Each input loads its
/// example afresh: a configuration kept across inputs would be reported as leaked, because Swift
/// keeps enum case tags in the spare bits of the pointers in it, which LeakSanitizer cannot follow.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzSequenceInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?)
    -> Int32
{
    // Tests/Fuzz/Sources/fuzz-sequence/FuzzSequence.swift → the repository's Examples.
    let file = #filePath
    let root = String(file[..<file.firstRange(of: "/Tests/Fuzz/")!.lowerBound])
    do {
        examples = KioskSequence.Examples(directory: root + "/Examples")
        _ = try examples!.load("demo")
    } catch {
        fatalError("fuzz-sequence: cannot load the examples: \(error)")
    }
    var template = Array("/tmp/vitrine-fuzz-sequence-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("fuzz-sequence: cannot make a folder in /tmp") }
    folder = String(cString: made)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSequence(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let examples, let folder else { fatalError("fuzz-sequence: LLVMFuzzerInitialize did not run") }
    do {
        let played = try examples.play(bytes, folder: folder)
        if !played.problems.isEmpty {
            fatalError(
                "fuzz-sequence: \(played.example): \(played.problems.joined(separator: "; ")) — after: \(played.steps.joined(separator: " | "))")
        }
    } catch {
        fatalError("fuzz-sequence: the kiosk did not start: \(error)")
    }
    return 0
}
