import Glibc
import Testing
import VitrineCore
import VitrineDRM
import VitrineGraphics
import VitrineKiosk
import VitrineSystem
import VitrineUI

@Suite("Kiosk config parsing")
struct ConfigParsingTests {
    @Test("a file with only a version is the default configuration, with no warnings")
    func defaults() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(#"{"version": 1}"#)
        #expect(check.errors.isEmpty)
        #expect(check.warnings.isEmpty)
        #expect(check.v1 == KioskConfigurationV1())
        #expect(check.baseDirectory == fixture.directory.path)
    }

    @Test("every section's fields land in the model")
    func everyField() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            """
            {
              "version": 1,
              "display": {"output": "drm", "device": "/dev/dri/card1", "fbdevDevice": "/dev/fb1", "connector": "HDMI-A-1",
                          "mode": "1920x1080@59.94", "rotation": 270, "buffers": 3, "headlessSize": "800x480", "headlessRefreshRate": 30},
              "input": {"seat": "seat1", "calibrationDirectory": "/etc/vitrine/calibration"},
              "theme": {"tint": "#FF8800", "background": "#10203040", "surface": "#FFFFFF", "label": "#000000", "secondaryLabel": "#777777",
                        "separator": "#CCCCCC", "onTint": "#000000", "handleColor": "#00000080", "fontFamily": "Noto Sans",
                        "bodySize": 20, "titleSize": 32, "headlineSize": 21, "captionSize": 14, "cornerRadius": 0, "scale": 2},
              "onboarding": {"pages": [{"title": "One", "body": "First", "image": "photo.png", "backgroundColor": "#112233", "progress": 0.25}],
                             "completed": {"title": "Done", "image": "photo.jpg"}, "startButtonTitle": "Go"},
              "main": {"title": "Lobby", "image": "builtin:hills", "backgroundColor": "#333333",
                       "buttons": [{"title": "Plan", "action": "presentContentSheet"}, {"title": "Again", "action": "restartOnboarding"}]},
              "splitSheet": {"title": "Hours", "text": "Open daily", "image": "photo.jpg", "items": ["Mon", "Tue"], "displaceContent": false,
                             "showHandle": false, "minimumSheetHeight": 300, "snappingDistance": 80, "animationDuration": 0.4, "swipeUpToShowAllowed": false},
              "contentSheet": {"title": "List", "text": "Scroll", "items": ["a"], "collapsedHeight": 300, "expandedHeight": 600,
                               "showDefaultHeader": false, "blurBackground": false, "blurStyle": "extraLight",
                               "dismissOnTouchOutside": false, "enablePanGesture": false}
            }
            """)
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        // Every field is known; the made-up colours' contrast warnings are ConfigThemeTests' subject.
        #expect(check.warnings.filter { !$0.message.contains("WCAG 2.2 AA") }.isEmpty, "\(check.warningLines)")
        let config = try #require(check.v1)
        #expect(config.display.kind == .drm)
        #expect(config.display.drm.devicePath == "/dev/dri/card1")
        #expect(config.display.fbdevPath == "/dev/fb1")
        #expect(config.display.drm.connectorName == "HDMI-A-1")
        #expect(config.display.drm.mode == ModeRequest(width: 1920, height: 1080, refreshRate: 59.94))
        #expect(config.display.rotation == .clockwise270)
        #expect(config.display.drm.bufferCount == 3)
        #expect(config.display.headlessSize == PixelSize(width: 800, height: 480))
        #expect(config.display.headlessRefreshRate == 30)
        #expect(config.input.seat == "seat1")
        #expect(config.input.calibrationDirectory == "/etc/vitrine/calibration")
        #expect(config.theme.tint == Color(red: 0xFF, green: 0x88, blue: 0))
        #expect(config.theme.background == Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x40))
        #expect(config.theme.handleColor == Color(red: 0, green: 0, blue: 0, alpha: 0x80))
        #expect(config.theme.fontFamily == "Noto Sans")
        #expect(config.theme.bodySize == 20 && config.theme.titleSize == 32 && config.theme.headlineSize == 21 && config.theme.captionSize == 14)
        #expect(config.theme.cornerRadius == 0)
        #expect(config.scale == 2)
        #expect(
            config.onboarding.pages == [PageSettings(title: "One", body: "First", image: "photo.png", backgroundColor: Color(hex: "#112233")!, progress: 0.25)])
        #expect(
            config.onboarding.completed
                == PageSettings(title: "Done", body: "", image: "photo.jpg", backgroundColor: PageSettings.defaultBackgroundColor, progress: 1))
        #expect(config.onboarding.startButtonTitle == "Go")
        #expect(config.main.title == "Lobby")
        #expect(config.main.image == "builtin:hills")
        #expect(
            config.main.buttons == [ButtonSettings(title: "Plan", action: .presentContentSheet), ButtonSettings(title: "Again", action: .restartOnboarding)])
        #expect(config.splitSheet.content == SheetContentSettings(title: "Hours", text: "Open daily", image: "photo.jpg", items: ["Mon", "Tue"]))
        #expect(!config.splitSheet.displaceContent && !config.splitSheet.showHandle && !config.splitSheet.swipeUpToShowAllowed)
        #expect(config.splitSheet.minimumSheetHeight == 300 && config.splitSheet.snappingDistance == 80 && config.splitSheet.animationDuration == 0.4)
        #expect(config.contentSheet.content == SheetContentSettings(title: "List", text: "Scroll", items: ["a"]))
        #expect(config.contentSheet.collapsedHeight == 300 && config.contentSheet.expandedHeight == 600)
        #expect(config.contentSheet.blurStyle == .extraLight)
        #expect(!config.contentSheet.showDefaultHeader && !config.contentSheet.blurBackground)
        #expect(!config.contentSheet.dismissOnTouchOutside && !config.contentSheet.enablePanGesture)
    }

    @Test("pages without a progress share the bar evenly; a page's colour defaults to a dark grey")
    func pageDefaults() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(#"{"version": 1, "onboarding": {"pages": [{}, {"progress": 0.9}, {}, {}], "completed": {}}}"#)
        #expect(check.errors.isEmpty)
        #expect(check.v1!.onboarding.pages.map(\.progress) == [0.25, 0.9, 0.75, 1])
        #expect(check.v1!.onboarding.pages.allSatisfy { $0.backgroundColor == PageSettings.defaultBackgroundColor })
        #expect(check.v1!.onboarding.completed?.progress == 1)
    }

    @Test("null turns an optional setting back to automatic; keys starting with // are comments")
    func nullsAndComments() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            #"{"//": "a note", "version": 1, "display": {"//mode": "try 1280x800", "mode": null, "connector": null}, "onboarding": {"completed": null}, "main": {"image": null}, "contentSheet": {"expandedHeight": null}}"#
        )
        #expect(check.errors.isEmpty)
        #expect(check.warnings.isEmpty)
        #expect(check.v1 == KioskConfigurationV1())
    }

    @Test("the demo serialised and read back is the demo")
    func demoRoundTrip() throws {
        let text = KioskDemo.configuration.json.serialized(exactNumbers: true)
        let check = KioskConfigLoader.check(text: text, file: "demo.json", baseDirectory: "/nonexistent")
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        #expect(check.warnings.isEmpty, "\(check.warningLines)")
        #expect(check.configuration == KioskDemo.configuration)
    }

    @Test("the built-in demo is Examples/demo/kiosk.json, byte for byte (scripts/embed-demo.py copies it)")
    func demoIsTheExampleFile() throws {
        let bytes = try FileReader.read(examplesDirectory + "/demo/kiosk.json", limit: KioskConfigLoader.largestFile, what: "a config file")
        #expect(bytes == Array(KioskDemo.text.utf8))
        let check = try KioskConfigLoader.check(path: examplesDirectory + "/demo/kiosk.json")
        #expect(check.errors.isEmpty && check.warnings.isEmpty, "\(check.errorLines + check.warningLines)")
        #expect(check.configuration.version == 2)
    }

    @Test("a configuration that changes every display, input and theme field survives serialising and parsing")
    func everyFieldRoundTrip() throws {
        let fixture = try ConfigFixture()
        var config = KioskDemo.configuration
        config.display.kind = .headless
        config.display.drm = DRMOutputOptions(
            devicePath: "/dev/dri/card2", connectorName: "DSI-1", mode: ModeRequest(width: 800, height: 480, refreshRate: 59.94), rotation: .upsideDown,
            bufferCount: 1)
        config.display.fbdevPath = "/dev/fb2"
        config.display.headlessSize = PixelSize(width: 1024, height: 600)
        config.display.headlessRefreshRate = 75.5
        config.input.seat = "seat-lobby"
        config.input.calibrationDirectory = "/srv/calibration"
        config.theme.tint = Color(red: 1, green: 2, blue: 3, alpha: 4)
        config.theme.fontFamily = "Lohit Devanagari"
        config.theme.cornerRadius = 7.25
        config.theme.captionSize = 11
        config.theme.typeScale = 1.25
        config.scale = 1.75
        let check = fixture.check(config.json.serialized(exactNumbers: true))
        #expect(check.errors.isEmpty, "\(check.errorLines)")
        #expect(check.configuration == config)
    }

    @Test("every version 1 example in Examples/ is valid, without warnings, and reads back after --print as version 2")
    func examples() throws {
        for name in ["kiosk.json", "minimal.json", "no-onboarding.json"] {
            let check = try KioskConfigLoader.check(path: examplesDirectory + "/" + name)
            #expect(check.errors.isEmpty, "\(check.errorLines)")
            #expect(check.warnings.isEmpty, "\(check.warningLines)")
            // --print writes the converted file; it reads back to the same scene.
            let again = KioskConfigLoader.check(text: check.configuration.json.serialized(exactNumbers: true), file: name, baseDirectory: check.baseDirectory)
            #expect(again.errors.isEmpty, "\(again.errorLines)")
            // (The converted scene names its views by the version 1 fields; read back, by their v2 paths.)
            #expect(again.configuration.json == check.configuration.json)
        }
        let kiosk = try #require(try KioskConfigLoader.load(path: examplesDirectory + "/kiosk.json").v1)
        #expect(kiosk.onboarding.pages.count == 3 && kiosk.onboarding.pages.allSatisfy { $0.image != nil })
        #expect(Set(kiosk.main.buttons.map(\.action)) == Set(ButtonAction.allCases))
    }

    @Test("the examples' images exist, decode, and are small")
    func exampleImages() throws {
        var total = 0
        for name in ["entrance.jpg", "galleries.jpg", "garden.jpg", "hall.jpg", "floor-plan.png"] {
            let bytes = try FileReader.read(examplesDirectory + "/images/" + name, limit: ImageStore.largestFile, what: "an image file")
            let image = try ImageStore.decode(bytes, name: name)
            #expect(image.width > 0 && image.height > 0)
            total += bytes.count
        }
        #expect(total < 300 * 1024)
    }

    @Test("a config file's folder is where its images are looked for")
    func baseDirectory() {
        #expect(KioskConfigLoader.baseDirectory(ofFile: "/etc/vitrine/kiosk.json") == "/etc/vitrine")
        // A file given relative to the working directory: its folder is made absolute, so a
        // missing image says which folder was searched.
        var cwd = [CChar](repeating: 0, count: 4096)
        #expect(KioskConfigLoader.baseDirectory(ofFile: "kiosk.json") == String(cString: getcwd(&cwd, cwd.count)))
        #expect(KioskConfigLoader.baseDirectory(ofFile: "/kiosk.json") == "/")
        #expect(KioskImages.resolve("images/a.png", baseDirectory: "/etc/vitrine") == "/etc/vitrine/images/a.png")
        #expect(KioskImages.resolve("/srv/a.png", baseDirectory: "/etc/vitrine") == "/srv/a.png")
        #expect(KioskImages.resolve("a.png", baseDirectory: "/") == "/a.png")
        #expect(KioskImages.resolve("a.png", baseDirectory: ".") == "a.png")
    }
}
