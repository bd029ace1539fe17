import CAlsa
import Synchronization
import VitrineCore

/// Where alsa-lib's own error messages go: the debug log, not stderr.
///
/// Left alone, alsa-lib prints a failure's whole path through its configuration to stderr
/// ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'", five more lines, then "Unknown
/// PCM default") — on a kiosk, into the journal at error level, around the one line Vitrine
/// writes itself, which names the device and says what to do. Those lines are still there for
/// whoever looks: `VITRINE_LOG_LEVEL=debug` shows them, under `alsa`. The handler is
/// process-wide (`snd_lib_error_set_handler`); it is set once, before the first ALSA call
/// (`AlsaPlayback`, `AlsaJackWatch`).
enum AlsaErrorLog {
    static let logger = Logger("alsa")
    private static let installed = Atomic<Bool>(false)

    /// Routes alsa-lib's messages to the debug log (once per process).
    static func install() {
        guard !self.installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = vitrine_alsa_errors_to_swift()
    }
}

/// alsa-lib's error handler, after CAlsa's shim has formatted the message (the handler is
/// variadic; Swift cannot define one).
@_cdecl("vitrine_alsa_error_text")
func vitrineAlsaErrorText(_ file: UnsafePointer<CChar>?, _ line: Int32, _ function: UnsafePointer<CChar>?, _ error: Int32, _ text: UnsafePointer<CChar>?) {
    let message = text.map { String(cString: $0) } ?? ""
    let place = file.map { String(cString: $0) } ?? "?"
    let name = function.map { String(cString: $0) } ?? "?"
    let cause = error != 0 ? " (\(String(cString: snd_strerror(error))))" : ""
    AlsaErrorLog.logger.debug("\(place):\(line) \(name): \(message)\(cause)")
}
