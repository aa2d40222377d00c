import CLame
import CLameLoader

/// LAME encoding one chapter's speech to MP3 (audio/mpeg, an EPUB 3 core media type) as it is synthesized: constant
/// bit rate, mono, at the voice's own sample rate (no resampling), with a LAME tag frame first, which tells
/// decoders the encoder's delay and padding, so they drop them and the overlay's clip times hold to the sample.
final class MP3Encoder {
    /// Speech needs little: 32 kbit/s mono keeps an hour of narration near 14 MB.
    static let bitRate: Int32 = 32
    private let flags: OpaquePointer
    private(set) var bytes: [UInt8] = []
    private var scratch: [UInt8] = []

    init(sampleRate: Int) throws {
        if let failure = lame_loader_failure() { throw NarrationError(String(cString: failure)) }
        guard let flags = lame_init() else { throw NarrationError("LAME could not start") }
        self.flags = flags
        _ = lame_set_in_samplerate(flags, Int32(sampleRate))
        _ = lame_set_out_samplerate(flags, Int32(sampleRate))
        _ = lame_set_num_channels(flags, 1)
        _ = lame_set_mode(flags, MONO)
        _ = lame_set_VBR(flags, vbr_off)
        _ = lame_set_brate(flags, Self.bitRate)
        // 7: LAME's fast setting; a voice at 32 kbit/s gains nothing audible from slower ones.
        _ = lame_set_quality(flags, 7)
        _ = lame_set_bWriteVbrTag(flags, 1)
        lame_set_write_id3tag_automatic(flags, 0)
        // Thrown once every property is set: deinit closes the encoder.
        guard lame_init_params(flags) >= 0 else {
            throw NarrationError("LAME refused a \(sampleRate) Hz mono MP3 at \(Self.bitRate) kbit/s")
        }
    }

    deinit { _ = lame_close(flags) }

    /// Encodes samples, appending the frames LAME completes.
    func encode(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        // LAME's own bound on what one call may give: 1.25 times the samples plus 7200 bytes.
        let room = samples.count + samples.count / 4 + 7200
        if scratch.count < room { scratch = [UInt8](repeating: 0, count: room) }
        let made = scratch.withUnsafeMutableBufferPointer { out in
            lame_encode_buffer(flags, base, base, Int32(samples.count), out.baseAddress, Int32(room))
        }
        guard made >= 0 else { throw NarrationError("LAME could not encode (error \(made))") }
        bytes.append(contentsOf: scratch[0..<Int(made)])
    }

    /// The MP3: the last frames flushed and the LAME tag written over the first frame, which LAME left for it.
    func finished() throws -> [UInt8] {
        if scratch.count < 7200 { scratch = [UInt8](repeating: 0, count: 7200) }
        let made = scratch.withUnsafeMutableBufferPointer { lame_encode_flush(flags, $0.baseAddress, 7200) }
        guard made >= 0 else { throw NarrationError("LAME could not finish (error \(made))") }
        bytes.append(contentsOf: scratch[0..<Int(made)])
        let tag = scratch.withUnsafeMutableBufferPointer { lame_get_lametag_frame(flags, $0.baseAddress, 7200) }
        if tag > 0, tag <= 7200, tag <= bytes.count { bytes.replaceSubrange(0..<tag, with: scratch[0..<tag]) }
        return bytes
    }
}
