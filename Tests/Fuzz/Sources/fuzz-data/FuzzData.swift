import VitrineCore
import VitrineKiosk
import VitrineScene

/// A live data file (`"data": {"menu": "menu.json"}`): `DataSourceFile.parse`, what the kiosk runs
/// on every rewrite of the file, then the good value put in a `DataStore` and read back at every
/// path the bindings could name (objects by key, lists by index, three levels deep).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let value = try? DataSourceFile.parse(bytes, path: "/fuzz/menu.json") else { return 0 }
    let store = DataStore()
    store.replace("menu", with: value)
    var paths = ["menu"]
    var next: [String] = []
    for _ in 0..<3 {
        for path in paths {
            guard let found = store.value(at: path) else { continue }
            switch found {
            case .object(let pairs): next += pairs.prefix(16).map { path + "." + $0.key }
            case .array(let items): next += items.indices.prefix(16).map { path + "." + String($0) }
            default: break
            }
        }
        paths = next
        next = []
    }
    return 0
}
