import VitrineCore
import VitrineSystem

/// Lists `/dev/fb*` devices for `vitrine list-displays`.
public enum FramebufferInventory {
    public static func scan() -> [String] {
        let names = Directory.entryNames("/dev").filter { $0.hasPrefix("fb") && $0.dropFirst(2).allSatisfy(\.isNumber) && $0.count > 2 }.sorted()
        return names.map { name in
            let path = "/dev/" + name
            do {
                let device = try FramebufferDevice(path: path)
                return "\(path): \(device.visibleSize) \(device.layout), \(device.pages) page(s), \(String(fixed: device.refreshRate, decimals: 2)) Hz"
            } catch {
                return "\(path): \(error)"
            }
        }
    }
}
