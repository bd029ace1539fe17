import VitrineCore
import VitrineGraphics

/// The soft shadow a sheet casts over the content behind it (SplitSheet's sheet, ContentSheet's
/// container): black at 16 % (alpha 40 of 255), blurred 8 points, moved 2 points up. Chosen by
/// eye on the demo's photo: a soft edge that lifts the sheet off a light picture without a dark
/// band, invisible on the dark palette's black and under a dark blur, as a shadow there should be.
public enum SheetShadow {
    public static let standard = LayerShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 40), blur: 8, offset: Point(x: 0, y: -2))
}
