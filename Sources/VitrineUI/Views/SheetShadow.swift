import VitrineCore
import VitrineGraphics

/// The soft shadow a sheet casts over the content behind it (SplitSheet's sheet, ContentSheet's
/// container): black at 16 % (alpha 40 of 255), blurred 5 points, moved 1 point up. Chosen by
/// eye on the demo's photo: a soft edge that lifts the sheet off a light picture without a dark
/// band, invisible on the dark palette's black and under a dark blur, as a shadow there should be.
///
/// Its reach (3 × blur + offset, 16 points) is what a drag pays for: every frame the strip it
/// covers above the moving sheet is drawn again, backdrop included. An 8-point blur 2 points up
/// (26 points) cost the 1080p sheet drag 20 % more instructions per frame (callgrind) and 9 %
/// at p99; this one, with the backdrop's upsampled blur kept (`BackdropState.upsampled`),
/// 7 % more than the same drag without a shadow, and 1 % less than the drag without a shadow
/// cost before that cache (`vitrine bench`'s sheet-drag note; Docs/rendering.md).
public enum SheetShadow {
    public static let standard = LayerShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 40), blur: 5, offset: Point(x: 0, y: -1))
}
