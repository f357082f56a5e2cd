import CPNG
import Foundation

/// A decoded picture: 8-bit RGBA pixels, row by row.
public struct RGBAImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "an RGBA image holds four bytes per pixel")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The largest picture decoded: 16 megapixels (64 MB of RGBA), far above any product image.
    public static let maximumPixels = 16 * 1024 * 1024

    /// Decodes PNG bytes. Anything else, a broken PNG or one too large is an error that says so.
    public init(png data: Data) throws {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { throw PictureError.unsupportedFormat }
        var width: UInt32 = 0, height: UInt32 = 0
        var buffer: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            cpng_decode_rgba(bytes.baseAddress, bytes.count, UInt64(Self.maximumPixels), &width, &height, &buffer,
                             &message, message.count)
        }
        guard status == 0, let buffer else {
            throw PictureError.undecodable(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { cpng_free(buffer) }
        let count = Int(width) * Int(height) * 4
        self.init(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
    }

    /// This picture as PNG bytes.
    public func pngData() throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        let size = pixels.withUnsafeBufferPointer { cpng_encode_rgba($0.baseAddress, UInt32(width), UInt32(height), &out) }
        guard size > 0, let out else { throw PictureError.undecodable("could not encode PNG") }
        defer { cpng_free(out) }
        return Data(bytes: out, count: size)
    }

    /// A smaller copy no wider than `maxWidth` and no taller than `maxHeight`, aspect kept (area
    /// averaging). A picture that already fits is returned as it is.
    public func scaledDown(maxWidth: Int, maxHeight: Int) -> RGBAImage {
        let scale = min(Double(max(1, maxWidth)) / Double(width), Double(max(1, maxHeight)) / Double(height))
        guard scale < 1 else { return self }
        let newWidth = max(1, Int((Double(width) * scale).rounded()))
        let newHeight = max(1, Int((Double(height) * scale).rounded()))
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for y in 0..<newHeight {
            let y0 = y * height / newHeight, y1 = max(y0 + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let x0 = x * width / newWidth, x1 = max(x0 + 1, (x + 1) * width / newWidth)
                var sum = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let i = (sy * width + sx) * 4
                        sum.0 += Int(pixels[i]); sum.1 += Int(pixels[i + 1]); sum.2 += Int(pixels[i + 2]); sum.3 += Int(pixels[i + 3])
                    }
                }
                let n = (y1 - y0) * (x1 - x0), o = (y * newWidth + x) * 4
                out[o] = UInt8(sum.0 / n); out[o + 1] = UInt8(sum.1 / n); out[o + 2] = UInt8(sum.2 / n); out[o + 3] = UInt8(sum.3 / n)
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: out)
    }
}

/// Why a picture cannot be shown.
public enum PictureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a PNG (the only format asked for and decoded).
    case unsupportedFormat
    case undecodable(String)
    case unavailable(String)

    public var description: String {
        switch self {
        case .unsupportedFormat: return "not a PNG picture"
        case .undecodable(let why): return "picture could not be decoded: \(why)"
        case .unavailable(let why): return "picture unavailable: \(why)"
        }
    }
}
