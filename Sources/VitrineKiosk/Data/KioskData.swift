import VitrineCore
import VitrineScene
import VitrineSystem

/// The kiosk's data files on the panel: read at start, followed with inotify, and each good new
/// version put in the scene's `DataStore` (the bound views show it on the next frame; the
/// navigation stays where it is). A missing, truncated or invalid version is logged, named in
/// the unit's status, and the last good data stays on screen (Docs/operations.md, "Live data").
public final class KioskData {
    public let sources: [DataSourceFile]
    public let store: DataStore
    /// What is wrong with each source's file now (by source name); empty when all are good.
    public private(set) var problems: [String: String] = [:]
    /// Called after every read with the status line to show (nil: all good).
    public var onStatus: ((String?) -> Void)?
    private let baseDirectory: String?
    private let logger: Logger
    private var watch: FileWatch?

    public init(sources: [DataSourceFile], baseDirectory: String?, logger: Logger = Logger("data")) {
        self.sources = sources
        self.baseDirectory = baseDirectory
        self.logger = logger
        self.store = DataStore()
        self.store.namedSources = Set(sources.map(\.name))
        for source in sources { self.read(source) }
    }

    /// The file `source` reads, resolved against the config's folder.
    public func path(of source: DataSourceFile) -> String {
        KioskImages.resolve(source.file, baseDirectory: self.baseDirectory)
    }

    /// Reads `source`'s file again: a good one replaces the source, a bad one leaves the last good.
    func read(_ source: DataSourceFile) {
        let path = self.path(of: source)
        do {
            let value = try DataSourceFile.read(path)
            let hadProblem = self.problems.removeValue(forKey: source.name) != nil
            if self.store.sources[source.name] != value { self.store.replace(source.name, with: value) }
            if hadProblem { self.logger.notice("data file \(path) is good again") }
        } catch {
            let kept = self.store.sources[source.name] != nil ? "showing the last good data" : "its bound views show nothing until a good version is written"
            let message = "\(error.description); \(kept)"
            if self.problems[source.name] != message { self.logger.error(message) }
            self.problems[source.name] = message
        }
    }

    /// The status line for the problems (nil when there are none).
    public var status: String? {
        guard !self.problems.isEmpty else { return nil }
        let names = self.problems.keys.sorted()
        return "data rejected: "
            + names.map { name in
                let source = self.sources.first { $0.name == name }
                return source.map { self.path(of: $0) } ?? name
            }.joined(separator: ", ") + "; showing the last good data"
    }

    /// Follows the files on `loop` (once; later calls do nothing).
    public func follow(on loop: EventLoop) {
        guard self.watch == nil, !self.sources.isEmpty else { return }
        let paths = self.sources.map { self.path(of: $0) }
        do {
            self.watch = try FileWatch(paths: paths, loop: loop, logger: self.logger) { [weak self] changed in
                guard let self else { return }
                for source in self.sources where changed.contains(self.path(of: source)) { self.read(source) }
                self.onStatus?(self.status)
            }
        } catch {
            self.logger.error("\(error); data changes apply at the next start or reload")
        }
        self.onStatus?(self.status)
    }
}
