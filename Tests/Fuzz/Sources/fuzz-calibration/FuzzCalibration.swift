import VitrineCalibration
import VitrineCore

/// A calibration file (`<key>.env`) as `CalibrationStore.load` reads it, resolved for a device as
/// libinput's and replay's devices resolve it; a matrix the store accepts is applied to the
/// sensor's corners and centre through `TouchTransform`, as every touch is.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalibration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    let entry = CalibrationStore.parse(text, key: "fuzz", path: "/fuzz/fuzz.env")
    let store = CalibrationStore(directory: "/fuzz", entries: [entry])
    let resolved = store.resolve(name: "fuzz touchscreen", key: "fuzz", udevMatrix: entry.matrix)
    let axis = AbsoluteAxis(minimum: 0, maximum: 4095)
    let transform = TouchTransform(nativeSize: PixelSize(width: 1920, height: 1080), rotation: .clockwise90, scale: 2)
    for (x, y) in [(0, 0), (4095, 0), (0, 4095), (4095, 4095), (2048, 2048)] as [(Int32, Int32)] {
        let point = transform.logicalPoint(rawX: x, rawY: y, x: axis, y: axis, calibration: resolved.calibration.matrix)
        precondition(point.x.isFinite && point.y.isFinite, "an accepted calibration put a touch at a non-finite position")
    }
    return 0
}
