import CZlib
import Foundation

/// Inflates raw DEFLATE streams (no zlib header or checksum), as Core Data writes Z_MODELCACHE, with the system
/// zlib. The output is capped so a hostile stream cannot exhaust memory.
enum RawDeflate {
    /// The largest inflated size accepted (a model archive is a few hundred KiB at most).
    static let maximumOutput = 64 << 20

    /// Why a stream could not be inflated.
    struct Failure: Error, CustomStringConvertible {
        /// What zlib said, in words.
        let description: String
    }

    /// The inflated bytes of `data`; throws for an empty, damaged, truncated or oversized stream.
    static func inflate(_ data: Data) throws -> Data {
        guard !data.isEmpty else { throw Failure(description: "the stream is empty") }
        var stream = z_stream()
        guard strata_inflate_init_raw(&stream) == Z_OK else {
            throw Failure(description: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var output = Data()
        let input = [UInt8](data)
        return try input.withUnsafeBufferPointer { inputBuffer -> Data in
            stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { outputBuffer -> (Int32, Int) in
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, chunkSize - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                guard output.count <= maximumOutput else {
                    throw Failure(description: "it inflates to more than \(maximumOutput >> 20) MiB")
                }
                switch status {
                case Z_STREAM_END:
                    return output
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    throw Failure(
                        description:
                            "the stream ends before its last block (truncated after \(inputBuffer.count) bytes)")
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                    throw Failure(description: "\(message) at byte \(Int(stream.total_in)) of \(inputBuffer.count)")
                }
            }
        }
    }
}
