import VitrineCore
import VitrineGraphics
import VitrineSystem

/// What checking one image file found: the error that stops it loading, or a warning for a
/// file that loads (a harmless flaw, or far more pixels than the screen shows).
struct ImageCheck {
    var problem: String?
    var warning: String?
}

extension ConfigReader {
    /// The screen images are checked against when the file names none (`display.mode`,
    /// `display.headlessSize`): 1920×1080, the commonest kiosk panel. A smaller panel only
    /// makes the oversize warning come later; `vitrine run` decodes for the real screen.
    static let assumedScreen = PixelSize(width: 1920, height: 1080)

    /// An image: `builtin:<name>` from `DemoArt`, or a PNG/JPEG file (relative to the config's
    /// folder) that must exist and decode completely; null for none.
    mutating func readImage(_ parent: ConfigObject, _ key: String, into target: inout String?) {
        self.readImagePath(parent, key, into: &target)
    }

    mutating func readImagePath(_ parent: ConfigObject, _ key: String, into target: inout String?) {
        var path = target
        let errorsBefore = self.errors.count
        self.read(parent, key, into: &path)
        guard self.errors.count == errorsBefore else { return }
        target = path
        guard let path else { return }
        let check = self.checkImage(path)
        if let problem = check.problem { self.error(parent.path(of: key), problem) }
        if let warning = check.warning { self.warning(parent.path(of: key), warning) }
    }

    private mutating func checkImage(_ path: String) -> ImageCheck {
        if path.hasPrefix(KioskImages.builtinPrefix) {
            let name = String(path.dropFirst(KioskImages.builtinPrefix.count))
            guard DemoArt.names.contains(name) else {
                let names = DemoArt.names.map { KioskImages.builtinPrefix + $0 }
                return ImageCheck(
                    problem: "\(Self.quoted(path)) is not a built-in image (\(names.joined(separator: ", ")))" + Misspelling.hint(for: path, among: names))
            }
            return ImageCheck()
        }
        let resolved = KioskImages.resolve(path, baseDirectory: self.baseDirectory)
        if let known = self.checkedImages[resolved] { return known }
        let screen = self.screenSize ?? Self.assumedScreen
        var check = ImageCheck()
        do {
            // Decoded for the screen, as `vitrine run` decodes it: a huge JPEG costs a scaled
            // decode here too, and every byte of it is still read, so truncation shows.
            let image = try ImageStore.decode(
                try FileReader.read(resolved, limit: ImageStore.largestFile, what: "an image file"), name: resolved, covering: screen)
            var warnings: [String] = []
            if let warning = image.warning { warnings.append("\(resolved): decodes, with a flaw that leaves the picture intact: \(warning)") }
            if let cover = ImageStore.coverSize(of: image.storedSize, shown: screen) {
                let stored = image.storedSize
                let factor = ImageStore.oversizeFactor
                let limit = PixelSize(width: Int(Double(cover.width) * factor), height: Int(Double(cover.height) * factor))
                warnings.append(
                    "\(resolved) is \(stored.width)x\(stored.height) (\(Self.megapixels(stored)) megapixels), more than \(limit.width)x\(limit.height) "
                        + "(\(Self.megapixels(limit)) megapixels: \(JSONValue.number(factor).serialized())× the \(cover.width)x\(cover.height) that covers a "
                        + "\(screen.width)x\(screen.height) screen); it is decoded at \(image.pixels.width)x\(image.pixels.height), but the file still costs "
                        + "load time: scale it down to about \(cover.width)x\(cover.height)")
            }
            check.warning = warnings.isEmpty ? nil : warnings.joined(separator: "; ")
        } catch {
            check.problem = error.code == .notFound ? error.message : error.description
        }
        self.checkedImages[resolved] = check
        return check
    }

    /// Millions of pixels with one decimal: 64.0 for 8000×8000.
    static func megapixels(_ size: PixelSize) -> String {
        String((Double(size.width * size.height) / 1e5).rounded() / 10)
    }
}
