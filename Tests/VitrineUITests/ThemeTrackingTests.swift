import Testing
import VitrineUI

/// The theme's letter spacing: Inter's dynamic metrics (issue 17).
@Suite("Theme tracking")
struct ThemeTrackingTests {
    @Test("the theme tracks Inter by its dynamic metrics, and other families not at all")
    func themeTracking() {
        var theme = Theme()
        #expect(theme.fontFamily == "Inter")
        // −0.0223 + 0.185 · e^(−0.1745 · size) (rsms.me/inter/dynmetrics).
        #expect(abs(theme.tracking(atPointSize: 17) - -0.01278) < 0.0001)
        #expect(abs(theme.tracking(atPointSize: 34) - -0.02181) < 0.0001)
        #expect(theme.tracking(atPointSize: 11) > 0)
        #expect(theme.textStyle(.body).tracking == theme.tracking(atPointSize: 17))
        theme.fontFamily = "DejaVu Sans"
        #expect(theme.tracking(atPointSize: 17) == 0)
    }
}
