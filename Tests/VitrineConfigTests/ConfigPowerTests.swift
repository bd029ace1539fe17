import Testing
import VitrineCore
import VitrineKiosk
import VitrineRuntime

/// `display.power`: read into `PowerSettings`, written back, every mistake named by its field.
@Suite("Kiosk config: display power")
struct ConfigPowerTests {
    static func document(_ power: String) -> String {
        #"{"version": 2, "display": {"power": "# + power + #"}, "screens": {"home": {"title": "Lobby", "content": {"type": "text", "text": "Hi"}}}}"#
    }

    @Test("a good power section lands in PowerSettings and survives the trip back to JSON")
    func good() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(
            Self.document(
                #"""
                {"schedule": [{"days": ["mon","tue","wed","thu","fri"], "on": "07:30", "off": "22:00"}, {"days": ["sat","sun"], "on": "18:00", "off": "02:00"}],
                 "blankAfter": 600, "dimAfter": 300, "dimLevel": 0.3, "backlight": "auto"}
                """#))
        #expect(check.errors.isEmpty, "\(ConfigFixture.describe(check.errors))")
        #expect(check.warnings.isEmpty, "\(ConfigFixture.describe(check.warnings))")
        let power = try #require(check.configuration.display.power)
        #expect(power.schedule.periods.count == 2)
        #expect(power.schedule.periods[0].days == [.mon, .tue, .wed, .thu, .fri])
        #expect(power.schedule.periods[1].crossesMidnight)
        #expect(power.schedule.isOn(weekday: .sun, hour: 1, minute: 0))
        #expect(!power.schedule.isOn(weekday: .mon, hour: 7, minute: 29))
        #expect(power.blankAfter == 600 && power.dimAfter == 300 && power.dimLevel == 0.3 && power.backlight == .auto)
        let again = fixture.check(check.configuration.json.serialized(exactNumbers: true))
        #expect(again.errors.isEmpty)
        #expect(again.configuration == check.configuration)
        // Without a power section there is none (always on), and none is written.
        let plain = fixture.check(#"{"version": 2, "screens": {"home": {"title": "Lobby", "content": {"type": "text", "text": "Hi"}}}}"#)
        #expect(plain.configuration.display.power == nil)
        #expect(plain.configuration.json["display"]?["power"] == nil)
        // null backlight and null delays.
        let none = fixture.check(Self.document(#"{"blankAfter": null, "backlight": null}"#))
        #expect(none.errors.isEmpty)
        #expect(none.configuration.display.power == PowerSettings(backlight: .none))
    }

    @Test(
        "each mistake names its field and what to write instead",
        arguments: [
            (
                #"{"schedule": [{"days": ["mon"], "on": "7:30", "off": "22:00"}]}"#,
                #"display.power.schedule[0].on: "7:30" is not a time (use HH:MM on the 24-hour clock, e.g. 07:30)"#
            ),
            (
                #"{"schedule": [{"days": ["mon"], "on": "07:30", "off": "24:00"}]}"#,
                #"display.power.schedule[0].off: "24:00" is not a time (use HH:MM on the 24-hour clock, e.g. 07:30)"#
            ),
            (
                #"{"schedule": [{"days": ["mon", "tues"], "on": "07:30", "off": "22:00"}]}"#,
                #"display.power.schedule[0].days[1]: "tues" is not a day (use mon, tue, wed, thu, fri, sat or sun) (did you mean tue?)"#
            ),
            (
                #"{"schedule": [{"days": [], "on": "07:30", "off": "22:00"}]}"#,
                #"display.power.schedule[0].days: expected a non-empty array of days such as ["mon", "tue"], found an array"#
            ),
            (
                #"{"schedule": [{"on": "07:30", "off": "22:00"}]}"#,
                #"display.power.schedule[0].days: missing: a schedule entry needs its days, e.g. ["mon", "tue", "wed", "thu", "fri"]"#
            ),
            (
                #"{"schedule": [{"days": ["sun"], "on": "07:30"}]}"#,
                "display.power.schedule[0].off: missing: a schedule entry needs an off time (HH:MM)"
            ),
            (
                #"{"schedule": [{"days": ["sun"], "on": "07:30", "off": "07:30"}]}"#,
                "display.power.schedule[0].off: is the same time as on (07:30): for a panel always on, leave the schedule out"
            ),
            (
                #"{"blankAfter": 300, "dimAfter": 300}"#,
                "display.power.dimAfter: must be less than blankAfter (300 s is not less than 300 s): the panel dims first, then blanks"
            ),
            (#"{"dimLevel": 1.5}"#, "display.power.dimLevel: expected a number from 0 to 1, found 1.5"),
            (#"{"blankAfter": 0}"#, "display.power.blankAfter: expected a number above 0 and at most 604800, found 0"),
            (#"{"backlight": "../x"}"#, #"display.power.backlight: "../x" is not a device name (use "auto", a name from /sys/class/backlight, or null)"#),
            (#"{"backlight": 1}"#, #"display.power.backlight: expected "auto", a device name or null, found a number"#)
        ])
    func mistakes(power: String, expected: String) throws {
        let check = try ConfigFixture().check(Self.document(power))
        #expect(ConfigFixture.describe(check.errors) == [expected])
    }

    @Test("an unknown backlight device is a warning naming /sys/class/backlight and its entries; dimming without a backlight too")
    func warnings() throws {
        let fixture = try ConfigFixture()
        let check = fixture.check(Self.document(#"{"backlight": "no-such-backlight-here", "dimAfter": 30}"#))
        #expect(check.errors.isEmpty)
        let lines = ConfigFixture.describe(check.warnings)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(#"display.power.backlight: no backlight "no-such-backlight-here" in /sys/class/backlight (present: "#) == true)
        #expect(check.configuration.display.power?.backlight == .device("no-such-backlight-here"))
        let dark = fixture.check(Self.document(#"{"backlight": null, "dimAfter": 30}"#))
        #expect(ConfigFixture.describe(dark.warnings) == ["display.power.dimAfter: dimming needs a backlight, and backlight is null: the panel will not dim"])
    }
}
