import VitrineCore

/// The on-screen keyboard's colours in a theme's palette: iOS's keyboard greys (light: keys
/// white on `#D1D3D9`, function keys `#ABB0BA`; dark: keys `#6B6B6F` on `#2C2C2E`, function keys
/// `#48484A`). Every key's text has at least 4.5:1 on its cap (WCAG 2.2, 1.4.3): the label
/// `#1C1C1E` is 16.7:1 on white and 7.4:1 on `#ABB0BA`; white is 5.3:1 on `#6B6B6F` and 8.9:1
/// on `#48484A`.
struct KeyboardColors {
    var background: Color
    var key: Color
    var functionKey: Color
    var pressed: Color
    var label: Color

    init(theme: Theme) {
        if theme.palette == .dark {
            self.background = Color(hex: "#2C2C2E")!
            self.key = Color(hex: "#6B6B6F")!
            self.functionKey = Color(hex: "#48484A")!
            self.pressed = Color(hex: "#48484A")!
            self.label = .white
        } else {
            self.background = Color(hex: "#D1D3D9")!
            self.key = .white
            self.functionKey = Color(hex: "#ABB0BA")!
            self.pressed = Color(hex: "#ABB0BA")!
            self.label = Color(hex: "#1C1C1E")!
        }
    }
}
