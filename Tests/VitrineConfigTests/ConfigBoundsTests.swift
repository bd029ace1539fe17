import Testing
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineTestSupport

/// Every number a config gives is bounded (Docs/config.md lists the ranges), and the scene at
/// the extremes of those ranges draws: `minimumSheetHeight: 1e300` used to pass check-config and
/// trap `vitrine run` at its first frame, a crash loop under systemd.
@Suite("Config number bounds")
struct ConfigBoundsTests {
    /// Absurd values: beyond any range, the smallest subnormal-ish, and integers past 2^64.
    static let absurd = ["1e300", "-1e300", "1e-300", "-1", "123456789012345678901234567890"]

    /// Each field as a version 1 member or a version 2 document, `VALUE` where the number goes.
    static let fields: [(path: String, document: String)] = [
        ("theme.scale", #"{"version": 1, "theme": {"scale": VALUE}}"#),
        ("theme.typeScale", #"{"version": 1, "theme": {"typeScale": VALUE}}"#),
        ("theme.bodySize", #"{"version": 1, "theme": {"bodySize": VALUE}}"#),
        ("theme.titleSize", #"{"version": 1, "theme": {"titleSize": VALUE}}"#),
        ("theme.headlineSize", #"{"version": 1, "theme": {"headlineSize": VALUE}}"#),
        ("theme.captionSize", #"{"version": 1, "theme": {"captionSize": VALUE}}"#),
        ("theme.cornerRadius", #"{"version": 1, "theme": {"cornerRadius": VALUE}}"#),
        ("display.buffers", #"{"version": 1, "display": {"buffers": VALUE}}"#),
        ("display.headlessRefreshRate", #"{"version": 1, "display": {"headlessRefreshRate": VALUE}}"#),
        ("display.power.dimLevel", #"{"version": 1, "display": {"power": {"dimLevel": VALUE}}}"#),
        ("display.power.blankAfter", #"{"version": 1, "display": {"power": {"blankAfter": VALUE}}}"#),
        ("splitSheet.minimumSheetHeight", #"{"version": 1, "splitSheet": {"minimumSheetHeight": VALUE}}"#),
        ("splitSheet.snappingDistance", #"{"version": 1, "splitSheet": {"snappingDistance": VALUE}}"#),
        ("splitSheet.animationDuration", #"{"version": 1, "splitSheet": {"animationDuration": VALUE}}"#),
        ("contentSheet.collapsedHeight", #"{"version": 1, "contentSheet": {"collapsedHeight": VALUE}}"#),
        ("contentSheet.expandedHeight", #"{"version": 1, "contentSheet": {"expandedHeight": VALUE}}"#),
        ("onboarding.pages[0].progress", #"{"version": 1, "onboarding": {"pages": [{"progress": VALUE}], "completed": {}}}"#),
        ("screens.home.splitSheet.minimumSheetHeight", Self.screen(#""splitSheet": {"screen": "s", "minimumSheetHeight": VALUE}"#)),
        ("screens.home.splitSheet.snappingDistance", Self.screen(#""splitSheet": {"screen": "s", "snappingDistance": VALUE}"#)),
        ("screens.home.splitSheet.animationDuration", Self.screen(#""splitSheet": {"screen": "s", "animationDuration": VALUE}"#)),
        ("screens.home.content.spacing", Self.content(#"{"type": "vstack", "spacing": VALUE, "children": [{"type": "divider"}]}"#)),
        ("screens.home.content.padding", Self.content(#"{"type": "vstack", "padding": VALUE, "children": [{"type": "divider"}]}"#)),
        ("screens.home.content.padding.top", Self.content(#"{"type": "vstack", "padding": {"top": VALUE}, "children": [{"type": "divider"}]}"#)),
        ("screens.home.content.columns", Self.content(#"{"type": "grid", "columns": VALUE, "children": [{"type": "divider"}]}"#)),
        ("screens.home.content.minimumItemWidth", Self.content(#"{"type": "grid", "minimumItemWidth": VALUE, "children": [{"type": "divider"}]}"#)),
        ("screens.home.content.lines", Self.content(#"{"type": "text", "text": "a", "lines": VALUE}"#)),
        ("screens.home.content.width", Self.content(#"{"type": "text", "text": "a", "width": VALUE}"#)),
        ("screens.home.content.height", Self.content(#"{"type": "text", "text": "a", "height": VALUE}"#)),
        ("screens.home.content.cornerRadius", Self.content(#"{"type": "image", "image": "photo.png", "cornerRadius": VALUE}"#)),
        ("screens.home.content.imageAspectRatio", Self.content(#"{"type": "card", "title": "a", "imageAspectRatio": VALUE}"#)),
        ("screens.home.content.minLength", Self.content(#"{"type": "spacer", "minLength": VALUE}"#)),
        ("screens.home.content.action.height", Self.content(#"{"type": "button", "title": "a", "action": {"present": "s", "height": VALUE}}"#)),
        ("screens.home.content.action.expandedHeight", Self.content(#"{"type": "button", "title": "a", "action": {"present": "s", "expandedHeight": VALUE}}"#))
    ]

    /// `document` with its VALUE replaced by `value`.
    static func filled(_ document: String, _ value: String) -> String {
        document.split(separator: "VALUE", omittingEmptySubsequences: false).joined(separator: value)
    }

    static func screen(_ members: String) -> String {
        #"{"version": 2, "start": "home", "screens": {"home": {"content": {"type": "divider"}, "# + members + #"}, "s": {"content": {"type": "divider"}}}}"#
    }

    static func content(_ view: String) -> String {
        #"{"version": 2, "start": "home", "screens": {"home": {"content": "# + view + #"}, "s": {"content": {"type": "divider"}}}}"#
    }

    @Test("an absurd number in any bounded field is one error naming the field, the value and the range")
    func absurdValues() throws {
        let fixture = try ConfigFixture()
        for field in Self.fields {
            for value in Self.absurd {
                let path = try fixture.write(Self.filled(field.document, value), as: "bounds.json")
                let check = try ConfigDiagnosis.check(path: path, fonts: { _, _ in [] })
                let errors = ConfigFixture.describe(check.errors).filter { $0.hasPrefix(field.path + ":") }
                // 1e-300 and -1 are in range where the range starts at 0 or below 1.
                if check.errors.isEmpty, value == "1e-300" || value == "-1" { continue }
                #expect(errors.count == 1, "\(field.path) = \(value): \(ConfigFixture.describe(check.errors))")
                guard let error = errors.first else { continue }
                let shown = JSONValue.number(try #require(Double(value))).serialized()
                #expect(error.contains("expected a") && error.contains(shown), "\(error)")
                #expect(error.contains(" from ") || error.contains(" above ") || error.contains("at most"), "\(error)")
            }
        }
    }

    @Test("no field accepts 1e300 (every number has an upper bound)")
    func noUnboundedField() throws {
        let fixture = try ConfigFixture()
        for field in Self.fields {
            let check = fixture.check(Self.filled(field.document, "1e300"))
            #expect(!check.errors.isEmpty, "\(field.path) accepts 1e300")
        }
    }

    /// Every bounded number at the largest (or smallest) value its range allows.
    static let extreme = #"""
        {"version": 2, "start": "home",
         "theme": {"scale": 4, "typeScale": 4, "bodySize": 200, "titleSize": 200, "headlineSize": 200, "captionSize": 200, "cornerRadius": 65536},
         "screens": {
          "home": {"title": "Home", "bar": "visible",
           "content": {"type": "scroll", "content": {"type": "vstack", "spacing": 65536, "padding": 65536, "children": [
             {"type": "text", "text": "Wide text that wraps", "lines": 1000, "width": 65536},
             {"type": "grid", "columns": 24, "minimumItemWidth": 65536, "spacing": 65536, "padding": 65536, "children": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
             {"type": "image", "image": "builtin:landscape", "cornerRadius": 65536, "width": 65536, "height": 65536},
             {"type": "card", "title": "Card", "image": "builtin:landscape", "imageAspectRatio": 10, "action": {"present": "info", "height": 65536, "expandedHeight": 65536}},
             {"type": "card", "title": "Thin", "image": "builtin:landscape", "imageAspectRatio": 0.1},
             {"type": "spacer", "minLength": 65536},
             {"type": "button", "title": "Info", "action": {"present": "info", "height": 1e-300}},
             {"type": "text", "text": "tiny", "width": 1e-300, "height": 0}
           ]}},
           "splitSheet": {"screen": "sheet", "minimumSheetHeight": 65536, "snappingDistance": 65536, "animationDuration": 10, "shown": true}},
          "sheet": {"content": {"type": "vstack", "spacing": 0, "padding": 0, "children": [{"type": "text", "text": "Sheet"}]}},
          "info": {"content": {"type": "text", "text": "Info"}}
         }}
        """#

    @Test("a scene at the extremes of every range checks clean and draws every screen at scale 4 without trapping")
    func extremesRender() throws {
        let fixture = try ConfigFixture()
        let path = try fixture.write(Self.extreme, as: "extreme.json")
        let check = try ConfigDiagnosis.check(path: path, fonts: { _, _ in [] })
        #expect(check.errors.isEmpty, "\(ConfigFixture.describe(check.errors))")
        let out = fixture.directory.file("out")
        let shots = try KioskRenderer(configuration: check.configuration, baseDirectory: check.baseDirectory).render(
            size: PixelSize(width: 640, height: 400), scale: 4, into: out)
        #expect(shots.map(\.file).count >= 2, "\(shots.map(\.file))")
        for shot in shots { #expect(try PNGCodec.read(path: out + "/" + shot.file).size == PixelSize(width: 640, height: 400)) }
    }
}
