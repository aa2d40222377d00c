import CCairo
import CSDL2
import Foundation

/// The window's picture: a cairo image surface of the window's size in pixels, and an SDL surface over the same
/// memory that is copied onto the window surface to show it. The picture stays here between frames, so an expose
/// re-shows it without painting, and a snapshot is exactly what the window shows.
final class FrameBuffer {
    let pixelWidth: Int32
    let pixelHeight: Int32
    /// `cairo_t *` over `surface`.
    let context: OpaquePointer
    private let surface: OpaquePointer
    private let sdlSurface: UnsafeMutablePointer<SDL_Surface>

    init(pixelWidth: Int32, pixelHeight: Int32) throws {
        self.pixelWidth = max(pixelWidth, 1)
        self.pixelHeight = max(pixelHeight, 1)
        // RGB24 is 32-bit xRGB in native byte order: SDL's XRGB8888 on a little-endian machine, so no conversion.
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, self.pixelWidth, self.pixelHeight),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { throw ViewError("cairo cannot make a \(pixelWidth)×\(pixelHeight) image") }
        guard
            let sdl = SDL_CreateRGBSurfaceWithFormatFrom(
                data, self.pixelWidth, self.pixelHeight, 32, cairo_image_surface_get_stride(surface),
                SDL_PIXELFORMAT_XRGB8888.rawValue)
        else {
            cairo_surface_destroy(surface)
            throw ViewError("SDL cannot wrap the frame: \(String(cString: SDL_GetError()))")
        }
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            SDL_FreeSurface(sdl)
            cairo_surface_destroy(surface)
            throw ViewError("cairo cannot draw on the frame")
        }
        self.surface = surface
        self.sdlSurface = sdl
        self.context = context
    }

    deinit {
        SDL_FreeSurface(sdlSurface)
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Copies the picture onto the window and shows it.
    func present(on window: OpaquePointer) throws {
        cairo_surface_flush(surface)
        guard let target = SDL_GetWindowSurface(window) else {
            throw ViewError("no window surface: \(String(cString: SDL_GetError()))")
        }
        guard SDL_UpperBlit(sdlSurface, nil, target, nil) == 0, SDL_UpdateWindowSurface(window) == 0 else {
            throw ViewError("cannot show the frame: \(String(cString: SDL_GetError()))")
        }
    }

    /// The picture as PNG bytes.
    func png() throws -> Data {
        cairo_surface_flush(surface)
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ViewError("cannot encode the snapshot: \(String(cString: cairo_status_to_string(status)))")
        }
        return withExtendedLifetime(sink) { sink.data }
    }
}
