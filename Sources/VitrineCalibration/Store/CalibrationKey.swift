/// The name a touch device's calibration is stored under: `<key>.env` in the calibration
/// directory (Docs/input.md, "Calibration files").
///
/// The key is the udev property `ID_SERIAL` when the device has one (USB and I²C-HID panels:
/// it survives replugging into another port), else `<vendor>-<product>-<name>` with the ids as
/// four lowercase hex digits (`0eef-0001-eGalax_Inc._USB_TouchController`).
///
/// Either way it is cleaned exactly as udev cleans a property value under
/// `OPTIONS+="string_escape=replace"` (`udev_replace_chars(value, NULL)` in systemd's
/// `src/shared/udev-util.c`), because the shipped rule `Systemd/70-vitrine-calibration.rules`
/// builds the same name from the same properties to `IMPORT{file}` it: ASCII letters, digits and
/// `#+-.:=@_` stay, as do valid multi-byte UTF-8 characters and `\x` escapes; every other byte
/// (spaces, `/`, control characters) becomes `_`. The name also loses trailing white space, as
/// udev's `$attr{name}` does. So the file the tool writes is the file udev reads, byte for byte.
public enum CalibrationKey {
    /// The key for a device.
    /// - Parameters:
    ///   - serial: the udev property `ID_SERIAL`, if set.
    ///   - vendor: the USB/HID vendor id (`EVIOCGID`, libinput `get_id_vendor`; sysfs `id/vendor`).
    ///   - product: the product id.
    ///   - name: the kernel's device name (`EVIOCGNAME`; sysfs `name`).
    public static func make(serial: String?, vendor: Int, product: Int, name: String) -> String {
        if let serial, !serial.isEmpty { return self.sanitised(serial) }
        var trimmed = Substring(name)
        while let last = trimmed.last, last == " " || last == "\t" || last == "\n" || last == "\r" { trimmed = trimmed.dropLast() }
        return "\(self.hex4(vendor))-\(self.hex4(product))-\(self.sanitised(String(trimmed)))"
    }

    /// `text` as udev's `udev_replace_chars(text, NULL)` leaves it.
    public static func sanitised(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar.isASCII {
                if self.keeps(scalar) {
                    result.unicodeScalars.append(scalar)
                } else if scalar == "\\", pending == "x" {
                    // udev passes `\x` through untouched: it is how it spells escaped bytes.
                    result += "\\x"
                    pending = scalars.next()
                } else {
                    result += "_"
                }
            } else if self.isValidForUdev(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                // udev rejects the sequence and replaces each of its bytes.
                result += String(repeating: "_", count: String(scalar).utf8.count)
            }
        }
        return result
    }

    /// Four lowercase hex digits (more when the id needs them), like `%04x`.
    public static func hex4(_ value: Int) -> String {
        let digits = String(UInt32(truncatingIfNeeded: value), radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// udev's `allow_listed_char_for_devnode` without extra characters: ASCII letters and digits,
    /// and `#+-.:=@_`.
    private static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "#", "+", "-", ".", ":", "=", "@", "_": return true
        default: return false
        }
    }

    /// systemd's `unichar_is_valid`: no UTF-16 surrogates (Swift has none anyway), no
    /// noncharacters U+FDD0…U+FDEF, none ending in FFFE or FFFF.
    private static func isValidForUdev(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0xFDD0 && value <= 0xFDEF { return false }
        return value & 0xFFFE != 0xFFFE
    }
}
