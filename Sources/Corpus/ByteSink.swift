#if canImport(Glibc)
import Glibc
#endif

/// Writes bytes to a file descriptor completely: short writes are continued and EINTR retried, and any other
/// failure (EPIPE, ENOSPC, EBADF, EFBIG, EIO) is thrown as a `SystemError` rather than lost.
package struct ByteSink {
    package let descriptor: Int32

    package init(descriptor: Int32) { self.descriptor = descriptor }

    package func write(_ bytes: UnsafeRawBufferPointer) throws {
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

    package func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }
}

/// A failed system call, by its errno value; its description is the system's message.
package struct SystemError: Error, CustomStringConvertible, Equatable {
    package let code: Int32
    package init(code: Int32) { self.code = code }
    package var description: String { systemMessage(code) }
}
