import VitrineCore
import VitrineDRM
import VitrineKiosk
import VitrineUdev

/// `vitrine list-displays`: cards, connectors, status and modes.
enum ListDisplaysCommand: Command {
    static let name = "list-displays"
    static let summary = "List DRM cards with their connectors, connection status and modes, and framebuffer devices."
    static let synopsis = "[--device PATH]"
    static let options: [OptionSpec] = [OptionSpec("device", value: "PATH", help: "only this card")]
    static let discussion =
        "Needs no DRM master: it works while a kiosk is running. Connector names are what --connector and the config's display.connector take."

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let udev = try? UdevContext()
        let candidates = CardDiscovery.candidates(explicit: arguments.value("device"), udev: udev)
        let inventory = DisplayInventory.scan(candidates: candidates, open: LibdrmDevice.open)
        var text = inventory.report
        let framebuffers = FramebufferInventory.scan()
        text += framebuffers.isEmpty ? "no framebuffer devices (/dev/fb*)\n" : framebuffers.joined(separator: "\n") + "\n"
        StandardStreams.writeOutput(text)
        return inventory.cards.isEmpty && framebuffers.isEmpty ? 1 : 0
    }
}
