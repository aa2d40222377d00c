import CCairo
import Foundation

/// Collects what a cairo surface writes (PNG, SVG, PDF) in memory, so the file is written once, atomically, by the
/// caller: a failure leaves no partial file.
final class CairoOutput {
    var data = Data()

    /// The write function cairo calls, with an unretained `CairoOutput` as its closure.
    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<CairoOutput>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }

    /// The opaque closure pointer for cairo; valid while `self` lives.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Throws `RenderError` naming cairo's status when `status` is not success.
func check(_ status: cairo_status_t, _ what: String) throws {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw RenderError("\(what): \(String(cString: cairo_status_to_string(status)))")
    }
}
