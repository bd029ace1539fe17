/// The texts the kiosk itself shows for the visitor's settings (the accessibility sheet, reach
/// mode, the "more time" question), in the kiosk's language: English, German, French, Spanish,
/// Italian and Dutch; other languages read English (as `SceneController.backTitle` does).
///
/// The names follow the platforms' own where they have one (iOS's "Larger Text" is "Größerer
/// Text", "Texte plus grand", "Texto más grande", "Testo più grande", "Grotere tekst"); the
/// sentences are written for a kiosk, addressing the visitor formally (Sie, vous, usted, Lei, u).
public enum AccessibilityText: String, CaseIterable, Sendable {
    /// The sheet's title.
    case title
    case largerText, largerTextDetail
    case highContrast, highContrastDetail
    case speech, speechDetail
    case reach, reachDetail
    case on, off
    /// The vacated top of the screen in reach mode.
    case reachReturn
    /// The question before the idle reset, its countdown (with `{n}` seconds; the last second
    /// has its own) and its button.
    case moreTimeQuestion, moreTimeCountdown, moreTimeCountdownOne, moreTimeButton

    /// This text in `language` (a code such as `de` or `de-CH`); English for a language it lacks.
    public func text(in language: String?) -> String {
        let code = language.map { String($0.prefix { $0 != "-" && $0 != "_" }) } ?? "en"
        return Self.table[code]?[self] ?? Self.table["en"]![self]!
    }

    /// The countdown for `seconds` left.
    public static func countdown(_ seconds: Int, in language: String?) -> String {
        seconds == 1 ? Self.moreTimeCountdownOne.text(in: language) : Self.moreTimeCountdown.text(in: language).replacing("{n}", with: String(seconds))
    }

    /// The languages with texts of their own.
    public static var languages: [String] { Self.table.keys.sorted() }

    static let table: [String: [AccessibilityText: String]] = [
        "en": [
            .title: "Accessibility", .largerText: "Larger text", .largerTextDetail: "Every text one and a half times as large",
            .highContrast: "High contrast", .highContrastDetail: "Text stands out more clearly", .speech: "Speech",
            .speechDetail: "The kiosk reads out what you touch", .reach: "Reach", .reachDetail: "Moves the screen down, within reach when seated",
            .on: "On", .off: "Off", .reachReturn: "Tap here to move the screen back up", .moreTimeQuestion: "Do you need more time?",
            .moreTimeCountdown: "The kiosk starts over in {n} seconds.", .moreTimeCountdownOne: "The kiosk starts over in 1 second.",
            .moreTimeButton: "More time"
        ],
        "de": [
            .title: "Bedienungshilfen", .largerText: "Größerer Text", .largerTextDetail: "Alle Texte anderthalbmal so groß",
            .highContrast: "Hoher Kontrast", .highContrastDetail: "Text hebt sich deutlicher ab", .speech: "Sprachausgabe",
            .speechDetail: "Der Kiosk liest vor, was Sie berühren", .reach: "Reichweite",
            .reachDetail: "Schiebt den Bildschirm nach unten, in Reichweite im Sitzen",
            .on: "Ein", .off: "Aus", .reachReturn: "Hier tippen, um den Bildschirm wieder nach oben zu schieben",
            .moreTimeQuestion: "Brauchen Sie mehr Zeit?", .moreTimeCountdown: "Der Kiosk beginnt in {n} Sekunden von vorn.",
            .moreTimeCountdownOne: "Der Kiosk beginnt in 1 Sekunde von vorn.", .moreTimeButton: "Mehr Zeit"
        ],
        "fr": [
            .title: "Accessibilité", .largerText: "Texte plus grand", .largerTextDetail: "Tous les textes une fois et demie plus grands",
            .highContrast: "Contraste élevé", .highContrastDetail: "Le texte ressort plus nettement", .speech: "Voix",
            .speechDetail: "La borne lit à voix haute ce que vous touchez", .reach: "Portée",
            .reachDetail: "Abaisse l’écran, à portée de main en position assise", .on: "Activé", .off: "Désactivé",
            .reachReturn: "Touchez ici pour remonter l’écran", .moreTimeQuestion: "Avez-vous besoin de plus de temps\u{00A0}?",
            .moreTimeCountdown: "La borne recommence dans {n}\u{00A0}secondes.",
            .moreTimeCountdownOne: "La borne recommence dans 1\u{00A0}seconde.", .moreTimeButton: "Plus de temps"
        ],
        "es": [
            .title: "Accesibilidad", .largerText: "Texto más grande", .largerTextDetail: "Todos los textos una vez y media más grandes",
            .highContrast: "Alto contraste", .highContrastDetail: "El texto destaca con más claridad", .speech: "Voz",
            .speechDetail: "El quiosco lee en voz alta lo que toca", .reach: "Alcance", .reachDetail: "Baja la pantalla, al alcance en posición sentada",
            .on: "Activado", .off: "Desactivado", .reachReturn: "Toque aquí para volver a subir la pantalla",
            .moreTimeQuestion: "¿Necesita más tiempo?", .moreTimeCountdown: "El quiosco vuelve a empezar en {n} segundos.",
            .moreTimeCountdownOne: "El quiosco vuelve a empezar en 1 segundo.", .moreTimeButton: "Más tiempo"
        ],
        "it": [
            .title: "Accessibilità", .largerText: "Testo più grande", .largerTextDetail: "Tutti i testi una volta e mezza più grandi",
            .highContrast: "Contrasto elevato", .highContrastDetail: "Il testo risalta più chiaramente", .speech: "Voce",
            .speechDetail: "Il chiosco legge ad alta voce ciò che tocca", .reach: "Portata",
            .reachDetail: "Abbassa lo schermo, a portata di mano da seduti", .on: "Attivo", .off: "Disattivo",
            .reachReturn: "Tocchi qui per riportare su lo schermo", .moreTimeQuestion: "Le serve più tempo?",
            .moreTimeCountdown: "Il chiosco ricomincia tra {n} secondi.", .moreTimeCountdownOne: "Il chiosco ricomincia tra 1 secondo.",
            .moreTimeButton: "Più tempo"
        ],
        "nl": [
            .title: "Toegankelijkheid", .largerText: "Grotere tekst", .largerTextDetail: "Alle tekst anderhalf keer zo groot",
            .highContrast: "Hoog contrast", .highContrastDetail: "Tekst valt duidelijker op", .speech: "Spraak",
            .speechDetail: "De kiosk leest voor wat u aanraakt", .reach: "Bereik", .reachDetail: "Schuift het scherm omlaag, binnen bereik als u zit",
            .on: "Aan", .off: "Uit", .reachReturn: "Tik hier om het scherm weer omhoog te schuiven",
            .moreTimeQuestion: "Heeft u meer tijd nodig?", .moreTimeCountdown: "De kiosk begint over {n} seconden opnieuw.",
            .moreTimeCountdownOne: "De kiosk begint over 1 seconde opnieuw.", .moreTimeButton: "Meer tijd"
        ]
    ]
}
