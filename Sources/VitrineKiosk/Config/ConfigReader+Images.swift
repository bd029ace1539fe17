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

    /// An image: `builtin:<name>` from `DemoArt`, or a PNG, JPEG, GIF or WebP file (relative to
    /// the config's folder) that must exist and decode completely (every frame of an animation,
    /// within `AnimatedImage`'s bounds); null for none.
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
        let check = Self.checkImage(at: resolved, screen: self.screenSize ?? Self.assumedScreen)
        self.checkedImages[resolved] = check
        return check
    }

    /// Decodes the image file at `resolved` for `screen` and says what is wrong with it. Keeps
    /// nothing, touches nothing shared: the prefetch runs it on two threads at once.
    static func checkImage(at resolved: String, screen: PixelSize) -> ImageCheck {
        var check = ImageCheck()
        do {
            // Decoded for the screen, as `vitrine run` decodes it: a huge JPEG costs a scaled
            // decode here too, and every byte of it is still read, so truncation shows.
            let image = try ImageStore.decode(
                try FileReader.read(resolved, limit: ImageStore.largestFile, what: "an image file"), name: resolved, covering: screen)
            var warnings: [String] = []
            if let warning = image.warning { warnings.append("\(resolved): decodes, with a flaw that leaves the picture intact: \(warning)") }
            if let limit = image.animationLimit { warnings.append("\(resolved) is animated, but \(limit)") }
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
        return check
    }

    // MARK: - Checking on two cores

    /// The keys whose string values are image paths (`readImage`, `readImagePath`).
    static let imageKeys: Set<String> = ["image", "thumbnail"]

    /// Checks every image file the document names, split across `threads` cores (issue 18,
    /// "image decoding at start": `big-photos-check-2-threads` measures 1.5× or more on the build
    /// machine), before the fields are read one by one in document order, which then find each
    /// result made (`checkedImages`), so the issues come out in the same order as before. Any
    /// string under an `image` or `thumbnail` key is taken; a field the walk misses is still
    /// checked when it is read, and a string that turns out not to be an image field costs a
    /// decode and reports nothing. Called once the `display` section set the screen.
    mutating func prefetchImages(in document: JSONValue, threads: Int) {
        var paths: [String] = []
        var seen = Set(self.checkedImages.keys)
        func visit(_ value: JSONValue, key: String?) {
            switch value {
            case .object(let members):
                for member in members { visit(member.value, key: member.key) }
            case .array(let elements):
                for element in elements { visit(element, key: key) }
            case .string(let text):
                guard let key, Self.imageKeys.contains(key), !text.isEmpty, !text.hasPrefix(KioskImages.builtinPrefix) else { return }
                let resolved = KioskImages.resolve(text, baseDirectory: self.baseDirectory)
                if seen.insert(resolved).inserted { paths.append(resolved) }
            default:
                return
            }
        }
        visit(document, key: nil)
        guard !paths.isEmpty else { return }
        let screen = self.screenSize ?? Self.assumedScreen
        for (path, check) in ImageCheckBatch.run(paths, screen: screen, threads: threads) { self.checkedImages[path] = check }
    }

    /// Millions of pixels with one decimal: 64.0 for 8000×8000.
    static func megapixels(_ size: PixelSize) -> String {
        String((Double(size.width * size.height) / 1e5).rounded() / 10)
    }
}

/// Image checks shared out between the lanes of a `ForkJoin`: each lane takes the next file
/// not yet taken (the files differ in size, so fixed halves would leave one lane idle) and
/// writes only that file's slot; the results are read after the join.
final class ImageCheckBatch: @unchecked Sendable {
    private let paths: [String]
    private let screen: PixelSize
    private let results: UnsafeMutableBufferPointer<ImageCheck>
    private let next = Locked(0)

    private init(_ paths: [String], screen: PixelSize) {
        self.paths = paths
        self.screen = screen
        self.results = .allocate(capacity: paths.count)
        self.results.initialize(repeating: ImageCheck())
    }

    deinit {
        self.results.deinitialize()
        self.results.deallocate()
    }

    /// Each of `paths` checked for `screen`, on `threads` cores (one when there is one file, or
    /// when the second thread cannot be made).
    static func run(_ paths: [String], screen: PixelSize, threads: Int) -> [(String, ImageCheck)] {
        let batch = ImageCheckBatch(paths, screen: screen)
        let lanes = paths.count > 1 ? threads : 1
        if let forkJoin = try? ForkJoin(threads: lanes) {
            forkJoin.run { _ in batch.work() }
        } else {
            batch.work()
        }
        return paths.indices.map { (paths[$0], batch.results[$0]) }
    }

    private func work() {
        while true {
            let index = self.next.withLock { next in
                defer { next += 1 }
                return next
            }
            guard index < self.paths.count else { return }
            self.results[index] = ConfigReader.checkImage(at: self.paths[index], screen: self.screen)
        }
    }
}
