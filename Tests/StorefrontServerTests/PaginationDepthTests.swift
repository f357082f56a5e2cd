import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// The Storefront API pages no further than a list's 25,000th object: a page reaching past it is
/// an error, for lists the server holds (`ListPager`) and listings paged by key (`Paginator`).
struct PaginationDepthTests {
    let items = Array(0..<25_300)

    @Test func aPageEndingAtThe25000thObjectIsServedAndOnePastItIsRefused() throws {
        let last = try ListPager.page(items, ConnectionArguments(first: 250, after: ListPager.cursor(listing: "l", position: 24_749)), listing: "l")
        #expect(last.edges.last?.node == 24_999)
        #expect(throws: StorefrontError.self) {
            try ListPager.page(items, ConnectionArguments(first: 250, after: ListPager.cursor(listing: "l", position: 24_750)), listing: "l")
        }
        // `last` without `before` is the list's end: past the bound on a list this long.
        #expect(throws: StorefrontError.self) { try ListPager.page(items, ConnectionArguments(last: 10), listing: "l") }
        #expect(try ListPager.page(Array(0..<300), ConnectionArguments(last: 10), listing: "l").edges.count == 10)
    }

    @Test func aListingPagedByKeyIsBoundTheSameWay() throws {
        let listing = ListedArray(elements: items)
        func page(_ arguments: PageArguments) throws -> Page<Int> {
            try Paginator.page(listing, name: "p", arguments: arguments, id: { "\($0)" }, node: { $0 })
        }
        let first = try page(.first(250))
        #expect(first.edges.count == 250)
        #expect(throws: StorefrontError.self) { try page(.last(1)) }
        let message = (try? page(.last(1))).map { _ in "" } ?? {
            do { _ = try page(.last(1)); return "" } catch { return "\(error)" }
        }()
        #expect(message.contains("25000"), "\(message)")
    }
}
