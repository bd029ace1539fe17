import VitrineCalibration
import VitrineCore
import VitrineKeys

/// The deterministic twin of `LibinputSource`: plays a `libinput record` file or a touch script
/// on an `EventLoop`, emitting the `TouchFrame`s libinput would for the same device events.
///
/// Each device sample (a `SYN_REPORT`, or a script time) is scheduled on the loop at its
/// recorded offset from `start()`, so on a `ManualEventLoop` a test advances time and gets the
/// frames due by then, to the microsecond; on `EpollEventLoop` it plays in real time. Only the
/// next sample is scheduled at any time, so long recordings cost nothing up front.
///
/// Positions go through the same `TouchTransform` as libinput's (calibration from the
/// `CalibrationStore` or the recording's udev property, then output size, rotation and scale);
/// seat slots are allocated as libinput allocates them, across all recorded devices. When the
/// recording ends, contacts still down are cancelled — as libinput cancels them when a device
/// goes away — so nothing stays stuck. Recovered faults are reported as `.warning` events that
/// name the file and line.
///
/// A recorded keyboard (a device with keyboard keys, `EvdevCode.isKeyboardKey`) replays as keys
/// through the same `Keyboards` as `LibinputSource`'s — decoder, scan classifier, repeat — with
/// the recording's times on the loop's clock, so typing, Tab and Enter and a scanner's burst
/// replay as they came live. The kernel's own repeats in a recording (`EV_KEY` value 2) are
/// dropped, as libinput drops them. At the end, what a classifier still holds comes out.
public final class ReplaySource: InputSource {
    /// One device sample to play.
    private struct Step {
        /// Microseconds from the start.
        var time: Int64
        var device: Int
        /// For a recording: the device's events up to and including the `SYN_REPORT`; for a
        /// script: the frame's index.
        var events: Range<Int>
    }

    public var onFrame: ((TouchFrame) -> Void)?
    public var onDeviceEvent: ((InputDeviceEvent) -> Void)?
    public var onKey: ((KeyEvent) -> Void)?
    public var onScan: ((ScanEvent) -> Void)?
    /// Why the calibration directory could not be read (`CalibrationStore.problems`).
    private let calibrationProblems: [VitrineError]
    /// Called once after the last sample (and the cancellations the end brings).
    public var onFinished: (() -> Void)?
    public var transform: TouchTransform
    public var devices: [InputDeviceInfo] { self.replayDevices.map(\.info) }
    public private(set) var isFinished = false

    private let recording: InputRecording
    private let file: String
    private let loop: EventLoop
    private var replayDevices: [ReplayDevice]
    private var steps: [Step] = []
    /// Where each device's events stop being followed by a `SYN_REPORT` (a truncated recording).
    private var unfinished: [(device: Int, line: Int)] = []
    private var next = 0
    private var seat = SeatSlots()
    private var startTime = MonotonicTime.zero
    private var timer: TimerID?
    private let keyboards: Keyboards

    /// - Parameters:
    ///   - recording: what to play.
    ///   - file: its path, for messages.
    ///   - transform: the output the touches land on (ignored for scripts, which are in points).
    ///   - calibrations: the calibration directory, as for a real device.
    ///   - keymap: the layout recorded keyboards type with.
    ///   - scanners: the recorded keyboards that are barcode scanners whatever their timing.
    ///   - loop: the loop to play on.
    ///   - logger: where the keyboards' log lines go (a scanner recognised, a burst dropped).
    public init(
        recording: InputRecording, file: String, transform: TouchTransform, calibrations: CalibrationStore = .empty(), keymap: KeymapNames = KeymapNames(),
        scanners: [ScannerMatch] = [], detectScanners: Bool = true, loop: EventLoop, logger: Logger = Logger("input")
    ) {
        self.recording = recording
        self.file = file
        self.transform = transform
        self.loop = loop
        self.keyboards = Keyboards(keymap: keymap, scanners: scanners, detectScanners: detectScanners, clock: loop, logger: logger)
        // An unreadable calibration directory is said at start, as `LibinputSource` says it.
        self.calibrationProblems = calibrations.problems
        switch recording {
        case .libinputRecord(let recorded):
            self.replayDevices = recorded.devices.map { ReplayDevice($0, calibrations: calibrations, file: file) }
            for (index, device) in recorded.devices.enumerated() where self.replayDevices[index].decoder != nil || self.replayDevices[index].isKeyboard {
                var start = 0
                for (position, event) in device.events.enumerated() where event.isSynReport {
                    self.steps.append(Step(time: event.time, device: index, events: start..<position + 1))
                    start = position + 1
                }
                if start < device.events.count { self.unfinished.append((index, device.events[start].line)) }
            }
            // Devices recorded together share one time base; equal times keep device order.
            self.steps.sort { ($0.time, $0.device) < ($1.time, $1.device) }
        case .script(let script):
            self.replayDevices = [ReplayDevice(scriptNamed: file)]
            self.steps = script.frames.indices.map { Step(time: script.frames[$0].time, device: 0, events: $0..<$0 + 1) }
        }
        self.keyboards.onKey = { [weak self] in self?.onKey?($0) }
        self.keyboards.onScan = { [weak self] in self?.onScan?($0) }
        self.keyboards.onDeviceEvent = { [weak self] in self?.onDeviceEvent?($0) }
    }

    deinit {
        if let timer = self.timer { self.loop.cancel(timer) }
    }

    /// Reports the recorded devices as added (with any set-up warnings), then schedules the first
    /// sample at its offset from now.
    public func start() throws(VitrineError) {
        guard self.timer == nil && self.next == 0 && !self.isFinished else { return }
        self.startTime = self.loop.now
        for problem in self.calibrationProblems { self.onDeviceEvent?(.warning(problem)) }
        for (index, device) in self.replayDevices.enumerated() {
            self.onDeviceEvent?(.added(device.info))
            for note in device.notes { self.onDeviceEvent?(.warning(note)) }
            if device.isKeyboard { self.keyboards.add(index, name: device.info.name, vendor: device.info.vendor, product: device.info.product) }
        }
        self.scheduleNext()
    }

    /// The time of the last sample, in microseconds from the start (0 when there is none).
    public var duration: Int64 { self.steps.last?.time ?? 0 }

    private func scheduleNext() {
        guard self.next < self.steps.count else {
            self.finish()
            return
        }
        let deadline = self.startTime + .microseconds(self.steps[self.next].time)
        self.timer = self.loop.schedule(at: deadline) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.play(self.steps[self.next])
            self.next += 1
            self.scheduleNext()
        }
    }

    private func play(_ step: Step) {
        let timestamp = self.timestamp(step.time)
        switch self.recording {
        case .libinputRecord(let recorded):
            let events = recorded.devices[step.device].events[step.events]
            if self.replayDevices[step.device].isKeyboard {
                for event in events where event.type == EvdevCode.EV_KEY && EvdevCode.isKeyboardKey(event.code) && event.value != EvdevCode.KEY_REPEATED {
                    self.keyboards.key(step.device, code: UInt32(event.code), pressed: event.value != EvdevCode.KEY_RELEASED, timestamp: timestamp)
                }
            }
            guard self.replayDevices[step.device].decoder != nil else { return }
            var warnings: [ReplayWarning] = []
            self.replayDevices[step.device].play(events, seat: &self.seat, warnings: &warnings, transform: self.transform)
            for warning in warnings {
                self.onDeviceEvent?(.warning(VitrineError(.invalidRecording, "\(self.file) \(warning)")))
            }
        case .script(let script):
            var device = self.replayDevices[step.device]
            for event in script.frames[step.events.lowerBound].events {
                if let x = event.x, let y = event.y {
                    if event.phase == .down { device.table.down(id: event.id, x: x, y: y) } else { device.table.motion(id: event.id, x: x, y: y) }
                }
                if event.phase == .up { device.table.up(id: event.id) }
                if event.phase == .cancel { device.table.cancel(id: event.id) }
            }
            self.replayDevices[step.device] = device
        }
        if let frame = self.replayDevices[step.device].table.frame(timestamp: timestamp) { self.onFrame?(frame) }
    }

    /// The end: report truncation, cancel what is still down, tell the owner.
    private func finish() {
        guard !self.isFinished else { return }
        self.isFinished = true
        let timestamp = self.timestamp(self.duration)
        for (device, line) in self.unfinished {
            self.onDeviceEvent?(
                .warning(
                    VitrineError(
                        .invalidRecording,
                        "\(self.file) line \(line): the events of '\(self.replayDevices[device].info.name)' from here on have no SYN_REPORT (the recording is truncated); they are dropped (recovered)"
                    )))
        }
        for index in self.replayDevices.indices where self.replayDevices[index].table.hasActiveContacts {
            var device = self.replayDevices[index]
            let ids = device.table.activeIDs
            if var decoder = device.decoder {
                _ = decoder.releaseAll(seat: &self.seat)
                device.decoder = decoder
            }
            self.onDeviceEvent?(
                .warning(
                    VitrineError(
                        .invalidRecording,
                        "\(self.file): the recording ends with contact(s) \(ids.map { "#\($0)" }.joined(separator: " ")) of '\(device.info.name)' still down; they are cancelled, as libinput cancels the contacts of a device that goes away (recovered)"
                    )))
            if let frame = device.table.cancelAll(timestamp: timestamp) { self.onFrame?(frame) }
            self.replayDevices[index] = device
        }
        self.keyboards.finish()
        self.onFinished?()
    }

    private func timestamp(_ offset: Int64) -> UInt64 {
        UInt64(max(0, self.startTime.microseconds + offset))
    }
}
