import Glibc
import VitrineCore
import VitrineSystem

/// Writing and removing calibration files: one `<key>.env` per device, replaced atomically so the
/// kiosk's watcher and udev's `IMPORT{file}` only ever read a whole file, and a failed or cancelled
/// calibration leaves the previous one as it was (Docs/calibration.md, "Where the data lives").
extension CalibrationStore {
    /// `<directory>/<key>.env`.
    public static func path(forKey key: String, in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + key + self.fileExtension
    }

    /// The file's text: which device it is for, then the udev property.
    ///
    ///     # device: ELAN Touchscreen
    ///     LIBINPUT_CALIBRATION_MATRIX="1.02 0 -0.01 0 0.98 0.02"
    public static func fileText(_ matrix: CalibrationMatrix, deviceName: String) -> String {
        let name = String(deviceName.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return "# device: \(name)\n# written by vitrine calibrate; remove the file to reset (Docs/calibration.md)\n"
            + "\(self.propertyName)=\"\(matrix.udevValue)\"\n"
    }

    /// Stores `matrix` as the calibration of the device with `key`, replacing its previous file
    /// atomically; creates the directory when it is missing. Returns the file's path.
    /// - Throws: `invalidCalibration` for a matrix the store would reject when reading it back
    ///   (nothing is written), or the write's failure naming the file.
    @discardableResult
    public static func save(_ matrix: CalibrationMatrix, key: String, deviceName: String, directory: String = defaultDirectory)
        throws(VitrineError) -> String
    {
        let pending = try self.prepareSave(matrix, key: key, deviceName: deviceName, directory: directory)
        try pending.commit()
        return pending.path
    }

    /// The first half of `save`: the new file is written and synced beside the old one, which is
    /// untouched until `commit()` renames it into place (what a process killed in between leaves).
    public static func prepareSave(_ matrix: CalibrationMatrix, key: String, deviceName: String, directory: String = defaultDirectory)
        throws(VitrineError) -> AtomicFile.PendingFile
    {
        let path = self.path(forKey: key, in: directory)
        if let defect = matrix.defect {
            throw VitrineError(
                .invalidCalibration, "refusing to write calibration \(path) for touch device '\(deviceName)': \(defect)",
                hint: "calibrate again")
        }
        try self.makeDirectory(directory)
        return try AtomicFile.prepare(Array(self.fileText(matrix, deviceName: deviceName).utf8), for: path)
    }

    /// Removes the calibration of the device with `key`: it then runs with its udev property or
    /// the identity. Returns whether there was a file.
    @discardableResult
    public static func remove(key: String, directory: String = defaultDirectory) throws(VitrineError) -> Bool {
        try AtomicFile.remove(self.path(forKey: key, in: directory))
    }

    /// `mkdir -p`, readable by everyone (udev reads the files as root, the kiosk as its user).
    static func makeDirectory(_ directory: String) throws(VitrineError) {
        guard !Directory.exists(directory) else { return }
        do {
            try Directory.create(directory, mode: 0o755)
        } catch {
            throw VitrineError(
                error.errno == EACCES || error.errno == EROFS ? .permissionDenied : .ioFailure,
                "cannot create the calibration directory \(directory)",
                hint: "run as a user that may write it (the shipped units use StateDirectory=vitrine)", cause: error.cause)
        }
    }
}
