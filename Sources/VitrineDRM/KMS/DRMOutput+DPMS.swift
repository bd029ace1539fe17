import CDRM
import VitrineCore

extension DRMOutput {
    /// Switches the panel off or on through the connector's legacy "DPMS" property
    /// (`DRM_MODE_DPMS_OFF` = 3 / `DRM_MODE_DPMS_ON` = 0, include/uapi/drm/drm_mode.h). After
    /// on, the next frame is a full modeset (some drivers lose the scanout while off), so the
    /// caller's repaint brings the picture back whole.
    /// - Throws: when there is no display, or the driver refuses the property.
    public func setDisplayPower(on: Bool) throws(VitrineError) {
        guard let pipeline = self.pipeline else {
            throw VitrineError(.unsupported, "\(self.devicePath) has no display connected to switch \(on ? "on" : "off")")
        }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        try pipeline.device.setConnectorProperty(pipeline.connector.id, name: "DPMS", value: value)
        if on { pipeline.modeSet = false }
    }
}
