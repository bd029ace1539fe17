/// What speech mode says for one element, in the order screen readers use: label, value, role,
/// states, place, detail — "Day pass, € 7.50, button, 2 of 3, Until 4:00 the next morning".
/// Parts a view does not have are left out; the commas are pauses for the voice.
public enum SpokenDescription {
    /// The element's label: the config's `accessibilityLabel`, else its own text, else (a button
    /// showing only an icon) the icon's word; nil when it has none (the audit reports it).
    public static func label(of view: View, phrases: AccessibilityPhrases) -> String? {
        if let label = view.accessibilityLabel { return label.isEmpty ? nil : label }
        if let content = view.accessibilityContent, !content.isEmpty { return content }
        if let button = view as? Button, let icon = button.iconName { return phrases.iconWord(icon) }
        if let cap = view as? KeyCapView { return self.word(for: cap.key, phrases: phrases) }
        return nil
    }

    /// A text as a screen's arrival and the help key read it, among others: its words, and the
    /// role only for an image ("Tram at the harbour, image"); headings are read as text.
    public static func reading(of view: View, phrases: AccessibilityPhrases) -> String? {
        guard let role = view.accessibilityRole, let label = self.label(of: view, phrases: phrases) else { return nil }
        return role == .image ? label + ", " + phrases(.image) : label
    }

    /// The whole utterance for `view`; nil when it has nothing to say. `place: false` leaves the
    /// "2 of 3" out (comparing an element before and after an action).
    public static func text(for view: View, phrases: AccessibilityPhrases, place: Bool = true) -> String? {
        guard let role = view.accessibilityRole else { return nil }
        if let carousel = view as? CarouselView {
            // Its label, what its page in front shows, then "page 2 of 5".
            var parts = [self.label(of: view, phrases: phrases)].compactMap { $0 } + carousel.pageReadings(phrases: phrases)
            if place { parts.append(phrases(.page, carousel.accessibilityPlace.index, carousel.accessibilityPlace.count)) }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
        var parts: [String] = []
        if let label = self.label(of: view, phrases: phrases) { parts.append(label) }
        let traits = view.accessibilityTraits
        if let value = view.accessibilityValue, !value.isEmpty {
            parts.append(value)
        } else if let bar = view as? ProgressBar {
            parts.append(phrases(.percent, bar.percent))
        } else if view is Spinner {
            parts.append(phrases(.inProgress))
        } else if traits.contains(.secure), let field = view as? TextField, !field.text.isEmpty {
            parts.append(phrases(.characters, field.text.count))
        } else if role == .textField {
            parts.append(phrases(.empty))
        }
        guard !parts.isEmpty else { return nil }
        if role.isSpoken { parts.append(phrases(self.phrase(for: role))) }
        if role == .switch { parts.append(phrases(traits.contains(.checked) ? .on : .off)) }
        if traits.contains(.selected) { parts.append(phrases(.selected)) }
        if traits.contains(.dimmed) { parts.append(phrases(.dimmed)) }
        if traits.contains(.adjusting) { parts.append(phrases(.adjusting)) }
        if place, let place = self.place(of: view) { parts.append(phrases(.place, place.index, place.count)) }
        if let detail = view.accessibilityDetail, !detail.isEmpty { parts.append(detail) }
        return parts.joined(separator: ", ")
    }

    /// The element's place among its own: a list row among its section's rows; a focusable view
    /// among the focusable views beside it when there are several (buttons in a row). Nil alone.
    public static func place(of view: View) -> (index: Int, count: Int)? {
        if let row = view as? ListRowView { return row.accessibilityPlace }
        guard view.canBecomeFocused, view.accessibilityRole == .button, let parent = view.superview else { return nil }
        // Dimmed buttons count: a stepper's + is "2 of 2" whether or not its − can be pressed.
        let peers = parent.subviews.filter { !$0.isHidden && $0.accessibilityRole == .button && $0.accessibilityRole == view.accessibilityRole }
        guard peers.count > 1, let index = peers.firstIndex(where: { $0 === view }) else { return nil }
        return (index + 1, peers.count)
    }

    /// An on-screen keyboard's function key, in words.
    static func word(for key: KeyboardKey, phrases: AccessibilityPhrases) -> String? {
        switch key.role {
        case .shift: phrases(.keyShift)
        case .backspace: phrases(.keyDelete)
        case .space: phrases(.keySpace)
        case .hide: phrases(.keyHide)
        case .page(let page): phrases(page == .letters ? .keyLetters : .keyNumbers)
        case .character, .submit: nil
        }
    }

    static func phrase(for role: AccessibilityRole) -> AccessibilityPhrases.Phrase {
        switch role {
        case .button: .button
        case .textField: .textField
        case .image: .image
        case .heading: .heading
        case .key: .key
        case .switch: .switch
        case .slider: .slider
        case .progressBar: .progressBar
        case .text: .empty
        }
    }
}
