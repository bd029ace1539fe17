import Glibc

/// A failed system call: which call, and the errno it set.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public var call: String
    public var errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The C library's text for the errno, e.g. "Permission denied".
    public var errnoText: String { String(cString: strerror(self.errno)) }
    public var description: String { "\(self.call): \(self.errnoText) (errno \(self.errno))" }
}

/// An error a user can act on: what failed (naming the device, file or field), why, and what to do.
///
/// Codes are an open set of strings (`VitrineError.Code.permissionDenied`, …) so modules add their
/// own without touching this file. `description` prints one line with the hint after it, which is
/// what the command line and the on-screen error page show.
public struct VitrineError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { self.rawValue }

        public static let notFound = Code("not-found")
        public static let permissionDenied = Code("permission-denied")
        public static let busy = Code("busy")
        public static let invalidArgument = Code("invalid-argument")
        public static let unsupported = Code("unsupported")
        public static let invalidData = Code("invalid-data")
        public static let ioFailure = Code("io-failure")
    }

    public var code: Code
    /// What failed, naming the thing: "cannot open /dev/dri/card0".
    public var message: String
    /// What the user can do about it.
    public var hint: String?
    /// The underlying failure, usually a `SystemError`.
    public var cause: (any Error & Sendable)?

    public init(_ code: Code, _ message: String, hint: String? = nil, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.hint = hint
        self.cause = cause
    }

    /// The errno of a `SystemError` cause, if that is what caused this.
    public var errno: Int32? { (self.cause as? SystemError)?.errno }

    /// One line: message, the cause's text, then the hint.
    public var description: String {
        guard let hint = self.hint else { return self.summary }
        return self.summary + " — \(hint)"
    }

    /// The message and the cause's text, without the hint (for a caller that gives its own).
    public var summary: String {
        if let cause = self.cause as? SystemError {
            return self.message + ": \(cause.errnoText)"
        } else if let cause = self.cause {
            return self.message + ": \(cause)"
        }
        return self.message
    }
}

extension VitrineError {
    /// Opening a device node failed: no permission (EACCES, EPERM), the node is gone (ENOENT,
    /// ENODEV, ENXIO), or anything else — one line naming the node, with the hint for its case.
    public static func cannotOpen(_ path: String, _ error: SystemError, permissionHint: String, notFoundHint: String) -> VitrineError {
        switch error.errno {
        case EACCES, EPERM:
            return VitrineError(.permissionDenied, "cannot open \(path)", hint: permissionHint, cause: error)
        case ENOENT, ENODEV, ENXIO:
            return VitrineError(.notFound, "cannot open \(path)", hint: notFoundHint, cause: error)
        default:
            return VitrineError(.ioFailure, "cannot open \(path)", cause: error)
        }
    }
}
