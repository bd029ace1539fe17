import CDRM
import Glibc
import VitrineCore
import VitrineSystem

extension LibdrmDevice {
    /// Looks the property up among the connector's (`drmModeObjectGetProperties`, then
    /// `drmModeGetProperty` for each name) and sets it with `drmModeConnectorSetProperty`.
    /// The legacy property ioctl works on atomic drivers too: the kernel turns a "DPMS" write
    /// into the CRTC's ACTIVE state (drm_atomic_connector_commit_dpms, drivers/gpu/drm/drm_atomic_uapi.c).
    public func setConnectorProperty(_ connectorID: UInt32, name: String, value: UInt64) throws(VitrineError) {
        guard let properties = drmModeObjectGetProperties(self.fileDescriptor, connectorID, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else {
            throw DisplayErrors.callFailed("drmModeObjectGetProperties(connector \(connectorID))", device: self.path, errno: Syscall.lastErrno)
        }
        defer { drmModeFreeObjectProperties(properties) }
        var propertyID: UInt32?
        for index in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(self.fileDescriptor, properties.pointee.props[index]) else { continue }
            let propertyName = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if propertyName == name { propertyID = property.pointee.prop_id }
            drmModeFreeProperty(property)
            if propertyID != nil { break }
        }
        guard let propertyID else {
            throw VitrineError(.unsupported, "connector \(connectorID) of \(self.path) has no \(name) property")
        }
        let result = drmModeConnectorSetProperty(self.fileDescriptor, connectorID, propertyID, value)
        if result != 0 {
            throw DisplayErrors.callFailed("drmModeConnectorSetProperty(\(name)=\(value))", device: self.path, errno: -result)
        }
    }
}
