import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// The QR code, the progress bar and the spinner in the default look (issue 35, items 2 and 3),
/// light and dark, at scale 1 and 2: a receipt screen a ticket machine shows while it prints.
@Suite("Activity goldens: QR code, progress bar, spinner in both palettes")
struct ActivityGoldenTests {
    static func config(palette: String) -> String {
        #"""
        {"version": 2, "theme": {"palette": "\#(palette)"}, "state": {"done": 4},
         "screens": {"receipt": {"title": "Your ticket", "content": {"type": "hstack", "spacing": 40, "padding": 40, "alignment": "center", "children": [
           {"type": "vstack", "width": 280, "spacing": 12, "alignment": "center", "children": [
             {"type": "qrCode", "id": "qr", "text": "https://museum.example/receipt/2026-12-05/0042"},
             {"type": "text", "text": "Scan for your receipt", "style": "footnote", "color": "secondaryLabel", "align": "center"}]},
           {"type": "vstack", "width": "fill", "spacing": 16, "children": [
             {"type": "text", "text": "Printing your ticket", "style": "title2"},
             {"type": "progress", "id": "bar", "value": {"bind": "state.done / 10"}, "accessibilityLabel": "Printing"},
             {"type": "text", "text": "4 of 10 pages", "style": "footnote", "color": "secondaryLabel"},
             {"type": "hstack", "spacing": 12, "alignment": "center", "children": [
               {"type": "spinner", "id": "spinner", "width": 48},
               {"type": "text", "text": "Checking your card"}]}]}]}}}}
        """#
    }

    @Test(
        "the receipt screen matches its golden in light and dark at scale 1, and light at scale 2",
        arguments: [("light", 1.0), ("dark", 1.0), ("light", 2.0)])
    func receipt(palette: String, scale: Double) throws {
        let fixture = try FixtureFolder()
        let loaded = try KioskConfigLoader.load(path: try fixture.write(Self.config(palette: palette)))
        #expect(loaded.warnings.isEmpty, "\(loaded.warningLines)")
        let size = PixelSize(width: Int(800 * scale), height: Int(480 * scale))
        let kiosk = try KioskRun(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory, size: size, scale: scale)
        // Nothing cut off: each view lies inside the window with its own size.
        for id in ["qr", "bar", "spinner"] {
            let view = try #require(kiosk.view(id))
            let frame = view.windowFrame
            #expect(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= 800 && frame.maxY <= 480, "\(id) at \(frame)")
        }
        // The plate: 41 modules of 5 pixels at scale 1 (205 points), of 11 at scale 2 (225.5).
        #expect(kiosk.view("qr")?.frame.height == (scale == 1 ? 205 : 225.5))
        #expect(kiosk.view("spinner")?.frame.size == Size(width: 48, height: 48))
        #expect(kiosk.view("bar")?.frame.height == ProgressBar.standardHeight)
        let screen = try #require(kiosk.run.screenshot)
        let name = "receipt-\(palette)@\(Int(scale))x"
        let snapshots = GoldenImage.snapshotDirectory() + "/activity"
        try Directory.create(snapshots)
        let comparison = GoldenImage.compare(screen, name: name, directory: snapshots)
        #expect(comparison.matches(tolerance: 3), "\(comparison)")
    }
}
