import AppCore
import CheckoutSheet
import Foundation
import Pictures
import Storefront
import TerminalUI

/// Time to render one frame (state -> grid) at a given size, over many frames of realistic
/// states from the bundled catalog: the collections list, a long product list and the checkout
/// sheet with the event log, each with the selection moving every frame.
enum RenderBenchmark {
    struct Result {
        var name: String
        var frames: Int
        var median: Duration
        var p99: Duration
        var max: Duration
    }

    /// `render [--size WxH] [--frames N]` (120x40 and 2000 frames by default).
    static func main(_ arguments: [String]) async throws {
        let size = BenchmarkArguments.size(arguments, default: Size(width: 120, height: 40))
        let frames = BenchmarkArguments.option("--frames", in: arguments).flatMap(Int.init) ?? 2000
        print(report(try await run(size: size, frames: frames), size: size))
    }

    static func run(size: Size, frames: Int) async throws -> [Result] {
        let storefront = EmbeddedStorefront(catalog: try CatalogLoader.bundled(),
                                            stateDirectory: FileManager.default.temporaryDirectory
                                                .appendingPathComponent("storefront-bench-\(getpid())"))
        let collections = try await storefront.collections(.first(50), sortKey: .id, productPreview: 5)
        let largest = try await largestCollection(collections.nodes, storefront)
        let products = try await storefront.collectionProducts(handle: largest.handle, page: .first(250),
                                                               sortKey: .collectionDefault, reverse: false)
        var browsing = AppState()
        browsing.collections = PagedList(items: collections.nodes, pageInfo: collections.pageInfo)

        var list = browsing
        list.screens = [.collections, .products(collectionHandle: largest.handle)]
        list.collectionProducts[largest.handle] = PagedList(items: products.nodes, pageInfo: products.pageInfo)

        var sheet = list
        sheet.screens.append(.cart)
        sheet.checkout.isPresented = true
        sheet.eventLog.isVisible = true
        for index in 0..<40 {
            sheet.eventLog.entries.append(EventLogEntry(id: index + 1, time: Date(timeIntervalSince1970: 1_780_000_000 + Double(index)),
                                                        name: "pixel", fields: [.init("event", "page_viewed"), .init("type", "standard")]))
        }
        let environment = RenderEnvironment(profile: .ansi256, shopName: "Kestrel & Co.")
        // The product page with its picture: converted once (timed), then on the shelf, as in the app.
        var product = browsing
        let mug = try await storefront.product(handle: "enamel-camp-mug")!
        product.screens = [.collections, .productDetail(handle: mug.handle)]
        product.productDetail = ProductDetailState(product: mug)
        var withPicture = environment
        let wanted = Renderer.render(product, size: size, environment: withPicture).wantedPictures
        for key in wanted {
            let bytes = try await storefront.pictureData(url: key.url, maxBytes: 1 << 20)
            var converted: CellPicture?
            let seconds = try BenchmarkClock.measure {
                converted = PictureConverter.convert(try RGBAImage(png: bytes), columns: key.columns, rows: key.rows, depth: key.depth)
            }
            print(String(format: "picture %dx%d cells at %@: decoded and converted in %.2f ms (target under 20 ms for 40x20)",
                         key.columns, key.rows, key.depth.rawValue, seconds * 1000))
            withPicture.pictures.store(.success(converted!), for: key)
        }
        var moving = environment
        moving.pictures.rest = .resting(on: nil)
        return [
            measure("collections", browsing, size: size, frames: frames, environment: environment) { state, frame in
                state.collections.selectedIndex = frame % max(1, state.collections.items.count)
            },
            // As the app draws it while the selection moves: the pane waits for the selection to rest.
            measure("collections, selection moving", browsing, size: size, frames: frames, environment: moving) { state, frame in
                state.collections.selectedIndex = frame % max(1, state.collections.items.count)
            },
            measure("products (\(products.nodes.count) rows)", list, size: size, frames: frames, environment: environment) { state, frame in
                state.collectionProducts[largest.handle]?.selectedIndex = frame % max(1, products.nodes.count)
            },
            measure("product page with its picture", product, size: size, frames: frames, environment: withPicture) { state, frame in
                state.productDetail?.quantity = 1 + frame % 5
            },
            measure("checkout sheet + event log", sheet, size: size, frames: frames, environment: environment) { state, frame in
                state.checkout.page = paymentPage(typed: frame % 16)
            },
        ]
    }

    private static func largestCollection(_ collections: [Collection], _ storefront: EmbeddedStorefront) async throws -> Collection {
        var best = collections[0], bestCount = -1
        for collection in collections {
            let page = try await storefront.collectionProducts(handle: collection.handle, page: .first(250),
                                                               sortKey: .collectionDefault, reverse: false)
            if page.edges.count > bestCount { best = collection; bestCount = page.edges.count }
        }
        return best
    }

    private static func paymentPage(typed: Int) -> CheckoutPage {
        CheckoutPage(step: .payment, fields: [
            .init(id: "number", label: "Card number", displayValue: String(repeating: "•", count: typed)),
            .init(id: "expiry", label: "Expiry", displayValue: "12/29"),
            .init(id: "cvc", label: "Security code", displayValue: "•••"),
            .init(id: "name", label: "Name on card", displayValue: "Ada Lovelace"),
        ], focusedFieldID: "number")
    }

    private static func measure(_ name: String, _ initial: AppState, size: Size, frames: Int, environment: RenderEnvironment,
                                change: (inout AppState, Int) -> Void) -> Result {
        var state = initial
        var samples: [Duration] = []
        samples.reserveCapacity(frames)
        let clock = ContinuousClock()
        var checksum = 0
        for frame in 0..<(frames + frames / 10) {
            change(&state, frame)
            let start = clock.now
            let grid = Renderer.render(state, size: size, environment: environment)
            let elapsed = clock.now - start
            checksum &+= grid.cells.count
            // The first tenth warms caches and is not counted.
            if frame >= frames / 10 { samples.append(elapsed) }
        }
        precondition(checksum > 0)
        samples.sort()
        return Result(name: name, frames: samples.count, median: samples[samples.count / 2],
                      p99: samples[min(samples.count - 1, samples.count * 99 / 100)], max: samples[samples.count - 1])
    }

    static func report(_ results: [Result], size: Size) -> String {
        func ms(_ d: Duration) -> String {
            let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
            return String(format: "%.3f ms", value)
        }
        return results.map { r in
            "render \(size) \(r.name): median \(ms(r.median)), p99 \(ms(r.p99)), max \(ms(r.max)) over \(r.frames) frames"
        }.joined(separator: "\n")
    }
}
