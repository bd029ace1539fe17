import VitrineCore

/// What a test reads when `body` was expected to throw and threw nothing.
public struct NothingThrown: Error, CustomStringConvertible {
    public var description: String { "expected a VitrineError, and nothing was thrown" }
}

/// The `VitrineError` `body` throws; `NothingThrown` (the test fails with it) when it throws
/// none, and any other error as it is. Swift Testing's `#require(throws:)` returns the error it caught only from Swift 6.1
/// on; with Debian 13's toolchain (Swift 6.0.3) it returns nothing, so the tests that read the
/// error's message and hint use this (issue 30).
public func thrownError<T>(_ body: () throws -> T) throws -> VitrineError {
    do {
        _ = try body()
    } catch let error as VitrineError {
        return error
    }
    throw NothingThrown()
}
