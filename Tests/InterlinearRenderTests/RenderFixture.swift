import CCairo
import Foundation
import InterlinearTestSupport
import Testing

/// Shared helpers of the render tests: output files, the layout as `interlinear typeset` prints it, pixels read
/// back from PNG files with cairo, and the poppler tools.
enum RenderFixture {
    /// A fresh temporary folder, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs `interlinear render` and returns the file it wrote.
    static func render(_ arguments: [String], to file: URL) throws -> Data {
        let result = try run(
            interlinearBinary, ["render"] + arguments + ["--output", file.path], directory: packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        return try Data(contentsOf: file)
    }

    // MARK: The layout, from `interlinear typeset`

    struct Layout: Decodable {
        struct LabelRecord: Decodable {
            let text: String
            let tier: String
            let word: Int?
            let x, y, width, height: Double
        }
        struct CellRecord: Decodable {
            let id: String
            let verse: Int
            let y, height: Double
            let translation: String
            let labels: [LabelRecord]
        }
        let height: Double
        let cells: [CellRecord]
    }

    static func layout(width: String, extra: [String] = []) throws -> Layout {
        let result = try run(
            interlinearBinary, ["typeset", "John 1", "--width", width] + extra, directory: packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Layout.self, from: result.stdout)
    }

    // MARK: Pixels

    /// A PNG read back with cairo, as 8-bit premultiplied ARGB.
    final class Image {
        let width: Int, height: Int, stride: Int
        private let surface: OpaquePointer
        private let data: UnsafeMutablePointer<UInt8>

        init(contentsOf file: URL) throws {
            let surface = try #require(cairo_image_surface_create_from_png(file.path))
            try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cairo reads \(file.path)")
            self.surface = surface
            width = Int(cairo_image_surface_get_width(surface))
            height = Int(cairo_image_surface_get_height(surface))
            stride = Int(cairo_image_surface_get_stride(surface))
            data = try #require(cairo_image_surface_get_data(surface))
        }

        deinit { cairo_surface_destroy(surface) }

        /// (red, green, blue) of a pixel; white outside the image.
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            guard x >= 0, y >= 0, x < width, y < height else { return (255, 255, 255) }
            let p = data + y * stride + x * 4  // little-endian ARGB32: B, G, R, A
            return (Int(p[2]), Int(p[1]), Int(p[0]))
        }

        /// Pixels in a point rectangle (scaled by `scale`, shrunk by `inset` points each side) darker than paper.
        func inkPixels(x: Double, y: Double, width w: Double, height h: Double, scale: Double, inset: Double = 0) -> Int
        {
            let x0 = Int(((x + inset) * scale).rounded(.up)), x1 = Int(((x + w - inset) * scale).rounded(.down))
            let y0 = Int(((y + inset) * scale).rounded(.up)), y1 = Int(((y + h - inset) * scale).rounded(.down))
            guard x1 > x0, y1 > y0 else { return 0 }
            var count = 0
            for py in y0..<y1 {
                for px in x0..<x1 {
                    let (r, g, b) = rgb(px, py)
                    if min(r, g, b) < 200 { count += 1 }
                }
            }
            return count
        }
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](data.prefix(24))
        try #require(
            bytes.count == 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
        func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    // MARK: Tools

    /// Whether poppler's tools are installed; under CI the tests run regardless (and fail without them).
    static var popplerRequired: Bool { SystemTool.required("pdftotext", "pdfinfo") }

    /// Runs a poppler tool and returns its standard output.
    static func poppler(_ name: String, _ arguments: [String]) throws -> String {
        let program = try #require(SystemTool.find(name), "\(name) is missing: apt-get install poppler-utils")
        let result = try run(program, arguments)
        #expect(result.status == 0, "\(name) \(arguments): \(result.stderr)")
        return result.stdoutText
    }

    // MARK: The corpus

    /// The chapter file's source words as printed (the surface with the marks of the line's last field around it:
    /// "," after it, or "(_" / "_)," with the word at the `_`), and its translation per verse, read straight from the
    /// committed corpus.
    static func corpusJohnOne() throws -> (words: [String], strongs: [String], translations: [Int: [String]]) {
        let text = try String(
            contentsOf: corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv"), encoding: .utf8)
        var words: [String] = [], strongs: [String] = [], translations: [Int: [String]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.first == "w", fields.count > 5 {
                words.append(ChapterFileWord.printed(fields))
                strongs.append(fields[5])  // w, verse, surface, transliteration, lemma, Strong's, …
            } else if fields.first == "v", fields.count > 2, let verse = Int(fields[1]) {
                translations[verse] = fields[2].split(separator: " ").map(String.init)
            }
        }
        return (words, strongs, translations)
    }

    /// Whether a token has a Greek letter.
    static func isGreek(_ token: Substring) -> Bool {
        token.unicodeScalars.contains { (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value) }
    }
}
