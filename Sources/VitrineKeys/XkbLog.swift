import CXkbcommon
import VitrineCore

/// Receives the log lines of one xkb context (`xkb_context_set_log_fn`, formatted in CXkbcommon's
/// shim so its `va_list` never crosses into Swift): the object the context's user data points at
/// (`Unmanaged`, unretained: the owning `XkbContext` outlives every callback).
///
/// While `collecting` is set (a keymap or compose table being compiled), error lines are kept so
/// the error thrown can say what xkbcommon found wrong; every line also goes to the logger at
/// debug level, since the caller reports the failure itself.
final class XkbLog {
    let logger: Logger
    var collecting = false
    private(set) var errors: [String] = []

    init(logger: Logger) {
        self.logger = logger
    }

    func receive(_ level: xkb_log_level, _ text: String) {
        var line = Substring(text)
        while line.last == "\n" || line.last == " " { line = line.dropLast() }
        while line.first == "\t" || line.first == " " { line = line.dropFirst() }
        guard !line.isEmpty else { return }
        if self.collecting && level.rawValue <= XKB_LOG_LEVEL_ERROR.rawValue { self.errors.append(String(line)) }
        self.logger.debug("xkbcommon: \(line)")
    }

    /// Runs `body` keeping the error lines it causes; returns its result and those lines.
    func collectingErrors<T>(_ body: () -> T) -> (T, [String]) {
        self.errors = []
        self.collecting = true
        defer { self.collecting = false }
        let result = body()
        return (result, self.errors)
    }
}

/// An xkb context (`struct xkb_context`), released with `xkb_context_unref`, its log routed to
/// an `XkbLog`.
///
/// Made with `XKB_CONTEXT_NO_ENVIRONMENT_NAMES`: the keymap is exactly what the configuration
/// names, never what `XKB_DEFAULT_LAYOUT` and its siblings say in the service's environment.
final class XkbContext {
    let raw: OpaquePointer
    let log: XkbLog

    init(logger: Logger) throws(VitrineError) {
        guard let raw = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
            throw VitrineError(
                .unsupported, "cannot create an xkb context for the keyboard layouts",
                hint: "is libxkbcommon installed (libxkbcommon0)? keyboards are ignored until it is")
        }
        self.raw = raw
        self.log = XkbLog(logger: logger)
        xkb_context_set_user_data(raw, Unmanaged.passUnretained(self.log).toOpaque())
        vitrine_xkb_log_to_swift(raw)
    }

    deinit {
        xkb_context_unref(self.raw)
    }
}

/// xkbcommon's log lines, formatted by CXkbcommon's shim, to the context's `XkbLog`.
@_cdecl("vitrine_xkb_log_text")
func xkbLogText(_ context: OpaquePointer?, _ level: xkb_log_level, _ text: UnsafePointer<CChar>?) {
    guard let context, let text, let userData = xkb_context_get_user_data(context) else { return }
    Unmanaged<XkbLog>.fromOpaque(userData).takeUnretainedValue().receive(level, String(cString: text))
}
