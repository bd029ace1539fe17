import VitrineCore
import VitrineGraphics

/// An attract slideshow: a full-screen carousel of three of the museum example's photos,
/// turning by itself every 6 seconds, the screen the idle action pushes (issue 35): the scene of
/// the `carousel-auto-advance` rows. A turn slides one photo out and the next in over the
/// pager's 0.4 s, over the whole screen.
public enum CarouselSlideConfig {
    /// The museum example's photos, in the order the carousel shows them.
    public static let photos = ["harbour", "lighthouse", "compass"]
    /// Seconds between turns.
    public static let interval = 6.0

    /// Writes `kiosk.json` into `directory`, the photos named by absolute path under
    /// `examples`/museum/images; returns the config's path.
    public static func write(into directory: String, examples: String) throws(VitrineError) -> String {
        let pages = Self.photos.map { #"{"type": "image", "image": "\#(examples)/museum/images/\#($0).jpg", "mode": "fill"}"# }
        let config = #"""
            {"version": 2, "start": "attract", "screens": {"attract": {"bar": "hidden", "content":
              {"type": "carousel", "id": "slideshow", "height": "fill", "interval": \#(Self.interval), "pages": [\#(pages.joined(separator: ", "))]}}}}
            """# + "\n"
        try FileBytes.writeAtomically(Array(config.utf8), to: directory + "/kiosk.json")
        return directory + "/kiosk.json"
    }
}
