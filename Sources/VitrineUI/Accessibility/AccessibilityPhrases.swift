/// The words speech mode adds to what a screen shows — roles, states, "2 of 3", the help key's
/// answer — in the languages kiosks are most often set up in; others say them in English.
///
/// The role and state words are the ones the platforms' own screen readers say (VoiceOver's and
/// TalkBack's "button", "Taste", "bouton", "botón", "pulsante", "knop"), so a visitor hears
/// what they know from their phone.
public struct AccessibilityPhrases: Sendable {
    /// A phrase; `place` and `characters` and `volume` have a `%1`/`%2` for their numbers.
    public enum Phrase: String, Sendable, CaseIterable {
        case button, textField, image, heading, key
        /// A toggle's role and its two states.
        case `switch`, on, off
        /// A slider's role, and what is said when a keypad's select starts adjusting one.
        case slider, adjusting
        /// The progress role; "%1 percent", a bar's value; "in progress", a spinner's.
        case progressBar, percent, inProgress
        case selected, dimmed, empty
        /// "%1 of %2": the element's place among its own.
        case place
        /// "page %1 of %2": a carousel's page in front.
        case page
        /// "%1 characters": what a PIN field holds, never the digits.
        case characters
        case speechOn, speechOff
        /// "Volume %1 percent".
        case volume
        /// What the help key says after the screen: which key does what.
        case keypadHelp
        /// Said when up or down finds nothing to move to.
        case nothingToSelect
        /// The on-screen keyboard's function keys, as a keypad walks them.
        case keyShift, keyDelete, keySpace, keyHide, keyNumbers, keyLetters
    }

    /// The language the phrases are in (the primary subtag of the kiosk's language).
    public let language: String
    private let table: [Phrase: String]

    public init(language: String?) {
        let primary = language.map { String($0.prefix { $0 != "-" }).lowercased() } ?? "en"
        if let table = Self.tables[primary] {
            self.language = primary
            self.table = table
        } else {
            self.language = "en"
            self.table = Self.english
        }
    }

    /// The phrase with its numbers put in.
    public func callAsFunction(_ phrase: Phrase, _ numbers: Int...) -> String {
        var text = self.table[phrase] ?? Self.english[phrase] ?? phrase.rawValue
        for (index, number) in numbers.enumerated() { text = text.replacing("%\(index + 1)", with: String(number)) }
        return text
    }

    /// The word for a button that shows only an icon (Material names: `add`, `remove`, `close`);
    /// nil for an icon without one (the audit asks for an `accessibilityLabel`).
    public func iconWord(_ icon: String) -> String? {
        let words = Self.iconWords[self.language] ?? Self.iconWords["en"]!
        return words[icon] ?? Self.iconWords["en"]![icon]
    }

    /// The languages with their own words.
    public static var languages: [String] { Self.tables.keys.sorted() }

    static let english: [Phrase: String] = [
        .switch: "switch", .on: "on", .off: "off", .slider: "slider",
        .adjusting: "adjusting: up and down change it, select to finish",
        .button: "button", .textField: "text field", .image: "image", .heading: "heading", .key: "key",
        .progressBar: "progress bar", .percent: "%1 percent", .inProgress: "in progress",
        .selected: "selected", .dimmed: "dimmed", .empty: "empty", .place: "%1 of %2", .page: "page %1 of %2", .characters: "%1 characters",
        .speechOn: "Speech on", .speechOff: "Speech off", .volume: "Volume %1 percent",
        .keypadHelp: "Up and down move through the screen, select chooses, back goes back. The repeat key says it again.",
        .nothingToSelect: "Nothing to select on this screen",
        .keyShift: "Shift", .keyDelete: "Delete", .keySpace: "Space", .keyHide: "Hide keyboard", .keyNumbers: "Numbers and symbols", .keyLetters: "Letters"
    ]

    static let tables: [String: [Phrase: String]] = [
        "en": english,
        "de": [
            .switch: "Schalter", .on: "ein", .off: "aus", .slider: "Schieberegler",
            .adjusting: "Einstellen: Auf und Ab ändern den Wert, Auswahl beendet",
            .button: "Taste", .textField: "Textfeld", .image: "Bild", .heading: "Überschrift", .key: "Taste",
            .progressBar: "Fortschrittsbalken", .percent: "%1 Prozent", .inProgress: "in Bearbeitung",
            .selected: "ausgewählt", .dimmed: "nicht verfügbar", .empty: "leer", .place: "%1 von %2", .page: "Seite %1 von %2", .characters: "%1 Zeichen",
            .speechOn: "Sprachausgabe an", .speechOff: "Sprachausgabe aus", .volume: "Lautstärke %1 Prozent",
            .keypadHelp: "Auf und Ab bewegen durch den Bildschirm, Auswahl wählt, Zurück geht zurück. Die Wiederholtaste sagt es noch einmal.",
            .nothingToSelect: "Auf diesem Bildschirm gibt es nichts auszuwählen",
            .keyShift: "Umschalt", .keyDelete: "Löschen", .keySpace: "Leerzeichen", .keyHide: "Tastatur ausblenden", .keyNumbers: "Zahlen und Symbole",
            .keyLetters: "Buchstaben"
        ],
        "fr": [
            .switch: "interrupteur", .on: "activé", .off: "désactivé", .slider: "curseur",
            .adjusting: "réglage : haut et bas le modifient, sélection pour terminer",
            .button: "bouton", .textField: "champ de texte", .image: "image", .heading: "en-tête", .key: "touche",
            .progressBar: "barre de progression", .percent: "%1 pour cent", .inProgress: "en cours",
            .selected: "sélectionné", .dimmed: "estompé", .empty: "vide", .place: "%1 sur %2", .page: "page %1 sur %2", .characters: "%1 caractères",
            .speechOn: "Synthèse vocale activée", .speechOff: "Synthèse vocale désactivée", .volume: "Volume %1 pour cent",
            .keypadHelp: "Haut et bas parcourent l'écran, sélection choisit, retour revient en arrière. La touche répéter le redit.",
            .nothingToSelect: "Rien à sélectionner sur cet écran",
            .keyShift: "Majuscule", .keyDelete: "Effacer", .keySpace: "Espace", .keyHide: "Masquer le clavier", .keyNumbers: "Chiffres et symboles",
            .keyLetters: "Lettres"
        ],
        "es": [
            .switch: "interruptor", .on: "activado", .off: "desactivado", .slider: "control deslizante",
            .adjusting: "ajuste: arriba y abajo lo cambian, seleccionar para terminar",
            .button: "botón", .textField: "campo de texto", .image: "imagen", .heading: "encabezado", .key: "tecla",
            .progressBar: "barra de progreso", .percent: "%1 por ciento", .inProgress: "en curso",
            .selected: "seleccionado", .dimmed: "atenuado", .empty: "vacío", .place: "%1 de %2", .page: "página %1 de %2", .characters: "%1 caracteres",
            .speechOn: "Voz activada", .speechOff: "Voz desactivada", .volume: "Volumen %1 por ciento",
            .keypadHelp: "Arriba y abajo recorren la pantalla, seleccionar elige, atrás vuelve. La tecla repetir lo dice otra vez.",
            .nothingToSelect: "No hay nada que seleccionar en esta pantalla",
            .keyShift: "Mayúsculas", .keyDelete: "Borrar", .keySpace: "Espacio", .keyHide: "Ocultar teclado", .keyNumbers: "Números y símbolos",
            .keyLetters: "Letras"
        ],
        "it": [
            .switch: "interruttore", .on: "attivato", .off: "disattivato", .slider: "cursore",
            .adjusting: "regolazione: su e giù lo cambiano, seleziona per finire",
            .button: "pulsante", .textField: "campo di testo", .image: "immagine", .heading: "intestazione", .key: "tasto",
            .progressBar: "barra di avanzamento", .percent: "%1 per cento", .inProgress: "in corso",
            .selected: "selezionato", .dimmed: "non disponibile", .empty: "vuoto", .place: "%1 di %2", .page: "pagina %1 di %2", .characters: "%1 caratteri",
            .speechOn: "Voce attivata", .speechOff: "Voce disattivata", .volume: "Volume %1 per cento",
            .keypadHelp: "Su e giù scorrono lo schermo, seleziona sceglie, indietro torna indietro. Il tasto ripeti lo ridice.",
            .nothingToSelect: "Niente da selezionare in questa schermata",
            .keyShift: "Maiuscole", .keyDelete: "Elimina", .keySpace: "Spazio", .keyHide: "Nascondi tastiera", .keyNumbers: "Numeri e simboli",
            .keyLetters: "Lettere"
        ],
        "nl": [
            .switch: "schakelaar", .on: "aan", .off: "uit", .slider: "schuifregelaar",
            .adjusting: "aanpassen: omhoog en omlaag wijzigen het, selecteren om te stoppen",
            .button: "knop", .textField: "tekstveld", .image: "afbeelding", .heading: "kop", .key: "toets",
            .progressBar: "voortgangsbalk", .percent: "%1 procent", .inProgress: "bezig",
            .selected: "geselecteerd", .dimmed: "gedimd", .empty: "leeg", .place: "%1 van %2", .page: "pagina %1 van %2", .characters: "%1 tekens",
            .speechOn: "Spraak aan", .speechOff: "Spraak uit", .volume: "Volume %1 procent",
            .keypadHelp: "Omhoog en omlaag gaan door het scherm, selecteren kiest, terug gaat terug. De herhaaltoets zegt het nog eens.",
            .nothingToSelect: "Niets te selecteren op dit scherm",
            .keyShift: "Shift", .keyDelete: "Verwijder", .keySpace: "Spatie", .keyHide: "Verberg toetsenbord", .keyNumbers: "Cijfers en symbolen",
            .keyLetters: "Letters"
        ]
    ]

    /// Words for the Material icons a button shows alone (the toolkit's short names and the
    /// stepper's `add` and `remove`).
    static let iconWords: [String: [String: String]] = [
        "en": [
            "add": "More", "remove": "Fewer", "back": "Back", "forward": "Next", "close": "Close", "info": "Information", "language": "Language",
            "home": "Home", "map": "Map", "schedule": "Opening hours", "search": "Search", "accessibility": "Accessibility"
        ],
        "de": [
            "add": "Mehr", "remove": "Weniger", "back": "Zurück", "forward": "Weiter", "close": "Schließen", "info": "Information",
            "language": "Sprache", "home": "Start", "map": "Karte", "schedule": "Öffnungszeiten", "search": "Suche", "accessibility": "Bedienungshilfen"
        ],
        "fr": [
            "add": "Plus", "remove": "Moins", "back": "Retour", "forward": "Suivant", "close": "Fermer", "info": "Information",
            "language": "Langue", "home": "Accueil", "map": "Plan", "schedule": "Horaires", "search": "Rechercher", "accessibility": "Accessibilité"
        ],
        "es": [
            "add": "Más", "remove": "Menos", "back": "Atrás", "forward": "Siguiente", "close": "Cerrar", "info": "Información",
            "language": "Idioma", "home": "Inicio", "map": "Mapa", "schedule": "Horario", "search": "Buscar", "accessibility": "Accesibilidad"
        ],
        "it": [
            "add": "Più", "remove": "Meno", "back": "Indietro", "forward": "Avanti", "close": "Chiudi", "info": "Informazioni",
            "language": "Lingua", "home": "Home", "map": "Mappa", "schedule": "Orari", "search": "Cerca", "accessibility": "Accessibilità"
        ],
        "nl": [
            "add": "Meer", "remove": "Minder", "back": "Terug", "forward": "Volgende", "close": "Sluiten", "info": "Informatie",
            "language": "Taal", "home": "Start", "map": "Kaart", "schedule": "Openingstijden", "search": "Zoeken", "accessibility": "Toegankelijkheid"
        ]
    ]
}
