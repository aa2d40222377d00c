import CCairo
import Foundation
import InterlinearTestSupport
import Testing

/// A PNG read back into 0xRRGGBB pixels with cairo, for checking what the window drew.
struct PNGImage {
    let width: Int
    let height: Int
    /// Row-major, alpha dropped.
    let pixels: [UInt32]

    init(contentsOf url: URL) throws {
        guard let surface = cairo_image_surface_create_from_png(url.path),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            throw DesktopFailure("cannot read PNG \(url.path)")
        }
        defer { cairo_surface_destroy(surface) }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw DesktopFailure("empty PNG \(url.path)") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        let words = UnsafeRawPointer(data)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = words.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF
            }
        }
        self.pixels = pixels
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// Whether row `y` of this image equals row `y2` of `other`, pixel for pixel.
    func row(_ y: Int, equals other: PNGImage, row y2: Int) -> Bool {
        width == other.width && pixels[y * width..<(y + 1) * width] == other.pixels[y2 * width..<(y2 + 1) * width]
    }

    /// Pixels close to `colour` (each channel within `tolerance`) inside a rectangle (clipped to the image).
    func count(near colour: UInt32, tolerance: Int = 24, x: Int, y: Int, width w: Int, height h: Int) -> Int {
        var n = 0
        for py in max(y, 0)..<min(y + h, height) {
            for px in max(x, 0)..<min(x + w, width) {
                let p = pixel(px, py)
                if Self.channelsClose(p, colour, tolerance) { n += 1 }
            }
        }
        return n
    }

    private static func channelsClose(_ a: UInt32, _ b: UInt32, _ tolerance: Int) -> Bool {
        for shift: UInt32 in [0, 8, 16] {
            let ca = Int((a >> shift) & 0xFF), cb = Int((b >> shift) & 0xFF)
            if abs(ca - cb) > tolerance { return false }
        }
        return true
    }

    /// Pixels that differ from the background (white) in a rectangle: ink.
    func ink(x: Int, y: Int, width w: Int, height h: Int) -> Int {
        var n = 0
        for py in max(y, 0)..<min(y + h, height) {
            for px in max(x, 0)..<min(x + w, width) where pixel(px, py) != 0xFF_FFFF { n += 1 }
        }
        return n
    }
}
