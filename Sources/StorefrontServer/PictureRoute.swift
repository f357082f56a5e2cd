import Foundation
import Hummingbird
import Pictures
import Storefront

/// `GET /products/NAME.png[?width=W&height=H&format=png]` (and `/collections/…`): the catalog's pictures, as the CDN of a
/// shop would serve them, scaled down to the size asked for (never up). A picture URL on the
/// catalog's domain reaches this route through the client (see `GraphQLStorefront.pictureData`).
enum PictureRoute {
    static let paths = ["/products/{name}", "/collections/{name}"]
    /// The largest picture file read, and the largest side a transform may ask for.
    static let maxBytes = 4 << 20
    static let maxSide = 2048

    static func answer(name: String, query: [String: String], storefront: any StorefrontClient) async -> Response {
        let data: Data
        do {
            data = try await storefront.pictureData(url: "https://pictures.invalid/products/\(name)", maxBytes: maxBytes)
        } catch {
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "No picture named \(name.prefix(100)).\n")))
        }
        let width = query["width"].flatMap(Int.init).map { min(max($0, 1), maxSide) }
        let height = query["height"].flatMap(Int.init).map { min(max($0, 1), maxSide) }
        var body = data
        if width != nil || height != nil, let image = try? RGBAImage(png: data) {
            let scaled = image.scaledDown(maxWidth: width ?? image.width, maxHeight: height ?? image.height)
            if scaled != image, let encoded = try? scaled.pngData() { body = encoded }
        }
        var headers = HTTPFields()
        headers[.contentType] = "image/png"
        headers[.cacheControl] = "public, max-age=86400"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
