import VitrineCore
import VitrineGraphics
import VitrineScene
import VitrineUI

extension ConfigReader {
    /// `theme`: the palette first (the other colours override its), then every field
    /// (`checkContrast` warns about its pairs once the screens are read).
    mutating func readTheme(_ object: ConfigObject, into theme: inout Theme) {
        if let value = object.take("palette"), let name = self.string(value, at: object.path(of: "palette"), expected: "\"light\" or \"dark\"") {
            if let palette = Theme.Palette(rawValue: name) {
                theme = Theme(palette: palette)
            } else {
                self.error(object.path(of: "palette"), "\(Self.quoted(name)) is not a palette (use \"light\" or \"dark\")")
            }
        }
        self.read(object, "tint", into: &theme.tint)
        self.read(object, "background", into: &theme.background)
        self.read(object, "surface", into: &theme.surface)
        self.read(object, "label", into: &theme.label)
        self.read(object, "secondaryLabel", into: &theme.secondaryLabel)
        self.read(object, "separator", into: &theme.separator)
        self.read(object, "onTint", into: &theme.onTint)
        self.read(object, "handleColor", into: &theme.handleColor)
        self.read(object, "fontFamily", into: &theme.fontFamily, allowEmpty: false)
        if theme.fontFamily.hasPrefix("/") {
            do {
                try FontLibrary.checkFontFile(theme.fontFamily)
            } catch let error as VitrineError {
                self.error(object.path(of: "fontFamily"), error.description)
            } catch {
                self.error(object.path(of: "fontFamily"), "\(error)")
            }
        } else if theme.fontFamily.contains("/") {
            self.error(
                object.path(of: "fontFamily"),
                "\(Self.quoted(theme.fontFamily)) looks like a relative path: give a font file's absolute path, or a family name (fc-list : family lists them)")
        }
        let textSize = NumberBounds.above(0, atMost: Self.largestTextSize)
        self.read(object, "bodySize", into: &theme.bodySize, textSize)
        self.read(object, "titleSize", into: &theme.titleSize, textSize)
        self.read(object, "headlineSize", into: &theme.headlineSize, textSize)
        self.read(object, "captionSize", into: &theme.captionSize, textSize)
        self.read(object, "cornerRadius", into: &theme.cornerRadius, .from(0, to: Self.largestLength))
        self.read(object, "typeScale", into: &theme.typeScale, .from(0.5, to: 4))
        self.themeFields = Set(object.members.map(\.key))
    }

    /// Warns once per text/background pair below 4.5:1, at the field the file set (the text's
    /// colour if it set that, else the background's, else `theme`), with the ratio and the
    /// way to fix it. The tinted button's pairs count only when `scene` has a tinted button.
    mutating func checkContrast(of theme: Theme, scene: SceneModel?) {
        let tinted = scene?.screens.contains { screen in
            screen.content.allNodes.contains { node in
                if case .button(let button) = node.kind { return button.style == .tinted || button.selectedStyle == .tinted }
                return false
            }
        }
        for (pair, ratio) in theme.contrastShortfalls() {
            if case .tintWash = pair.background, tinted != true { continue }
            let backgroundName = pair.background.base
            let field = [pair.text, backgroundName, .tint].first { self.themeFields.contains($0.rawValue) }
            let text = theme.color(pair.text)
            let background = theme.color(pair.background)
            let lighterText = text.relativeLuminance > background.relativeLuminance
            let warningsBefore = self.warnings.count
            self.warning(
                field.map { "theme.\($0.rawValue)" } ?? "theme",
                "\(pair.text.rawValue) \(text.hexString) on \(pair.background) (\(background.hexString)) is \(String(fixed: ratio, decimals: 2)):1, "
                    + "below the 4.5:1 WCAG 2.2 AA asks of body text (\(pair.use)): make \(pair.text.rawValue) \(lighterText ? "lighter" : "darker") or \(backgroundName.rawValue) \(lighterText ? "darker" : "lighter")"
            )
            self.contrastWarnings += self.warnings[warningsBefore...]
        }
    }
}
