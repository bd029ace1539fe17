import VitrineCore

/// Which keyboard devices are barcode or QR scanners, as a configuration names them: by the
/// device's name as `vitrine list-inputs` prints it (`EVIOCGNAME`, exact), or by USB vendor and
/// product id in hex (`0c2e:0b61`, as `lsusb` prints them). A matching device's keys are always
/// scans (`ScanClassifier`), never keys.
public enum ScannerMatch: Hashable, Sendable, CustomStringConvertible {
    case name(String)
    case id(vendor: Int, product: Int)

    /// Reads one entry: `vvvv:pppp` (one to four hex digits each side, no spaces) is an id,
    /// anything else a name.
    /// - Throws: `.invalidArgument` for an empty entry or a `vvvv:pppp` that is not hex; the
    ///   caller puts the field in front of the message.
    public init(parsing text: String) throws(VitrineError) {
        let trimmed = text.trimming(" \t")
        guard !trimmed.isEmpty else {
            throw VitrineError(
                .invalidArgument, "an empty scanner entry",
                hint: "give the device's name as `vitrine list-inputs` prints it, or its USB vendor:product in hex (0c2e:0b61, as `lsusb` prints it)")
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !trimmed.contains(" "), parts.allSatisfy({ (1...4).contains($0.count) }) else {
            self = .name(trimmed)
            return
        }
        guard let vendor = Int(parts[0], radix: 16), let product = Int(parts[1], radix: 16) else {
            throw VitrineError(
                .invalidArgument, "scanner \(QuotedValue.quoted(trimmed)) is not a USB vendor:product in hex",
                hint: "write it as lsusb prints it (0c2e:0b61), or give the device's name as `vitrine list-inputs` prints it")
        }
        self = .id(vendor: vendor, product: product)
    }

    /// Whether the device with this name and ids is the scanner this entry means.
    public func matches(name: String, vendor: Int, product: Int) -> Bool {
        switch self {
        case .name(let wanted): wanted == name
        case .id(let wantedVendor, let wantedProduct): wantedVendor == vendor && wantedProduct == product
        }
    }

    /// `"Honeywell 1900"` or `0c2e:0b61`.
    public var description: String {
        switch self {
        case .name(let name): QuotedValue.quoted(name)
        case .id(let vendor, let product): Self.hex(vendor) + ":" + Self.hex(product)
        }
    }

    private static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
