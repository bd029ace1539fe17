import VitrineCore
import VitrineGraphics

/// Shows an image scaled into its bounds (`.fill` crops, `.fit` letterboxes, `.stretch`).
public final class ImageView: View {
    public var image: PixelBuffer? {
        didSet { if oldValue !== self.image { self.setNeedsDisplay() } }
    }
    public var scaleMode: ScaleMode = .fill {
        didSet { if oldValue != self.scaleMode { self.setNeedsDisplay() } }
    }

    public init(image: PixelBuffer? = nil, scaleMode: ScaleMode = .fill, frame: Rect = .zero) {
        self.image = image
        self.scaleMode = scaleMode
        super.init(frame: frame)
        self.clipsToBounds = true
    }

    public override var drawsContent: Bool { true }

    public override func draw(in canvas: Canvas) {
        guard let image = self.image else { return }
        canvas.draw(image, in: self.bounds, mode: self.scaleMode)
    }
}

/// A thin bar filled to `progress` (0…1): the onboarding pager's 4-pt progress bar.
public final class ProgressBar: View {
    public let track = View()
    public let fill = View()

    /// 0…1; values outside are clamped. Changing it moves the fill view (a composite).
    public var progress: Double = 0 {
        didSet { self.setNeedsLayout() }
    }

    public init(frame: Rect = .zero, theme: Theme = .standard) {
        super.init(frame: frame)
        self.track.backgroundColor = theme.separator
        self.fill.backgroundColor = theme.tint
        self.addSubview(self.track)
        self.addSubview(self.fill)
    }

    public override func layoutSubviews() {
        let bounds = self.bounds
        let clamped = min(1, max(0, self.progress.isNaN ? 0 : self.progress))
        self.track.frame = bounds
        self.fill.frame = Rect(x: 0, y: 0, width: bounds.width * clamped, height: bounds.height)
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
            canvas.fillCircle(center: Point(x: x, y: y), radius: self.dotDiameter / 2, color: self.dotColor.interpolated(to: self.currentDotColor, fraction: closeness))
            x += self.dotDiameter + self.spacing
        }
    }
}
