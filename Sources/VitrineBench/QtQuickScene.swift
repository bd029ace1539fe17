import Glibc
import VitrineCore
import VitrineGraphics
import VitrineUI

/// What the Qt Quick peer (`QtQuickPeer`, scripts/bench/qtquick-peer) draws for one scene row:
/// the layout Vitrine laid out (every rectangle, text and picture, in pixels, read from the
/// view tree) and, for each frame Vitrine timed, the positions that frame drew (the list's
/// offset, the pages' x, the sheet's y). Written as JSON for the harness to read.
///
/// The layout is read from the views at one frame of the gesture (`snapshotFrame`, when both
/// pages of a slide exist), so the two sides draw the same texts at the same places and sizes
/// without the peer knowing Vitrine's theme.
final class QtQuickScene {
    let gesture: SceneGesture
    let scale: Double
    /// Where the scene's pictures (each image view's pixels, as PNG) and the JSON go.
    let folder: String
    /// The timed frame whose layout is read and whose picture both sides save.
    let snapshotFrame: Int
    /// Each timed frame's positions (pixels), in the harness's order for the scene's kind.
    private(set) var positions: [[Double]] = []
    /// Each timed frame's damage (pixels): what Vitrine's output copied to its buffer, and what
    /// the peer copies from its backing store to a framebuffer, as Qt's linuxfb flush does.
    private(set) var damages: [[PixelRect]] = []
    /// The layout as JSON members, read at `snapshotFrame`.
    private(set) var layout: String?
    /// Vitrine's picture of `snapshotFrame`, once saved.
    private(set) var vitrineSnapshot: String?
    /// Where the feature check looks (pixels): a thumbnail's rect, or a page photo's.
    private(set) var probe = Rect.zero
    /// The colour around the probe's feature: the page's background, or the sheet's.
    private(set) var reference = Color(red: 0, green: 0, blue: 0)
    private var pictures: [ObjectIdentifier: String] = [:]

    init(gesture: SceneGesture, scale: Double, folder: String, snapshotFrame: Int) {
        self.gesture = gesture
        self.scale = scale
        self.folder = folder
        self.snapshotFrame = snapshotFrame
    }

    /// The scene's kind as the harness reads it.
    var kind: String {
        switch self.gesture {
        case .listFling100, .listFling10000: "list"
        case .pageSlide: "page"
        default: "sheet"
        }
    }

    /// Forgets the positions (a new turn of the gesture).
    func startTurn() {
        self.positions = []
        self.damages = []
    }

    /// Reads the positions the frame just drawn shows; at the snapshot frame also the layout
    /// and Vitrine's picture.
    func frameDrawn(_ session: SceneSession, saving: Bool) {
        let run = session.run
        let s = self.scale
        self.damages.append(session.lastDamage.rects)
        switch self.kind {
        case "list":
            guard let scroller = SceneGesture.scrollView(run) else { return }
            self.positions.append([(scroller.contentOffset - self.headerHeight) * s])
        case "page":
            // During a push both pages are the navigation's subviews (the stack takes the new
            // one when the slide ends).
            let stack = session.controller.navigation?.subviews.filter { !$0.isHidden } ?? []
            let x = stack.map { $0.windowFrame.minX * s }
            self.positions.append([x.first ?? 0, x.count > 1 ? x[1] : run.window.size.width * s])
        default:
            let sheet = session.controller.contentSheet
            self.positions.append([(sheet?.containerView.windowFrame.minY ?? 0) * s, sheet?.backdropView.alpha ?? 1])
        }
        guard saving else { return }
        if self.positions.count - 1 == self.snapshotFrame { self.layout = self.readLayout(session) }
        // The headless output shows a frame once the next one starts (its flip completes at
        // the next tick): the snapshot frame's picture is on screen during the frame after it.
        if self.positions.count - 1 == self.snapshotFrame + 1 {
            let path = self.folder + "/vitrine-frame.png"
            if (try? run.writeScreenshot(to: path)) != nil { self.vitrineSnapshot = path }
        }
    }

    /// Header height (points) of the long list: from the scroll view's top to the first row at
    /// offset 0; read with the layout.
    private var headerHeight = 0.0

    /// Reads the list's header height before the gesture (the first frame's position needs it).
    func prepare(_ session: SceneSession) {
        guard self.kind == "list", let list = SceneGesture.list(session.run), let scroller = SceneGesture.scrollView(session.run),
            let first = list.rowFrame(section: 0, row: 0)
        else { return }
        self.headerHeight = list.windowFrame.minY + scroller.contentOffset + first.minY - scroller.windowFrame.minY
    }

    /// The JSON file for the harness.
    func write(size: PixelSize) throws(VitrineError) -> String {
        guard let layout = self.layout else {
            throw VitrineError(.invalidData, "\(self.gesture.stem): the gesture drew \(self.positions.count) frames, not past frame \(self.snapshotFrame)")
        }
        let frames = self.positions.map { "[" + $0.map { Self.number($0) }.joined(separator: ", ") + "]" }.joined(separator: ",\n")
        let damage = self.damages.map { rects in
            "[" + rects.map { "[\($0.minX), \($0.minY), \($0.width), \($0.height)]" }.joined(separator: ", ") + "]"
        }.joined(separator: ",\n")
        let json =
            "{\"kind\": \"\(self.kind)\", \"width\": \(size.width), \"height\": \(size.height),\n\(layout),\n\"frames\": [\n\(frames)\n],\n"
            + "\"damage\": [\n\(damage)\n]}\n"
        let path = self.folder + "/scene.json"
        try FileBytes.writeAtomically(Array(json.utf8), to: path)
        return path
    }

    // MARK: - Reading the layout

    private func readLayout(_ session: SceneSession) -> String? {
        let run = session.run
        let root = run.window.root
        let s = self.scale
        let screen = root.backgroundColor ?? Theme.standard.background
        let background = "\"background\": " + Self.quoted(Self.color(screen))
        switch self.kind {
        case "list":
            guard let list = SceneGesture.list(run), let scroller = SceneGesture.scrollView(run),
                let row = Self.descendants(list).compactMap({ $0 as? ListRowView }).min(by: { $0.windowFrame.minY < $1.windowFrame.minY }),
                let group = row.superview, let first = list.rowFrame(section: 0, row: 0), let second = list.rowFrame(section: 0, row: 1)
            else { return nil }
            let area = scroller.windowFrame
            let under = self.elements(root, origin: .zero) { $0 === scroller }
            // The header: the list's views other than its groups, at offset 0.
            let top = Point(x: area.minX * s, y: (area.minY - scroller.contentOffset) * s)
            let header = self.elements(list, origin: top, includingSelf: false) { view in view === group || view is ListRowView }
            // A row: the group's band behind it, the hairline above it, its parts (texts and
            // the thumbnail bound to the delegate's index, as the data binds them).
            let rowTop = Point(x: area.minX * s, y: row.windowFrame.minY * s)
            var parts: [String] = []
            if let fill = group.backgroundColor {
                parts.append(Self.rect(Rect(x: group.windowFrame.minX * s - rowTop.x, y: 0, width: group.frame.width * s, height: row.frame.height * s), fill))
            }
            let hairlines = group.subviews.filter { !($0 is ListRowView) && $0.backgroundColor != nil && $0.frame.height <= 2 }
            if let hairline = hairlines.min(by: { abs($0.frame.minY - row.frame.minY) < abs($1.frame.minY - row.frame.minY) }),
                let color = hairline.backgroundColor
            {
                let frame = hairline.windowFrame
                let line = Rect(x: frame.minX * s - rowTop.x, y: frame.minY * s - rowTop.y, width: frame.width * s, height: max(1, frame.height * s))
                parts.append(String(Self.rect(line, color).dropLast()) + ", \"visible\": \"index > 0\"}")
            }
            let photos = self.rowPhotos(list)
            // The texts LongMenuConfig writes for item `index`.
            var bindings = [ObjectIdentifier(row.titleLabel): "\"Item \" + (index + 1)"]
            if let subtitle = row.subtitleLabel { bindings[ObjectIdentifier(subtitle)] = "\"Shelf \" + (index % 40 + 1)" }
            if let trailing = row.trailingLabel { bindings[ObjectIdentifier(trailing)] = "\"€ \" + (index % 9 + 1) + \".50\"" }
            parts += self.elements(row, origin: rowTop, bindings: bindings, photos: photos) { _ in false }
            if let thumbnail = row.thumbnailView { self.probe = Self.pixels(thumbnail.windowFrame, scale: s) }
            let listFrame = Self.pixels(area, scale: s)
            var json = background + ", \"under\": [" + under.joined(separator: ", ") + "], \"over\": [],\n"
            json += "\"list\": {" + Self.geometry(listFrame) + ", \"rows\": \(self.gesture.rows), "
            json += "\"cacheBuffer\": " + Self.number(ListView.overscan * s) + ", \"headerHeight\": " + Self.number(self.headerHeight * s)
            json += ", \"rowHeight\": " + Self.number((second.minY - first.minY) * s) + ",\n"
            json += "\"header\": [" + header.joined(separator: ", ") + "],\n\"row\": [" + parts.joined(separator: ",\n") + "]}"
            return json
        case "page":
            guard let stack = session.controller.navigation?.subviews.filter({ !$0.isHidden }), stack.count == 2 else { return nil }
            let pages = stack.map { page -> String in
                let origin = Point(x: page.windowFrame.minX * s, y: page.windowFrame.minY * s)
                let parts = self.elements(page, origin: origin) { _ in false }
                let fill = Self.color(page.backgroundColor ?? screen)
                return "{" + Self.geometry(Self.pixels(Rect(x: 0, y: page.windowFrame.minY, width: page.frame.width, height: page.frame.height), scale: s))
                    + ", \"background\": \(Self.quoted(fill)), \"elements\": [\(parts.joined(separator: ",\n"))]}"
            }
            self.reference = stack[1].backgroundColor ?? screen
            if let photo = Self.descendants(stack[1]).first(where: { $0 is ImageView }) {
                let frame = photo.windowFrame
                self.probe = Rect(x: (frame.minX - stack[1].windowFrame.minX) * s, y: frame.minY * s, width: frame.width * s, height: frame.height * s)
            }
            let under = self.elements(root, origin: .zero) { view in stack.contains { $0 === view } }
            return background + ", \"under\": [\(under.joined(separator: ", "))], \"pages\": [\(pages.joined(separator: ",\n"))]"
        default:
            guard let sheet = session.controller.contentSheet else { return nil }
            let container = sheet.containerView
            let under = self.elements(root, origin: .zero) { $0 === sheet }
            let origin = Point(x: container.windowFrame.minX * s, y: container.windowFrame.minY * s)
            let parts = self.elements(container, origin: origin, includingSelf: false) { _ in false }
            // No blur in Qt Quick's software backend: the backdrop gets the blur style's tint alone.
            let dim = sheet.backdropView.backgroundColor ?? Color(white: sheet.blurStyle.tintWhite, alpha: sheet.blurStyle.tintAlpha)
            let frame = Self.pixels(container.windowFrame, scale: s)
            let fill = container.backgroundColor ?? screen
            self.reference = fill
            if let photo = Self.descendants(container).first(where: { $0 is ImageView }) { self.probe = Self.pixels(photo.windowFrame, scale: s) }
            var json = background + ", \"under\": [" + under.joined(separator: ",\n") + "],\n"
            json += "\"sheet\": {\"x\": " + Self.number(frame.minX) + ", \"w\": " + Self.number(frame.width) + ", \"h\": " + Self.number(frame.height)
            json += ", \"radius\": " + Self.number(container.cornerRadii.topLeft * s) + ", \"color\": " + Self.quoted(Self.color(fill))
            json += ", \"dim\": " + Self.quoted(Self.color(dim)) + ", \"elements\": [" + parts.joined(separator: ",\n") + "]}"
            return json
        }
    }

    /// The row thumbnails' pictures by photo (row index mod the photo count), as a JavaScript
    /// array expression of file URLs.
    private func rowPhotos(_ list: ListView) -> String {
        var byPhoto: [Int: String] = [:]
        for row in Self.descendants(list).compactMap({ $0 as? ListRowView }) {
            guard let index = Int(row.row.title.dropFirst(5)).map({ $0 - 1 }), let image = row.thumbnailView?.image else { continue }
            byPhoto[index % LongMenuConfig.photos.count] = self.picture(image)
        }
        let urls = LongMenuConfig.photos.indices.map { i in
            Self.quoted("file://" + (byPhoto[i] ?? (self.folder + "/missing-\(i).png")))
        }
        return "[" + urls.joined(separator: ", ") + "][index % \(LongMenuConfig.photos.count)]"
    }

    /// Every visible rectangle, text and picture under `view` (itself too when `includingSelf`),
    /// in pixels from `origin`, back to front; views `skip` names are left out with what they
    /// hold.
    private func elements(
        _ view: View, origin: Point, includingSelf: Bool = true, bindings: [ObjectIdentifier: String] = [:], photos: String? = nil,
        skip: (View) -> Bool
    ) -> [String] {
        var out: [String] = []
        func walk(_ view: View, drawn: Bool, opacity inherited: Double) {
            let opacity = inherited * view.alpha
            guard !view.isHidden, opacity > 0.01 else { return }
            let faded = opacity < 0.999 ? ", \"opacity\": " + Self.number(opacity) + "}" : "}"
            let start = out.count
            if drawn {
                let f = view.windowFrame
                let frame = Rect(
                    x: f.minX * self.scale - origin.x, y: f.minY * self.scale - origin.y, width: f.width * self.scale, height: f.height * self.scale)
                if let fill = view.backgroundColor, fill.alpha > 0 {
                    out.append(Self.rect(frame, fill, radius: view.cornerRadii.topLeft * self.scale))
                }
                if let label = view as? Label, !label.text.isEmpty {
                    out.append(self.text(label, frame: frame, binding: bindings[ObjectIdentifier(label)]))
                }
                if let image = view as? ImageView, let pixels = image.image {
                    let source = photos.map { "\"expr\": " + Self.quoted($0) } ?? "\"source\": " + Self.quoted(self.picture(pixels))
                    out.append("{\"type\": \"image\", \(Self.geometry(frame)), \(source), \"radius\": \(Self.number(image.cornerRadius * self.scale))}")
                }
            }
            for i in start..<out.count where faded != "}" && !out[i].contains("\"opacity\"") { out[i] = String(out[i].dropLast()) + faded }
            for child in view.subviews where !skip(child) { walk(child, drawn: true, opacity: opacity) }
        }
        walk(view, drawn: includingSelf, opacity: 1)
        return out
    }

    private func text(_ label: Label, frame: Rect, binding: String?) -> String {
        let style = label.style
        let size = style.pointSize * self.scale
        let layout = label.layout(width: label.bounds.width)
        let lines = layout?.lines ?? []
        var lineHeight = 0.0
        if lines.count > 1 { lineHeight = (lines[1].baseline - lines[0].baseline) * self.scale }
        let weight =
            switch style.font.weight {
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            }
        let align =
            switch style.alignment {
            case .right: "right"
            case .center: "center"
            default: "left"
            }
        // A text that took one line stays one: Qt's line may be a pixel wider than the label
        // Vitrine fitted to its own.
        let maximum = lines.count == 1 ? 1 : (style.maximumLines ?? 0)
        let family: String
        switch style.font.source {
        case .family(let name): family = "\"family\": " + Self.quoted(name)
        case .file(let path, _): family = "\"fontFile\": " + Self.quoted(path)
        }
        // A measure narrower than the label: the lines wrap at it (left-aligned paragraphs).
        var box = frame
        if let measure = label.maximumMeasure, measure * self.scale < box.width { box.size.width = measure * self.scale }
        let content = binding.map { "\"expr\": " + Self.quoted($0) } ?? "\"text\": " + Self.quoted(label.text)
        return "{\"type\": \"text\", \(Self.geometry(box)), \(content), \(family), \"size\": \(Self.number(size)), \"weight\": \(weight), "
            + "\"tracking\": \(Self.number(style.tracking * size)), \"color\": \(Self.quoted(Self.color(label.textColor))), \"align\": \"\(align)\", "
            + "\"centered\": \(label.centersVertically), \"lines\": \(maximum), \"lineHeight\": \(Self.number(lineHeight))}"
    }

    /// A picture's pixels as a PNG in the scene's folder (each picture once).
    private func picture(_ pixels: PixelBuffer) -> String {
        if let known = self.pictures[ObjectIdentifier(pixels)] { return known }
        let path = self.folder + "/picture-\(self.pictures.count).png"
        try? PNGCodec.write(pixels, to: path)
        self.pictures[ObjectIdentifier(pixels)] = path
        return path
    }

    // MARK: - Helpers

    static func descendants(_ view: View) -> [View] { view.subviews.flatMap { [$0] + self.descendants($0) } }

    static func pixels(_ rect: Rect, scale: Double) -> Rect {
        Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
    }

    static func rect(_ frame: Rect, _ color: Color, radius: Double = 0) -> String {
        "{\"type\": \"rect\", \(self.geometry(frame)), \"color\": \(self.quoted(self.color(color))), \"radius\": \(self.number(radius))}"
    }

    static func geometry(_ frame: Rect) -> String {
        "\"x\": \(self.number(frame.minX)), \"y\": \(self.number(frame.minY)), \"w\": \(self.number(frame.width)), \"h\": \(self.number(frame.height))"
    }

    /// Qt's `#AARRGGBB`.
    static func color(_ color: Color) -> String {
        let hex = { (v: UInt8) in (v < 16 ? "0" : "") + String(v, radix: 16) }
        return "#" + hex(color.alpha) + hex(color.red) + hex(color.green) + hex(color.blue)
    }

    static func number(_ value: Double) -> String { String(fixed: value, decimals: 3) }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
