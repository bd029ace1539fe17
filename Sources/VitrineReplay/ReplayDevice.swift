import VitrineCalibration
import VitrineCore

/// One recorded device being replayed: what libinput would know about it (name, axes, the
/// calibration it would run with) and its decoding state.
struct ReplayDevice {
    var info: InputDeviceInfo
    /// nil for devices replay does not turn into touches (keyboards, mice, protocol A).
    var decoder: EvdevTouchDecoder?
    /// Whether its keyboard keys are replayed (it declares some, `EvdevCode.isKeyboardKey`).
    var isKeyboard: Bool
    var axes: (x: AbsoluteAxis, y: AbsoluteAxis)
    var table: TouchContactTable
    /// Set-up problems to report when the replay starts.
    var notes: [VitrineError] = []

    /// The replay view of a recorded device.
    /// - Parameters:
    ///   - file: the recording's path, for messages.
    init(_ device: LibinputRecording.Device, calibrations: CalibrationStore, file: String) {
        let mtX = device.absinfo[EvdevCode.ABS_MT_POSITION_X]
        let mtY = device.absinfo[EvdevCode.ABS_MT_POSITION_Y]
        let stX = device.absinfo[EvdevCode.ABS_X]
        let stY = device.absinfo[EvdevCode.ABS_Y]
        var capabilities: InputCapabilities = []
        var notes: [VitrineError] = []
        let place = "\(file) line \(device.line)"
        // The keys it declares; a recording without `codes` has the keys it uses.
        let keys = device.codes.isEmpty ? Set(device.events.filter { $0.type == EvdevCode.EV_KEY }.map(\.code)) : device.codes[EvdevCode.EV_KEY] ?? []
        self.isKeyboard = keys.contains(where: EvdevCode.isKeyboardKey)
        if self.isKeyboard { capabilities.insert(.keyboard) }
        if let mtX, let mtY {
            self.axes = (mtX, mtY)
            if let slots = device.absinfo[EvdevCode.ABS_MT_SLOT] {
                capabilities.insert(.touch)
                self.decoder = EvdevTouchDecoder(
                    slotCount: Int(slots.maximum) + 1, hasToolType: device.absinfo[EvdevCode.ABS_MT_TOOL_TYPE] != nil)
            } else {
                notes.append(
                    VitrineError(
                        .unsupported, "\(place): '\(device.name)' uses multitouch protocol A (no ABS_MT_SLOT); its events are not replayed",
                        hint: "libinput runs such devices through mtdev; record a protocol-B device instead"))
            }
        } else if let stX, let stY, device.has(EvdevCode.EV_KEY, EvdevCode.BTN_TOUCH) {
            self.axes = (stX, stY)
            capabilities.insert(.touch)
            self.decoder = EvdevTouchDecoder(slotCount: 0, hasToolType: false)
        } else {
            self.axes = (AbsoluteAxis(minimum: 0, maximum: 0), AbsoluteAxis(minimum: 0, maximum: 0))
            if device.codes[EvdevCode.EV_REL] != nil { capabilities.insert(.pointer) }
            if !self.isKeyboard {
                notes.append(
                    VitrineError(
                        .unsupported,
                        "\(place): '\(device.name)' has no touch axes (ABS_MT_POSITION_X/Y with ABS_MT_SLOT, or ABS_X/Y with BTN_TOUCH) and no keyboard keys; its events are not replayed"
                    ))
            }
        }

        let key = CalibrationKey.make(serial: device.udevProperties["ID_SERIAL"], vendor: device.vendor, product: device.product, name: device.name)
        var calibration: ActiveCalibration? = nil
        if capabilities.contains(.touch) {
            var udevMatrix: CalibrationMatrix? = nil
            if let text = device.udevProperties[CalibrationStore.propertyName] {
                udevMatrix = CalibrationMatrix(udevValue: text)
                if udevMatrix == nil {
                    notes.append(
                        VitrineError(
                            .invalidCalibration,
                            "\(place): udev property \(CalibrationStore.propertyName)=\(QuotedValue.quoted(text)) of '\(device.name)' is not six numbers; ignored, as libinput ignores it"
                        ))
                }
            }
            let resolved = calibrations.resolve(name: device.name, key: key, udevMatrix: udevMatrix)
            calibration = resolved.calibration
            if let warning = resolved.warning { notes.append(warning) }
        }
        self.info = InputDeviceInfo(
            name: device.name, node: device.node, vendor: device.vendor, product: device.product, capabilities: capabilities,
            widthMM: self.axes.x.lengthMM, heightMM: self.axes.y.lengthMM, calibrationKey: key, calibration: calibration)
        self.table = TouchContactTable(device: device.name)
        self.notes = notes
    }

    /// The device a touch script stands for: touch, no axes, no calibration.
    init(scriptNamed file: String) {
        self.info = InputDeviceInfo(name: "script", node: file, capabilities: .touch)
        self.decoder = nil
        self.isKeyboard = false
        self.axes = (AbsoluteAxis(minimum: 0, maximum: 0), AbsoluteAxis(minimum: 0, maximum: 0))
        self.table = TouchContactTable(device: "script")
    }

    /// Decodes `events` (one sample, up to its `SYN_REPORT`) and applies the touches, in place:
    /// the decoder's per-slot state is never copied.
    mutating func play(_ events: ArraySlice<EvdevEvent>, seat: inout SeatSlots, warnings: inout [ReplayWarning], transform: TouchTransform) {
        for event in events {
            guard let touches = self.decoder?.process(event, seat: &seat, warnings: &warnings) else { return }
            self.apply(touches, transform: transform)
        }
    }

    /// Applies decoded touches to the contact table, in logical points of `transform`.
    mutating func apply(_ touches: [DecodedTouch], transform: TouchTransform) {
        let matrix = self.info.calibration?.matrix ?? .identity
        for touch in touches {
            switch touch {
            case .down(let id, let x, let y):
                let point = transform.logicalPoint(rawX: x, rawY: y, x: self.axes.x, y: self.axes.y, calibration: matrix)
                self.table.down(id: id, x: point.x, y: point.y)
            case .motion(let id, let x, let y):
                let point = transform.logicalPoint(rawX: x, rawY: y, x: self.axes.x, y: self.axes.y, calibration: matrix)
                self.table.motion(id: id, x: point.x, y: point.y)
            case .up(let id):
                self.table.up(id: id)
            case .cancel(let id):
                self.table.cancel(id: id)
            }
        }
    }
}
