/// What `vitrine doctor` recognises of the boards kiosks are built on (Docs/raspberry-pi.md): the
/// DRM drivers and touch controllers of a Raspberry Pi, named on the display and input lines so
/// an integrator sees at once that the Pi's KMS driver and its display's touch are the ones in
/// use (issue 30). Names are those the kernel reports: a card's driver (`DRM_IOCTL_VERSION`) and
/// an input device's `name` in sysfs.
public enum DoctorBoard {
    /// What a DRM driver is on a Raspberry Pi, nil for any other.
    public static func displayDriver(_ driver: String) -> String? {
        switch driver {
        case "vc4": return "the Raspberry Pi's display driver (dtoverlay=vc4-kms-v3d)"
        case "v3d": return "the Raspberry Pi's 3D core (no display on it)"
        case "drm-rp1-dsi": return "the Raspberry Pi 5's DSI output (RP1)"
        case "drm-rp1-dpi": return "the Raspberry Pi 5's DPI output (RP1)"
        default: return nil
        }
    }

    /// What a touch controller is, from the input device's name, nil when not one we know.
    /// - `raspberrypi-ts`: the original 7-inch DSI display's touch, read through the firmware;
    /// - `generic ft5x06 (…)` / `EP…`: the same display's FT5406 on the `edt-ft5x06` driver;
    /// - `Goodix Capacitive TouchScreen`: Touch Display 2 (and many HDMI panels' boards).
    public static func touchController(name: String) -> String? {
        if name == "raspberrypi-ts" { return "the Raspberry Pi 7-inch display's touch through the firmware (raspberrypi-ts)" }
        if name.hasPrefix("generic ft5x06") { return "an FT5x06 touch controller (edt-ft5x06; the Raspberry Pi 7-inch display's)" }
        if name.hasPrefix("Goodix Capacitive TouchScreen") { return "a Goodix touch controller (Raspberry Pi Touch Display 2 and others)" }
        return nil
    }
}
