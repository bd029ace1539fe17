import CXkbcommon
import Glibc
import VitrineCore

/// The compose table dead keys go through (`xkb_compose_table_new_from_locale`): libX11's
/// Compose file for the locale (Debian's libx11-data, `/usr/share/X11/locale`), where `´` then
/// `e` is `é`. Released with `xkb_compose_table_unref`.
public final class XkbComposeTable {
    let raw: OpaquePointer
    /// The locale whose table it is.
    public let locale: String
    private let context: XkbContext

    private init(raw: OpaquePointer, locale: String, context: XkbContext) {
        self.raw = raw
        self.locale = locale
        self.context = context
    }

    deinit {
        xkb_compose_table_unref(self.raw)
    }

    /// The locales tried, in order: the process's character-type locale (the first of `LC_ALL`,
    /// `LC_CTYPE`, `LANG` that is set, as setlocale(3) picks it), then `C.UTF-8` and
    /// `en_US.UTF-8`, which libX11 maps to its UTF-8 table whatever the system's locales.
    static func candidateLocales() -> [String] {
        var locales: [String] = []
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { continue }
            locales.append(value)
            break
        }
        for fallback in ["C.UTF-8", "en_US.UTF-8"] where !locales.contains(fallback) { locales.append(fallback) }
        return locales
    }

    /// The first table one of `candidateLocales()` gives; nil when none does — then dead keys
    /// type nothing, which is said once, here, as a warning.
    static func make(context: XkbContext) -> XkbComposeTable? {
        let locales = self.candidateLocales()
        for locale in locales {
            let table = locale.withCString { xkb_compose_table_new_from_locale(context.raw, $0, XKB_COMPOSE_COMPILE_NO_FLAGS) }
            if let table { return XkbComposeTable(raw: table, locale: locale, context: context) }
        }
        context.log.logger.warning(
            "no compose table for the locale(s) \(locales.joined(separator: ", ")): dead keys type nothing (install libx11-data, which holds the tables)")
        return nil
    }
}
