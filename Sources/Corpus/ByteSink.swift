#if canImport(Glibc)
import Glibc
#endif

/// Writes bytes to a file descriptor completely: short writes are continued and EINTR retried, and any other
/// failure (EPIPE, ENOSPC, EBADF, EFBIG, EIO) is thrown as a `SystemError` rather than lost.
public struct ByteSink {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let n = Glibc.write(descriptor, base, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError(code: errno)
            }
            if n == 0 { throw SystemError(code: EIO) }
            base += n
            remaining -= n
        }
    }

    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }
}

/// A failed system call, by its errno value; its description is the system's message.
public struct SystemError: Error, CustomStringConvertible, Equatable {
    public let code: Int32
    public init(code: Int32) { self.code = code }
    public var description: String { systemMessage(code) }
}
