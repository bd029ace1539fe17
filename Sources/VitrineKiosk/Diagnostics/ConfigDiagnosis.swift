import VitrineCore
import VitrineGraphics

/// What `vitrine check-config` and `vitrine doctor` find in a kiosk config: the loader's own
/// check (syntax, fields, images, screens; `KioskConfigLoader.check`), then, for a valid file,
/// the fonts' coverage of its texts (`FontCoverage`). One code path for both commands, so the
/// doctor never disagrees with check-config.
public enum ConfigDiagnosis {
    /// The characters of `scalars` no installed font of `family` (or its fallbacks) can draw.
    public typealias FontLookup = (Set<UInt32>, String) -> [UInt32]

    /// Checks the file at `path`; font warnings are added to a valid file's warnings, and, when
    /// it gives `accessibility.mountHeight`, the controls out of a seated visitor's reach
    /// (`ReachCheck`).
    /// - Parameter fonts: the font lookup; nil asks fontconfig (`FontLibrary.uncovered`).
    /// - Throws: when the file cannot be read (`KioskConfigLoader.check`).
    public static func check(path: String, fonts: FontLookup? = nil) throws(VitrineError) -> KioskConfigCheck {
        var check = try KioskConfigLoader.check(path: path)
        if check.isValid { check.warnings += self.fontWarnings(check, fonts: fonts) }
        if check.isValid, check.configuration.scene.accessibility.mountHeight != nil { check.warnings += ReachCheck.warnings(check) }
        return check
    }

    /// Texts no installed font can draw (FontCoverage), from the file as written and its data.
    public static func fontWarnings(_ check: KioskConfigCheck, fonts: FontLookup? = nil) -> [ConfigIssue] {
        let lookup: FontLookup
        if let fonts {
            lookup = fonts
        } else {
            guard let library = try? FontLibrary(logger: Logger("text")) else {
                return [ConfigIssue(.field("theme.fontFamily"), "fontconfig cannot start, so the fonts' coverage of the texts is not checked")]
            }
            lookup = { library.uncovered($0, family: $1) }
        }
        let data = KioskData(sources: check.configuration.data, baseDirectory: check.baseDirectory, logger: Logger("data", sink: MemoryLogSink()))
        return FontCoverage.warnings(
            json: check.document ?? check.configuration.json, configuration: check.configuration, data: data.store.sources, uncovered: lookup)
    }
}
