import CAlsa
import Glibc
import VitrineCore
import VitrineSystem

/// Headphone jacks that sound cards report as ALSA jack controls: on each card (`hw:N`), the
/// boolean controls of interface CARD named "… Jack" with "Headphone" in the name
/// ("Headphone Jack", "Front Headphone Jack"; kernel Documentation/sound/designs/
/// jack-controls.rst, https://docs.kernel.org/sound/designs/jack-controls.html: a jack's
/// control is named after its pin, `<location> <source> Jack` in the words of control-names.rst).
/// "Phantom" jacks (fixed connections a codec reports as always plugged) are not headphones.
///
/// Unlike a jack input device, these are readable by anyone in the `audio` group. The value at
/// start is read; then the card's control interface is subscribed to (`snd_ctl_subscribe_events`),
/// its poll descriptors are watched on the loop, and a value event for a followed control
/// reads the control again. Cards are found when the watch is made (like `EvdevJackWatch`).
public final class AlsaJackWatch {
    /// One followed jack control.
    public struct Jack: Sendable, Equatable, CustomStringConvertible {
        /// The card's index (`hw:0`).
        public var card: Int
        /// The card's name (`snd_ctl_card_info_get_name`): "HDA Intel PCH".
        public var cardName: String
        /// The control's name: "Headphone Jack".
        public var control: String
        public var plugged: Bool

        public var description: String { "card \(self.card) (\(self.cardName)): \(self.control)" }
    }

    /// Called on the loop when a jack's state changes (or its card goes away: unplugged).
    public var onChange: ((Jack) -> Void)?
    /// The jacks followed, card by card.
    public var jacks: [Jack] { self.cards.flatMap { $0.jacks.values.sorted { $0.control < $1.control } } }
    /// Whether headphones are in any of them.
    public var plugged: Bool { self.cards.contains { $0.jacks.values.contains { $0.plugged } } }
    /// What kept cards from being looked at (no permission), as logged.
    public private(set) var problems: [VitrineError] = []

    private var cards: [JackCard] = []
    private weak var loop: EventLoop?
    private let logger: Logger

    /// Finds every card's headphone jack controls and follows them on `loop`.
    public init(loop: EventLoop, logger: Logger = Logger("speech")) {
        AlsaErrorLog.install()
        self.loop = loop
        self.logger = logger
        var index: Int32 = -1
        while snd_card_next(&index) >= 0 && index >= 0 {
            var handle: OpaquePointer?
            let opened = snd_ctl_open(&handle, "hw:\(index)", SND_CTL_NONBLOCK)
            guard opened >= 0, let handle else {
                let error = VitrineError.cannotOpen(
                    "the controls of sound card \(index) (/dev/snd/controlC\(index))", SystemError("snd_ctl_open", errno: -opened),
                    permissionHint: "add the vitrine user to the audio group; meanwhile its headphone jack is not followed",
                    notFoundHint: "the card went away while it was being looked at")
                self.problems.append(error)
                logger.warning(error.description)
                continue
            }
            let card = JackCard(control: handle, index: Int(index))
            guard !card.jacks.isEmpty else { continue }
            guard snd_ctl_subscribe_events(handle, 1) >= 0 else {
                logger.warning("cannot follow the headphone jack of \(card.description): snd_ctl_subscribe_events failed; it was read once, at start")
                self.cards.append(card)
                continue
            }
            do {
                for fd in card.pollDescriptors() {
                    card.watches.append(try loop.watch(fileDescriptor: fd) { [weak self, unowned card] in self?.read(card) })
                }
            } catch {
                for watch in card.watches { loop.unwatch(watch) }
                logger.warning("cannot follow the headphone jack of \(card.description): \(error)")
                continue
            }
            self.cards.append(card)
        }
    }

    deinit { self.stop() }

    /// Stops following every card.
    public func stop() {
        for card in self.cards {
            for watch in card.watches { self.loop?.unwatch(watch) }
            card.watches.removeAll()
        }
        self.cards.removeAll()
    }

    /// Whether a control of interface CARD is a headphone jack, by its name.
    public static func isHeadphoneJack(_ name: String) -> Bool {
        name.hasSuffix(" Jack") && name.contains("Headphone") && !name.contains("Phantom")
    }

    private func read(_ card: JackCard) {
        while true {
            let result = snd_ctl_read(card.control, card.event)
            if result == 0 || result == -EAGAIN { return }
            if result < 0 {
                self.remove(card, because: SystemError("snd_ctl_read", errno: -result))
                return
            }
            guard snd_ctl_event_get_type(card.event) == SND_CTL_EVENT_ELEM else { continue }
            let mask = snd_ctl_event_elem_get_mask(card.event)
            let numid = snd_ctl_event_elem_get_numid(card.event)
            // SND_CTL_EVENT_MASK_REMOVE is all bits (~0U); SND_CTL_EVENT_MASK_VALUE is bit 0.
            guard mask != UInt32.max, mask & 1 != 0, var jack = card.jacks[numid] else { continue }
            guard let plugged = card.value(of: numid), plugged != jack.plugged else { continue }
            jack.plugged = plugged
            card.jacks[numid] = jack
            self.onChange?(jack)
        }
    }

    /// A card that went away (a USB card unplugged): no longer followed, its jacks unplugged.
    private func remove(_ card: JackCard, because error: SystemError) {
        self.logger.notice("\(card.description) is gone (\(error)); its headphone jack is no longer followed")
        for watch in card.watches { self.loop?.unwatch(watch) }
        card.watches.removeAll()
        self.cards.removeAll { $0 === card }
        for (numid, var jack) in card.jacks where jack.plugged {
            jack.plugged = false
            card.jacks[numid] = jack
            self.onChange?(jack)
        }
    }
}

/// One sound card's control interface and the headphone jacks on it.
private final class JackCard: CustomStringConvertible {
    let control: OpaquePointer
    let index: Int
    let name: String
    /// The followed controls by their numid.
    var jacks: [UInt32: AlsaJackWatch.Jack] = [:]
    var watches: [WatchID] = []
    /// Reused for every `snd_ctl_read`.
    let event: OpaquePointer
    private let value: OpaquePointer

    init(control: OpaquePointer, index: Int) {
        self.control = control
        self.index = index
        var info: OpaquePointer?
        snd_ctl_card_info_malloc(&info)
        if let info, snd_ctl_card_info(control, info) >= 0, let name = snd_ctl_card_info_get_name(info) {
            self.name = String(cString: name)
        } else {
            self.name = "hw:\(index)"
        }
        snd_ctl_card_info_free(info)
        var event: OpaquePointer?
        snd_ctl_event_malloc(&event)
        self.event = event!
        var value: OpaquePointer?
        snd_ctl_elem_value_malloc(&value)
        self.value = value!
        for (numid, control) in self.headphoneControls() {
            guard let plugged = self.value(of: numid) else { continue }
            self.jacks[numid] = AlsaJackWatch.Jack(card: index, cardName: self.name, control: control, plugged: plugged)
        }
    }

    deinit {
        snd_ctl_event_free(self.event)
        snd_ctl_elem_value_free(self.value)
        snd_ctl_close(self.control)
    }

    var description: String { "card \(self.index) (\(self.name))" }

    /// The numids and names of the card's boolean headphone jack controls.
    private func headphoneControls() -> [(UInt32, String)] {
        var list: OpaquePointer?
        snd_ctl_elem_list_malloc(&list)
        guard let list else { return [] }
        defer { snd_ctl_elem_list_free(list) }
        guard snd_ctl_elem_list(self.control, list) >= 0 else { return [] }
        let count = snd_ctl_elem_list_get_count(list)
        guard count > 0, snd_ctl_elem_list_alloc_space(list, count) >= 0 else { return [] }
        defer { snd_ctl_elem_list_free_space(list) }
        guard snd_ctl_elem_list(self.control, list) >= 0 else { return [] }
        var info: OpaquePointer?
        snd_ctl_elem_info_malloc(&info)
        guard let info else { return [] }
        defer { snd_ctl_elem_info_free(info) }
        var found: [(UInt32, String)] = []
        for index in 0..<snd_ctl_elem_list_get_used(list) {
            guard snd_ctl_elem_list_get_interface(list, index) == SND_CTL_ELEM_IFACE_CARD,
                let cName = snd_ctl_elem_list_get_name(list, index)
            else { continue }
            let name = String(cString: cName)
            guard AlsaJackWatch.isHeadphoneJack(name) else { continue }
            let numid = snd_ctl_elem_list_get_numid(list, index)
            snd_ctl_elem_info_set_numid(info, numid)
            guard snd_ctl_elem_info(self.control, info) >= 0, snd_ctl_elem_info_get_type(info) == SND_CTL_ELEM_TYPE_BOOLEAN else { continue }
            found.append((numid, name))
        }
        return found
    }

    /// The control's value now; nil when it cannot be read.
    func value(of numid: UInt32) -> Bool? {
        snd_ctl_elem_value_clear(self.value)
        snd_ctl_elem_value_set_interface(self.value, SND_CTL_ELEM_IFACE_CARD)
        snd_ctl_elem_value_set_numid(self.value, numid)
        guard snd_ctl_elem_read(self.control, self.value) >= 0 else { return nil }
        return snd_ctl_elem_value_get_boolean(self.value, 0) != 0
    }

    /// The fds the loop watches for the card's events.
    func pollDescriptors() -> [Int32] {
        let count = snd_ctl_poll_descriptors_count(self.control)
        guard count > 0 else { return [] }
        var descriptors = [pollfd](repeating: pollfd(), count: Int(count))
        let filled = snd_ctl_poll_descriptors(self.control, &descriptors, UInt32(count))
        return descriptors.prefix(Int(max(0, filled))).map(\.fd)
    }
}
