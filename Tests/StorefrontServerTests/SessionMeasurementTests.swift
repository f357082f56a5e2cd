import Foundation
import Storefront
import StorefrontServer
import Testing

/// A typical browse-and-buy session over HTTP, with the requests the interactive storefront makes
/// (seen in `storefront serve`'s log while driving the app): opening the app reads the shop and
/// the collections with previews; a collection reads its first page of products; the product screen
/// shows the product from that page; adding to the cart creates it; the cart screen shows the
/// cart from that answer; the checkout sheet reads the cart behind `cart.checkoutUrl`.
///
/// Prints the requests and the time of a first visit and of a second visit that starts with a new
/// client on the same disk cache. `STOREFRONT_MEASURE_LATENCY_MS=50` adds that much server latency
/// per request (off by default so the suite stays fast):
///     STOREFRONT_MEASURE_LATENCY_MS=50 swift test --skip-build --filter SessionMeasurementTests
struct SessionMeasurementTests {
    struct Visit {
        var requests: RequestStatistics
        var milliseconds: Double
        var product: Product?
    }

    func visit(_ server: LoopbackServer) async throws -> Visit {
        let client = server.client(policy: .cacheFirst(expireIn: 300), cache: ResponseCache(directory: server.cacheDirectory))
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await client.shop()
        let collections = try await client.collections(.first(20), sortKey: .title, productPreview: 4)
        let collection = try #require(collections.nodes.first { $0.handle == "coffee" })
        let products = try await client.collectionProducts(handle: collection.handle, page: .first(25), sortKey: .collectionDefault,
                                                           reverse: false)
        let product = try #require(products.nodes.first)
        let payload = try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: product.variants[0].id)]))
        let cartId = try #require(payload.cart?.id)
        let cart = try #require(try await client.cart(id: cartId))
        #expect(!cart.checkoutUrl.isEmpty) // what the checkout sheet opens
        let elapsed = start.duration(to: clock.now)
        return Visit(requests: await client.statistics(),
                     milliseconds: Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000,
                     product: product)
    }

    @Test func browseAndBuyRequestsAndWhatTheCacheSaves() async throws {
        let latency = Double(ProcessInfo.processInfo.environment["STOREFRONT_MEASURE_LATENCY_MS"] ?? "") ?? 0
        try await withServer(faults: FaultPlan(latency: latency / 1000)) { server async throws in
            let first = try await visit(server)
            let second = try await visit(server)
            #expect(first.requests.requests == 5)
            #expect(first.requests.requestsByOperation == ["Shop": 1, "Collections": 1, "CollectionProducts": 1,
                                                           "CartCreate": 1, "Cart": 1])
            #expect(second.requests.requests == 2)
            #expect(second.requests.requestsByOperation == ["CartCreate": 1, "Cart": 1])
            #expect(second.requests.cacheHits == 3)
            #expect(second.product == first.product)
            let line = { (name: String, visit: Visit) in
                "\(name): \(visit.requests.requests) requests \(visit.requests.requestsByOperation.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")), "
                    + "\(visit.requests.cacheHits) from cache, \(String(format: "%.1f", visit.milliseconds)) ms, \(visit.requests.bytesReceived) bytes received"
            }
            print("browse-and-buy session, server latency \(Int(latency)) ms")
            for entry in await server.requestLog.lines { print("  server: \(entry)") }
            print(line("first visit ", first))
            print(line("second visit", second))
        }
    }
}
