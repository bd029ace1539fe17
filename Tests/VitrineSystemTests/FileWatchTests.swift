import Glibc
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

@Suite("FileWatch")
struct FileWatchTests {
    /// Writes `text` to `path` as an editor saves: a new file renamed over the old one.
    func save(_ text: String, to path: String) {
        let temporary = path + ".tmp"
        let file = fopen(temporary, "w")!
        fputs(text, file)
        fclose(file)
        rename(temporary, path)
    }

    @Test("a whole folder reports every authored name saved in it, and not hidden, backup or swap files")
    func wholeFolder() throws {
        let folder = TemporaryDirectory(prefix: "vitrine-filewatch")
        defer { folder.remove() }
        let loop = try EpollEventLoop()
        var changed: [String] = []
        let watch = try FileWatch(paths: [], wholeFolders: [folder.path], loop: loop) { paths in changed += paths }
        loop.schedule(after: .milliseconds(10)) {
            self.save("x", to: folder.file(".hidden"))
            self.save("x", to: folder.file("kiosk.json~"))
            self.save("x", to: folder.file("kiosk.json.swp"))
            self.save("x", to: folder.file("4913"))
            self.save("{}", to: folder.file("kiosk.json"))
            self.save("png", to: folder.file("hall.png"))
        }
        loop.schedule(after: .milliseconds(150)) { loop.stop() }
        try loop.run()
        withExtendedLifetime(watch) {}
        #expect(Set(changed) == [folder.file("kiosk.json"), folder.file("hall.png")])
    }

    @Test(
        "a data folder deleted and made again is followed again: its file counts as changed when it is back, and every later save is seen (on the manual clock, real inotify)"
    )
    func folderRecreated() throws {
        let root = TemporaryDirectory(prefix: "vitrine-filewatch")
        defer { root.remove() }
        let data = root.file("data")
        #expect(mkdir(data, 0o755) == 0)
        let menu = data + "/menu.json"
        self.save("1", to: menu)
        let loop = ManualEventLoop(readsDescriptors: true)
        var changes: [[String]] = []
        let log = MemoryLogSink()
        let watch = try FileWatch(paths: [menu], loop: loop, logger: Logger("files", sink: log)) { paths in changes.append(paths) }
        self.save("2", to: menu)
        loop.advance(by: .milliseconds(10))
        #expect(changes.last == [menu])
        // A deploy script replaces the folder: deleted, then made again with a new file.
        unlink(menu)
        #expect(rmdir(data) == 0)
        loop.advance(by: .milliseconds(10))
        #expect(log.messages.contains { $0.contains("\(data) is gone") }, "\(log.messages)")
        let before = changes.count
        #expect(mkdir(data, 0o755) == 0)
        self.save("3", to: menu)
        loop.advance(by: .milliseconds(10))
        #expect(changes.count > before && changes.last == [menu], "the file in the folder made again counts as changed: \(changes)")
        let back = changes.count
        self.save("4", to: menu)
        loop.advance(by: .milliseconds(10))
        #expect(changes.count == back + 1 && changes.last == [menu], "a later save is seen: \(changes)")
        withExtendedLifetime(watch) {}
    }

    @Test("a folder that does not exist is an error naming it")
    func missingFolder() throws {
        let loop = try EpollEventLoop()
        #expect(throws: VitrineError.self) { try FileWatch(paths: [], wholeFolders: ["/nonexistent/vitrine"], loop: loop) { _ in } }
        do {
            _ = try FileWatch(paths: [], wholeFolders: ["/nonexistent/vitrine"], loop: loop) { _ in }
        } catch {
            #expect(error.message.contains("/nonexistent/vitrine"))
            #expect(error.code == .notFound)
        }
    }
}
