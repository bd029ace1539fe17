import Synchronization
import VitrineCore

/// A blurred view of what is behind a layer (ContentSheet's backdrop), drawn before the layer's
/// own content.
public struct LayerBackdrop: Hashable, Sendable {
    public var style: BlurStyle
    /// Blur standard deviation in points.
    public var sigma: Double
    /// How much of the blur shows (0 = none, 1 = full): animated when the backdrop fades in and
    /// out with the sheet.
    public var intensity: Double

    public init(style: BlurStyle, sigma: Double = 20, intensity: Double = 1) {
        self.style = style
        self.sigma = sigma
        self.intensity = intensity
    }
}

/// A soft shadow drawn around a layer's shape (outside its frame too).
public struct LayerShadow: Hashable, Sendable {
    public var color: Color
    /// Blur in points (a Gaussian's standard deviation).
    public var blur: Double
    public var offset: Point

    public init(color: Color, blur: Double, offset: Point = .zero) {
        self.color = color
        self.blur = blur
        self.offset = offset
    }
}

/// A node of the layer tree: geometry, opacity, clipping, and content cached in a backing bitmap.
///
/// Content (background colour, corner radius, shadow and whatever `draw` paints) is rendered
/// into the backing only when it is marked dirty (`setNeedsDisplay()`, or a change of size,
/// colour, radius or shadow). Moving or fading a layer changes no pixels of its backing: the
/// `Compositor` composites the cached bitmap at the new place or opacity and damages only the
/// old and new rectangles. Coordinates are points; `frame` is in the parent's coordinates.
public final class Layer {
    /// Position and size in the superlayer's coordinates.
    public var frame: Rect {
        didSet { if oldValue.size != self.frame.size { self.setNeedsDisplay() } }
    }
    public var opacity: Double = 1
    /// With an opacity below 1, the layer and its sublayers fade as one picture (UIKit's
    /// `allowsGroupOpacity`, on by default there too): the subtree is composited into a scratch
    /// bitmap at full opacity, which is then composited with the opacity. Off, each layer of the
    /// subtree is composited with the product of the opacities on its own, so overlapping
    /// children show through each other (text shows its parent's background through it). A
    /// subtree that holds a backdrop layer always fades per layer (the blur draws straight into
    /// the frame).
    public var allowsGroupOpacity = true
    public var isHidden = false
    public var backgroundColor: Color? {
        didSet { if oldValue != self.backgroundColor { self.setNeedsDisplay() } }
    }
    /// Rounds the background, the shadow, and (with `clipsToBounds`) the sublayers.
    public var cornerRadii: CornerRadii = .zero {
        didSet { if oldValue != self.cornerRadii { self.setNeedsDisplay() } }
    }
    /// Cuts sublayers off at the layer's (rounded) bounds.
    public var clipsToBounds = false
    public var shadow: LayerShadow? {
        didSet { if oldValue != self.shadow { self.setNeedsDisplay() } }
    }
    /// Blurs what is behind the layer, under its content.
    public var backdrop: LayerBackdrop?
    /// Paints the content in the layer's own coordinates ((0, 0) is its top-left corner), over
    /// the background colour.
    public var draw: ((Canvas) -> Void)? {
        didSet { self.setNeedsDisplay() }
    }
    /// A promise that `draw` covers every pixel of the frame with opaque colour, but outside
    /// corners rounded by these radii (points): the compositor paints nothing under it there,
    /// as under an opaque background (UIKit's `isOpaque`). A photo filling its view is most of a
    /// page, and at 3840×2160 the page colour filled under it each frame of a page slide was
    /// 16 MB of writes. Nil: no promise. A layer that breaks it shows stale pixels through.
    public var opaqueContent: CornerRadii?
    /// A clipping layer whose sublayers mostly move together (a scroll view's content): when
    /// they all moved by the same whole pixels since the last frame, the compositor moves the
    /// pixels already composited inside the clip and paints only what came into view and what
    /// changed (`Compositor+Scroll`). Off, every moved layer is composited again.
    public var copiesMovedContent = false
    /// Content that changes with time alone (a spinner's arc): while the compositor paints the
    /// layer on screen (not hidden, not transparent, in the tree, not clipped away, not under
    /// opaque layers), it lists it in `Compositor.shownTimedLayers`, and the window redraws it at
    /// every frame. Off screen it is not listed, and nothing asks for frames for it.
    public var changesWithTime = false
    /// A name for logs and tests.
    public var name: String
    /// Unique for the life of the process: what the compositor remembers a layer by. (An
    /// `ObjectIdentifier` is not: a freed layer's address comes back for the next one, and a
    /// new screen built where an old one was freed would look unchanged and not be drawn.)
    public let serial: UInt64 = Layer.nextSerial.wrappingAdd(1, ordering: .relaxed).newValue
    private static let nextSerial = Atomic<UInt64>(0)

    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?

    /// Bumped whenever the content must be redrawn; the compositor compares it.
    private(set) var contentVersion: UInt64 = 1
    /// How many times the content was rendered into the backing (tests check moves do not redraw).
    public internal(set) var displayCount = 0
    var backing: PixelBuffer? {
        didSet { if oldValue !== self.backing { self.backingImage = self.backing.map { PixmanImage(buffer: $0) } } }
    }
    /// The backing wrapped for pixman once, not per composite.
    private(set) var backingImage: PixmanImage?
    var backingVersion: UInt64 = 0
    /// A layer that is only a rectangle of one colour has no backing: it is composited from
    /// this solid source (see `Compositor.solidColor(of:scale:)`).
    var solidFill: (color: Color, image: PixmanImage)?

    public init(frame: Rect = .zero, name: String = "layer") {
        self.frame = frame
        self.name = name
    }

    /// Marks the content for redrawing before the next composite.
    public func setNeedsDisplay() {
        self.contentVersion &+= 1
    }

    public func addSublayer(_ layer: Layer) {
        self.insertSublayer(layer, at: self.sublayers.count)
    }

    public func insertSublayer(_ layer: Layer, at index: Int) {
        layer.removeFromSuperlayer()
        self.sublayers.insert(layer, at: min(max(0, index), self.sublayers.count))
        layer.superlayer = self
    }

    public func removeFromSuperlayer() {
        guard let parent = self.superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        self.superlayer = nil
    }

    /// Whether the layer draws anything itself (it may still only hold sublayers).
    var hasContent: Bool {
        (self.backgroundColor?.alpha ?? 0) > 0 || self.draw != nil || self.shadow != nil
    }

    /// Whether the content covers every pixel of the frame outside the rounded corners with
    /// opaque colour: only an opaque background promises that.
    var backgroundIsOpaque: Bool { self.backgroundColor?.isOpaque ?? false }

    /// The corners outside which the layer's own pixels are all opaque (points), nil where they
    /// are not: an opaque background's radii, else the content's promise, rounded further by
    /// the layer's own corners when it clips its content to them.
    var opaqueCorners: CornerRadii? {
        if self.backgroundIsOpaque { return self.cornerRadii }
        guard let content = self.opaqueContent?.fitted(to: self.frame.size) else { return nil }
        guard self.clipsToBounds else { return content }
        let own = self.cornerRadii
        return CornerRadii(
            topLeft: max(content.topLeft, own.topLeft), topRight: max(content.topRight, own.topRight),
            bottomRight: max(content.bottomRight, own.bottomRight), bottomLeft: max(content.bottomLeft, own.bottomLeft))
    }
}
