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
