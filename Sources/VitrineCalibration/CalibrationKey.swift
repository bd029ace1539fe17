/// The name a touch device's calibration is stored under: `<key>.env` in the calibration
/// directory (Docs/input.md, "Calibration files").
///
/// The key is the udev property `ID_SERIAL` when the device has one (USB and I²C-HID panels:
/// it survives replugging into another port), else `<vendor>-<product>-<name>` with the ids as
/// four lowercase hex digits (`0eef-0001-eGalax_Inc._USB_TouchController`). Either way it is
/// sanitised to `[A-Za-z0-9._-]`, every other character becoming `_`, so it is a safe file name.
/// The same key is what a udev rule would match on (`ENV{ID_SERIAL}`), as Weston's
/// `calibration-helper.bash` does (research/input.md §1.5).
public enum CalibrationKey {
    /// The key for a device.
    /// - Parameters:
    ///   - serial: the udev property `ID_SERIAL`, if set.
    ///   - vendor: the USB/HID vendor id (`EVIOCGID`, libinput `get_id_vendor`).
    ///   - product: the product id.
    ///   - name: the kernel's device name.
    public static func make(serial: String?, vendor: Int, product: Int, name: String) -> String {
        if let serial, !serial.isEmpty { return self.sanitised(serial) }
        return "\(self.hex4(vendor))-\(self.hex4(product))-\(self.sanitised(name))"
    }

    /// `text` with every character outside `[A-Za-z0-9._-]` replaced by `_`.
    public static func sanitised(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": return Character(scalar)
            default: return "_"
            }
        })
    }

    /// Four lowercase hex digits (more when the id needs them), like `%04x`.
    public static func hex4(_ value: Int) -> String {
        let digits = String(UInt32(truncatingIfNeeded: value), radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
