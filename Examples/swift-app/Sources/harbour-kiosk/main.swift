import Glibc
import HarbourKiosk
import VitrineCore
import VitrineRuntime
import VitrineSystem

/// On the panel: Vitrine's runtime opens the display and the touchscreen, takes the VT, tells
/// systemd it is ready, and runs the app's scene until SIGTERM. `--headless` draws the first
/// screen to harbour.png instead (for a machine without a display).
func main() throws {
    if CommandLine.arguments.contains("--headless") {
        let run = try HeadlessRunner(scene: HarbourKiosk.scene(), size: PixelSize(width: 1280, height: 800))
        try run.writeScreenshot(to: "harbour.png")
        print("wrote harbour.png")
        return
    }
    let runner = Runner(scene: HarbourKiosk.scene(), settings: RuntimeSettings(), loop: try EpollEventLoop())
    runner.onSceneEvent = { event in print("event: \(event)") }
    try runner.run()
}

do {
    try main()
} catch {
    print("harbour-kiosk: \(error)")
    exit(1)
}
