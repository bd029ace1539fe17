import VitrineCore
import VitrineGraphics
import VitrineScene
import VitrineSystem

/// Reads a kiosk config (JSON, Docs/config.md) into a `KioskConfiguration`.
///
/// Every field is optional except `version`; what the file leaves out keeps the defaults of
/// `KioskConfiguration()`. Syntax errors name the line and column; schema errors name the field
/// by JSON path, and all of them are reported together. Unknown keys are warnings. Images are
/// checked: files must exist (relative to the config's folder) and decode, `builtin:` names must
/// be `DemoArt`'s.
///
/// ```swift
/// let loaded = try KioskConfigLoader.load(path: KioskConfigLoader.defaultPath)
/// loaded.warningLines.forEach { logger.warning($0) }
/// let scene = KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory)
/// ```
public enum KioskConfigLoader {
    /// Where `vitrine run` looks when no path is given.
    public static let defaultPath = "/etc/vitrine/kiosk.json"
    /// The `version` values this Vitrine reads: 1 (the fixed template, converted) and 2 (screens).
    public static let supportedVersions = 1...KioskConfiguration.currentVersion
    /// The largest config file read (16 MiB). The examples are 1–13 KB and a kiosk of a
    /// hundred screens in ten languages well under 1 MB; checking costs about eight times the
    /// file in memory (a 100 MB file took 832 MB), so the limit keeps `check-config` and a
    /// reload under ~150 MB on a panel with 1 GB.
    public static let largestFile = 16 << 20

    /// Reads and checks the file at `path`, and throws unless it is valid.
    ///
    /// - Returns: the check, whose `configuration` is valid; its `warnings` are for the log.
    /// - Throws: `VitrineError` with code `.notFound` when the file does not exist (`vitrine run`
    ///   then shows the built-in demo), `.permissionDenied` or `.ioFailure` when it cannot be
    ///   read, and `.invalidConfiguration` listing every syntax or schema error, one per line.
    /// - Parameter digest: also compute the SHA-256 of the bytes read (`sha256`), for the
    ///   metrics' `vitrine_config_info`; off otherwise, so a start or a check does not hash.
    public static func load(path: String, registry: ViewRegistry = ViewRegistry(), digest: Bool = false) throws(VitrineError) -> KioskConfigCheck {
        let check = try self.check(path: path, registry: registry, digest: digest)
        if let error = check.error { throw error }
        return check
    }

    /// Parses config text; relative image paths are read from `baseDirectory`.
    ///
    /// - Parameter file: names the text in messages (a path, or something like `<stdin>`).
    /// - Throws: `VitrineError` (`.invalidConfiguration`) listing every error.
    public static func parse(_ text: String, file: String, baseDirectory: String, registry: ViewRegistry = ViewRegistry()) throws(VitrineError)
        -> KioskConfigCheck
    {
        let check = self.check(text: text, file: file, baseDirectory: baseDirectory, registry: registry)
        if let error = check.error { throw error }
        return check
    }

    /// Reads the file at `path` and checks it, reporting its errors instead of throwing them.
    ///
    /// - Throws: only when the file cannot be read (see `load(path:)`).
    /// `imageThreads` (1 or 2; nil: two where the machine has two cores) check the image
    /// files at once (`big-photos-check-2-threads` compares them).
    public static func check(path: String, registry: ViewRegistry = ViewRegistry(), imageThreads: Int? = nil, digest: Bool = false) throws(VitrineError)
        -> KioskConfigCheck
    {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path, limit: Self.largestFile, what: "a config file")
        } catch {
            throw self.unreadable(path, error)
        }
        var check = self.check(bytes: bytes, file: path, baseDirectory: self.baseDirectory(ofFile: path), registry: registry, imageThreads: imageThreads)
        if digest { check.sha256 = SHA256.hex(bytes) }
        return check
    }

    /// Checks config text, collecting every error and warning.
    public static func check(
        text: String, file: String, baseDirectory: String, registry: ViewRegistry = ViewRegistry(), imageThreads: Int? = nil
    ) -> KioskConfigCheck {
        self.check(bytes: Array(text.utf8), file: file, baseDirectory: baseDirectory, registry: registry, imageThreads: imageThreads)
    }

    /// Checks an already-parsed document (what `KioskConfiguration.json` produces).
    public static func check(
        json: JSONValue, file: String, baseDirectory: String, registry: ViewRegistry = ViewRegistry(), imageThreads: Int? = nil
    ) -> KioskConfigCheck {
        var reader = ConfigReader(baseDirectory: baseDirectory)
        reader.registry = registry
        if let imageThreads { reader.imageThreads = min(2, max(1, imageThreads)) }
        let (configuration, v1) = reader.readDocument(json)
        var check = KioskConfigCheck(
            file: file, baseDirectory: baseDirectory, configuration: configuration, v1: v1, document: json, errors: reader.errors, warnings: reader.warnings)
        check.contrastWarnings = reader.contrastWarnings
        return check
    }

    /// The folder of the config file at `path`, where its relative paths start, made absolute (`kiosk.json` given from the
    /// command line is in the working directory): messages about a missing image or data file
    /// then say which folder was searched, not only `images/hall.png`.
    public static func baseDirectory(ofFile path: String) -> String {
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        guard !folder.hasPrefix("/") else { return folder }
        return Directory.realPath(folder) ?? folder
    }

    static func check(bytes: [UInt8], file: String, baseDirectory: String, registry: ViewRegistry = ViewRegistry(), imageThreads: Int? = nil)
        -> KioskConfigCheck
    {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            let issue = ConfigIssue(.position(line: error.line, column: error.column), error.message)
            return KioskConfigCheck(file: file, baseDirectory: baseDirectory, configuration: KioskConfiguration(), v1: nil, errors: [issue], warnings: [])
        }
        return self.check(json: json, file: file, baseDirectory: baseDirectory, registry: registry, imageThreads: imageThreads)
    }

    /// The config file itself cannot be read: the message starts with the file, the code stays
    /// (so `.notFound` can mean "use the built-in demo").
    static func unreadable(_ path: String, _ error: VitrineError) -> VitrineError {
        switch error.code {
        case .notFound:
            return VitrineError(.notFound, "\(path): cannot open", hint: "write a kiosk config there (Docs/config.md, Examples/)", cause: error.cause)
        case .permissionDenied:
            return VitrineError(.permissionDenied, "\(path): cannot open", hint: "make it readable by the kiosk's user (chmod 644)", cause: error.cause)
        default:
            // The reader's message starts with the path already.
            return error
        }
    }
}

extension ConfigReader {
    /// The whole document: the version first (a version this Vitrine does not read stops there,
    /// since the rest may mean something else), then every section. A version 1 document is
    /// read as it was written (returned too) and converted.
    mutating func readDocument(_ json: JSONValue) -> (KioskConfiguration, KioskConfigurationV1?) {
        var configuration = KioskConfiguration()
        var v1: KioskConfigurationV1?
        self.object(json, at: "") { reader, root in
            guard let version = reader.readVersion(root) else {
                // The rest is not read, so it is not reported as unknown either.
                for member in root.members { _ = root.take(member.key) }
                return
            }
            if version == 1 {
                v1 = reader.readVersion1(root)
                return
            }
            reader.section(root, "display") { reader, object in reader.readDisplay(object, into: &configuration.display) }
            reader.prefetchImages(in: json, threads: reader.imageThreads)
            reader.section(root, "input") { reader, object in reader.readInput(object, into: &configuration.input) }
            reader.section(root, "theme") { reader, object in
                reader.readTheme(object, into: &configuration.theme)
                reader.read(object, "scale", into: &configuration.scale, .from(0.5, to: 4))
            }
            let (languages, defaultLanguage) = reader.readLanguages(root)
            let state = reader.readState(root)
            configuration.scene = reader.readScene(root)
            configuration.scene.state = state
            configuration.scene.languages = languages
            configuration.scene.defaultLanguage = defaultLanguage
            configuration.scene.idle = reader.readIdle(root)
            configuration.scene.onScan = reader.readAction(root, "onScan")
            configuration.scene.accessibility = reader.readAccessibility(root)
            reader.section(root, "keyboard") { reader, object in reader.readKeyboard(object, into: &configuration) }
            configuration.data = reader.readData(root)
        }
        if let v1 {
            self.checkContrast(of: v1.theme, scene: nil)
            self.crossCheck(v1)
            configuration = v1.converted
        } else if configuration.version == KioskConfiguration.currentVersion, !configuration.scene.screens.isEmpty {
            self.checkContrast(of: configuration.theme, scene: configuration.scene)
            self.checkReferences(configuration.scene)
            self.checkBindings(configuration.data)
            self.checkKeyboard(configuration)
        }
        return (configuration, v1)
    }

    private mutating func readVersion1(_ root: ConfigObject) -> KioskConfigurationV1 {
        var configuration = KioskConfigurationV1()
        self.section(root, "display") { reader, object in reader.readDisplay(object, into: &configuration.display) }
        self.prefetchImages(in: .object(root.members), threads: self.imageThreads)
        self.section(root, "input") { reader, object in reader.readInput(object, into: &configuration.input) }
        self.section(root, "theme") { reader, object in
            reader.readTheme(object, into: &configuration.theme)
            reader.read(object, "scale", into: &configuration.scale, .from(0.5, to: 4))
        }
        self.section(root, "onboarding") { reader, object in reader.readOnboarding(object, into: &configuration.onboarding) }
        self.section(root, "main") { reader, object in reader.readMain(object, into: &configuration.main) }
        self.section(root, "splitSheet") { reader, object in reader.readSplitSheet(object, into: &configuration.splitSheet) }
        self.section(root, "contentSheet") { reader, object in reader.readContentSheet(object, into: &configuration.contentSheet) }
        return configuration
    }

    /// Reads `version`: the version to read the rest as, nil when it must not be read (a version
    /// from the future). Missing or invalid (an error either way), the rest is read as the version
    /// it looks like — 2 when it has `screens`, else 1 — so its other mistakes are reported too.
    private mutating func readVersion(_ root: ConfigObject) -> Int? {
        let guess = root.members.contains { $0.key == "screens" } ? 2 : 1
        return self.readVersion(root, guess: guess)
    }

    private mutating func readVersion(_ root: ConfigObject, guess: Int) -> Int? {
        let supported = KioskConfigLoader.supportedVersions
        let current = supported.upperBound
        let readable = supported.count == 1 ? "version \(current)" : "versions \(supported.lowerBound) to \(current)"
        guard let value = root.take("version") else {
            self.error("version", "missing: add \"version\": \(current) (the schema the file is written for)")
            return guess
        }
        guard case .number(let number) = value else {
            self.error("version", "expected a number (\(current)), found \(value.kindName)")
            return guess
        }
        guard number == number.rounded(), number >= Double(supported.lowerBound) else {
            self.error("version", "expected \(readable), found \(value.serialized())")
            return guess
        }
        guard number <= Double(current) else {
            self.error(
                "version",
                "\(value.serialized()) is newer than this Vitrine reads (it reads \(readable)); upgrade Vitrine, or write the file for version \(current)")
            return nil
        }
        return Int(number)
    }

    /// Settings that are each valid but do not work together: warnings, since the kiosk still runs.
    private mutating func crossCheck(_ configuration: KioskConfigurationV1) {
        let onboarding = configuration.onboarding
        if onboarding.pages.isEmpty, onboarding.completed != nil {
            self.warning("onboarding.completed", "never shown: the onboarding has no pages")
        }
        if !onboarding.pages.isEmpty, onboarding.completed == nil {
            self.warning("onboarding.completed", "missing: without a completed page nothing leads from the onboarding to the main screen")
        }
        for (index, button) in configuration.main.buttons.enumerated() where button.action == .restartOnboarding && onboarding.pages.isEmpty {
            self.warning("main.buttons[\(index)].action", "restartOnboarding does nothing: the onboarding has no pages")
        }
        let sheet = configuration.contentSheet
        if let collapsed = sheet.collapsedHeight, let expanded = sheet.expandedHeight, expanded < collapsed {
            self.warning(
                "contentSheet.expandedHeight",
                "\(JSONValue.number(expanded).serialized()) is below collapsedHeight \(JSONValue.number(collapsed).serialized()); the sheet will not expand")
        }
    }
}
