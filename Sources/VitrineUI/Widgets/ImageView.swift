import VitrineCore
import VitrineGraphics

/// Shows an image in its bounds: `.fit` whole and letterboxed, `.fill` cropped around `focus`,
/// `.center` at one image pixel per screen pixel, `.stretch` distorted. The aspect ratio is kept
/// in every mode but `.stretch`.
///
/// `cornerRadius` rounds the picture itself, not the box: a fitted portrait in a wide frame gets
/// rounded corners where the picture ends. In a stack with no height of its own the view is as
/// tall as the image's aspect ratio makes it at the width it is given (`sizeThatFits`).
public final class ImageView: View {
    public var image: PixelBuffer? {
        didSet {
            if oldValue !== self.image {
                self.setNeedsDisplay()
                // Layout depends on the image's size only (an animation's frames share theirs).
                if oldValue?.size != self.image?.size { self.superview?.setNeedsLayout() }
                self.updateOpaqueness()
            }
        }
    }
    /// An animated GIF or WebP's frames, played on the window's clock at their times while the
    /// view can be seen (`ImagePlayback`); setting it shows its first frame as `image`. Nil for a
    /// still image (setting `image` alone keeps the animation; set this to nil to stop it).
    public var animation: AnimatedImage? {
        didSet {
            guard oldValue !== self.animation else { return }
            self.startAnimation()
        }
    }

    private func startAnimation() {
        self.playback?.stop()
        self.playback = self.animation.map { ImagePlayback($0, view: self) }
        if let first = self.animation?.frames.first { self.image = first }
        self.playback?.resume()
    }
    private var playback: ImagePlayback?

    /// The frame the animation has on screen (0 for a still image).
    public var animationFrameIndex: Int { self.playback?.index ?? 0 }

    /// Puts up one frame of the animation.
    func showFrame(_ frame: PixelBuffer) {
        self.image = frame
    }

    public var scaleMode: ScaleMode = .fill {
        didSet {
            if oldValue != self.scaleMode {
                self.setNeedsDisplay()
                self.updateOpaqueness()
            }
        }
    }
    /// The point of the image (0…1 each way) kept in view when it is cropped.
    public var focus = Point(x: 0.5, y: 0.5) {
        didSet {
            if oldValue != self.focus {
                self.setNeedsDisplay()
                self.updateOpaqueness()
            }
        }
    }
    /// Rounds the picture's corners (points).
    public var cornerRadius = 0.0 {
        didSet {
            if oldValue != self.cornerRadius {
                self.setNeedsDisplay()
                self.updateOpaqueness()
            }
        }
    }

    public init(image: PixelBuffer? = nil, scaleMode: ScaleMode = .fill, frame: Rect = .zero) {
        self.image = image
        self.scaleMode = scaleMode
        super.init(frame: frame)
        self.clipsToBounds = true
        self.updateOpaqueness()
    }

    /// An animated image's view: its first frame, played while seen (`animation`).
    public convenience init(animation: AnimatedImage, scaleMode: ScaleMode = .fill, frame: Rect = .zero) {
        self.init(image: animation.frames[0], scaleMode: scaleMode, frame: frame)
        // Observers do not run for a property set in an initialiser.
        self.animation = animation
        self.startAnimation()
    }

    public override func layoutSubviews() {
        self.updateOpaqueness()
    }

    /// An image without alpha (JPEG, a PNG with no alpha channel: `.xrgb8888`) that covers the
    /// bounds promises opaque content inside its rounded corners, so the compositor paints
    /// nothing under it (`Layer.opaqueContent`). `.fill` and `.stretch` always cover; `.fit` and
    /// `.center` when the picture reaches every edge to within half a pixel, where the canvas
    /// rounds its edges onto the bounds' (a view as tall as its width and the image's aspect
    /// make it, the usual `fit` in a stack).
    private func updateOpaqueness() {
        guard let image = self.image, image.format == .xrgb8888, image.width > 0, image.height > 0, self.pictureCovers(image) else {
            self.layer.opaqueContent = nil
            return
        }
        self.layer.opaqueContent = CornerRadii(all: max(0, self.cornerRadius))
    }

    private func pictureCovers(_ image: PixelBuffer) -> Bool {
        if self.scaleMode == .fill || self.scaleMode == .stretch { return true }
        let bounds = self.bounds
        guard bounds.width > 0, bounds.height > 0 else { return false }
        let scale = self.window?.scale ?? 1
        let picture = ScaleMode.placement(of: image.size, in: bounds, mode: self.scaleMode, focus: self.focus, scale: scale)
        let slack = 0.499 / scale
        return picture.minX <= bounds.minX + slack && picture.minY <= bounds.minY + slack && picture.maxX >= bounds.maxX - slack
            && picture.maxY >= bounds.maxY - slack
    }

    /// An image is an element only with a description (its `accessibilityLabel`, a config's
    /// `description`); without one it is decoration, passed over.
    public override var accessibilityRole: AccessibilityRole? { (self.accessibilityLabel?.isEmpty ?? true) ? nil : .image }

    public override var drawsContent: Bool { true }

    /// Width over height of the image (1 without one).
    public var aspectRatio: Double {
        guard let image = self.image, image.width > 0, image.height > 0 else { return 1 }
        return Double(image.width) / Double(image.height)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        guard let image = self.image else { return Size(width: size.width.isFinite ? size.width : 0, height: 0) }
        let aspect = self.aspectRatio
        let scale = self.window?.scale ?? 1
        switch (size.width.isFinite, size.height.isFinite) {
        case (true, true):
            // Within both: the largest picture of the image's shape.
            let width = min(size.width, size.height * aspect)
            return Size(width: width, height: width / aspect)
        case (true, false): return Size(width: size.width, height: size.width / aspect)
        case (false, true): return Size(width: size.height * aspect, height: size.height)
        case (false, false): return Size(width: Double(image.width) / scale, height: Double(image.height) / scale)
        }
    }

    public override func draw(in canvas: Canvas) {
        // Drawn means in a window: an animation added off a window starts here.
        self.playback?.resume()
        guard let image = self.image else { return }
        let bounds = self.bounds
        canvas.draw(image, in: bounds, mode: self.scaleMode, focus: self.focus)
        guard self.cornerRadius > 0 else { return }
        let picture = canvas.placement(ofImage: image.size, in: bounds, mode: self.scaleMode, focus: self.focus).intersection(bounds)
        canvas.keepOnly(inside: picture, cornerRadii: CornerRadii(all: self.cornerRadius).fitted(to: picture.size))
    }
}

/// Dots for pages, the current one highlighted.
public final class PageIndicator: View {
    public var numberOfPages: Int = 0 {
        didSet { self.setNeedsDisplay() }
    }
    /// May be fractional while a swipe is in progress: the highlight moves between dots.
    public var currentPage: Double = 0 {
        didSet { if oldValue != self.currentPage { self.setNeedsDisplay() } }
    }
    public var dotColor: Color
    public var currentDotColor: Color
    /// Dot diameter and gap, in points (UIPageControl's look: 7 pt dots, 9 pt apart).
    public var dotDiameter = 7.0
    public var spacing = 9.0

    public init(frame: Rect = .zero, theme: Theme = .standard) {
        self.dotColor = theme.separator
        self.currentDotColor = theme.label
        super.init(frame: frame)
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        guard self.numberOfPages > 0 else { return }
        let total = Double(self.numberOfPages) * self.dotDiameter + Double(self.numberOfPages - 1) * self.spacing
        var x = (self.bounds.width - total) / 2 + self.dotDiameter / 2
        let y = self.bounds.height / 2
        for page in 0..<self.numberOfPages {
            let closeness = max(0, 1 - abs(Double(page) - self.currentPage))
            canvas.fillCircle(
                center: Point(x: x, y: y), radius: self.dotDiameter / 2, color: self.dotColor.interpolated(to: self.currentDotColor, fraction: closeness))
            x += self.dotDiameter + self.spacing
        }
    }
}
