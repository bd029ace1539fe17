import Glibc
import Testing
import VitrineCalibration
import VitrineCore
import VitrineSystem

@Suite("Calibration files")
struct CalibrationPersistenceTests {
    static let old = CalibrationMatrix(1.02, 0, -0.01, 0, 0.98, 0.02)
    static let new = CalibrationMatrix(-0.97, 0.03, 0.99, 0.02, 1.04, -0.03)

    @Test("a saved calibration reads back exactly, with the device it was written for")
    func savedFileReadsBack() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try CalibrationStore.save(Self.new, key: "1234-5679-Vitrine_Skewed_Touch", deviceName: "Vitrine Skewed Touch", directory: directory.path)
        #expect(path == directory.path + "/1234-5679-Vitrine_Skewed_Touch.env")
        let entry = try #require(CalibrationStore.load(directory: directory.path).entry(forKey: "1234-5679-Vitrine_Skewed_Touch"))
        #expect(entry.matrix == Self.new && entry.deviceName == "Vitrine Skewed Touch" && entry.problem == nil)
        let text = try FileReader.readText(path, limit: CalibrationStore.largestFile, what: "a calibration file")
        #expect(text.hasSuffix("\nLIBINPUT_CALIBRATION_MATRIX=\"-0.97 0.03 0.99 0.02 1.04 -0.03\"\n"))
    }

    @Test("a calibration file that is a FIFO is rejected at once with its reason (reading it used to block device set-up forever)")
    func fifoCalibrationFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/panel.env"
        #expect(mkfifo(path, 0o644) == 0)
        let store = CalibrationStore.load(directory: directory.path)
        let entry = try #require(store.entry(forKey: "panel"))
        #expect(entry.matrix == nil)
        #expect(entry.problem == "it cannot be read: \(path) is a FIFO, not a regular file")
        let (calibration, warning) = store.resolve(name: "Panel", key: "panel", udevMatrix: nil)
        #expect(calibration == .identity)
        #expect(warning?.message.contains("\(path) is a FIFO") == true)
    }

    @Test("a write stopped between the temporary file and the rename leaves the old file intact, and the next write cleans up")
    func killedBeforeRename() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try CalibrationStore.save(Self.old, key: "panel", deviceName: "Panel", directory: directory.path)
        let before = try FileReader.readText(path, limit: CalibrationStore.largestFile, what: "a calibration file")
        // The process dies here: the new file is written and synced, the rename never happens.
        let pending = try CalibrationStore.prepareSave(Self.new, key: "panel", deviceName: "Panel", directory: directory.path)
        #expect(Directory.exists(pending.temporary))
        #expect(try FileReader.readText(path, limit: CalibrationStore.largestFile, what: "a calibration file") == before)
        #expect(CalibrationStore.load(directory: directory.path).entry(forKey: "panel")?.matrix == Self.old)
        #expect(CalibrationStore.load(directory: directory.path).entries.count == 1)
        // What a dead writer leaves carries a pid that no longer runs; the next save removes it.
        let abandoned = path + AtomicFile.temporaryMarker + String(Int32.max)
        #expect(rename(pending.temporary, abandoned) == 0)
        try CalibrationStore.save(Self.new, key: "panel", deviceName: "Panel", directory: directory.path)
        #expect(!Directory.exists(abandoned))
        #expect(CalibrationStore.load(directory: directory.path).entry(forKey: "panel")?.matrix == Self.new)
        #expect(Directory.entryNames(directory.path) == ["panel.env"])
    }

    @Test("two devices keep two entries; saving or removing one leaves the other")
    func twoDevicesTwoEntries() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try CalibrationStore.save(Self.old, key: "ELAN_Touchscreen", deviceName: "ELAN Touchscreen", directory: directory.path)
        try CalibrationStore.save(
            Self.new, key: "0eef-0001-eGalax_Inc._USB_TouchController", deviceName: "eGalax Inc. USB TouchController", directory: directory.path)
        try CalibrationStore.save(Self.new, key: "ELAN_Touchscreen", deviceName: "ELAN Touchscreen", directory: directory.path)
        var store = CalibrationStore.load(directory: directory.path)
        #expect(store.entries.count == 2)
        #expect(store.entry(forKey: "ELAN_Touchscreen")?.matrix == Self.new)
        #expect(store.entry(forKey: "0eef-0001-eGalax_Inc._USB_TouchController")?.deviceName == "eGalax Inc. USB TouchController")
        #expect(try CalibrationStore.remove(key: "ELAN_Touchscreen", directory: directory.path))
        #expect(try !CalibrationStore.remove(key: "ELAN_Touchscreen", directory: directory.path))
        store = CalibrationStore.load(directory: directory.path)
        #expect(store.entries.keys.sorted() == ["0eef-0001-eGalax_Inc._USB_TouchController"])
    }

    @Test("a degenerate matrix is refused before anything is written, naming the file and the device")
    func degenerateMatrixIsNotWritten() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try CalibrationStore.save(Self.old, key: "panel", deviceName: "Panel", directory: directory.path)
        #expect {
            try CalibrationStore.save(CalibrationMatrix(1, 2, 0, 2, 4, 0), key: "panel", deviceName: "Panel", directory: directory.path)
        } throws: { error in
            let message = (error as? VitrineError)?.message ?? ""
            return message.contains("\(directory.path)/panel.env") && message.contains("'Panel'") && message.contains("degenerate")
        }
        #expect(CalibrationStore.load(directory: directory.path).entry(forKey: "panel")?.matrix == Self.old)
    }

    @Test("a missing calibration directory is created on the first save")
    func directoryCreated() throws {
        let directory = TemporaryDirectory()
        defer {
            unlink(directory.path + "/calibration/panel.env")
            rmdir(directory.path + "/calibration")
            directory.remove()
        }
        try CalibrationStore.save(Self.old, key: "panel", deviceName: "Panel", directory: directory.path + "/calibration")
        #expect(CalibrationStore.load(directory: directory.path + "/calibration").entries.count == 1)
    }

    @Test("the directory watch reports a new store when the directory appears, a file is replaced or removed, and the directory goes")
    func watchFollowsTheDirectory() throws {
        let parent = TemporaryDirectory()
        let calibration = parent.path + "/calibration"
        defer {
            rmdir(calibration)
            parent.remove()
        }
        let loop = ManualEventLoop()
        var stores: [CalibrationStore] = []
        let watch = try CalibrationDirectoryWatch(directory: calibration, loop: loop) { stores.append($0) }
        func settle() {
            loop.signalReadable(watch.fileDescriptor)
            loop.runDueActions()
        }
        settle()
        #expect(stores.isEmpty)  // nothing happened yet

        try CalibrationStore.save(Self.old, key: "panel", deviceName: "Panel", directory: calibration)
        settle()
        #expect(stores.last?.entry(forKey: "panel")?.matrix == Self.old)
        let count = stores.count

        try CalibrationStore.save(Self.new, key: "panel", deviceName: "Panel", directory: calibration)
        settle()
        #expect(stores.count == count + 1)
        #expect(stores.last?.entry(forKey: "panel")?.matrix == Self.new)

        try CalibrationStore.remove(key: "panel", directory: calibration)
        settle()
        #expect(stores.last?.entries.isEmpty == true)

        #expect(rmdir(calibration) == 0)
        try CalibrationStore.save(Self.old, key: "other", deviceName: "Other", directory: calibration)
        settle()
        #expect(stores.last?.entry(forKey: "other")?.matrix == Self.old)
    }

    @Test("temporary files and other names in the directory do not wake the kiosk")
    func unrelatedFilesAreIgnored() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let loop = ManualEventLoop()
        var calls = 0
        let watch = try CalibrationDirectoryWatch(directory: directory.path, loop: loop) { _ in calls += 1 }
        directory.write("notes.txt", "hello")
        _ = try CalibrationStore.prepareSave(Self.old, key: "panel", deviceName: "Panel", directory: directory.path)
        loop.signalReadable(watch.fileDescriptor)
        loop.runDueActions()
        #expect(calls == 0)
    }
}
