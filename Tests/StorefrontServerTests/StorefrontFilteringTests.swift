import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// A collection page and a search page with storefront filters, as a starter storefront writes
/// them: filters come from the URL (`?filter.productVendor="…"`, one parameter per chosen value,
/// each the JSON of a value's `input`), go to `serve` as `[ProductFilter!]`, and the answer's
/// filters say what each further value would leave.
struct StorefrontFilteringTests {
    static let collectionPage = """
        query CollectionPage($handle: String!, $filters: [ProductFilter!], $first: Int, $after: String, $country: CountryCode)
        @inContext(country: $country) {
          collection(handle: $handle) {
            id title
            products(first: $first, after: $after, filters: $filters, sortKey: PRICE) {
              filters {
                id label type presentation
                values { id label count input swatch { color image { id } } image { id } }
              }
              nodes { handle vendor productType tags availableForSale
                      variants(first: 10) { nodes { availableForSale price { amount currencyCode } selectedOptions { name value } } } }
              pageInfo { hasNextPage endCursor }
            }
          }
        }
        """

    static let searchPage = """
        query SearchPage($term: String!, $filters: [ProductFilter!], $first: Int, $country: CountryCode)
        @inContext(country: $country) {
          search(query: $term, first: $first, types: [PRODUCT], productFilters: $filters) {
            totalCount
            productFilters { id label type values { id label count input } }
            nodes { ... on Product { handle availableForSale } }
          }
        }
        """

    // MARK: A starter storefront's URL handling

    /// `?filter.<key>=<json>` for each chosen value: the URL a filter link leads to.
    static func url(choosing inputs: [String]) throws -> String {
        var items: [URLQueryItem] = []
        for input in inputs {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(input.utf8)) as? [String: Any])
            for (key, value) in object {
                let json = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
                items.append(URLQueryItem(name: "filter.\(key)", value: String(decoding: json, as: UTF8.self)))
            }
        }
        var components = URLComponents(string: "https://shop.example/collections/coffee")!
        components.queryItems = items
        return components.string!
    }

    /// The `ProductFilter` list a page builds from its URL.
    static func filters(from url: String) throws -> [[String: Any]] {
        try (URLComponents(string: url)?.queryItems ?? []).filter { $0.name.hasPrefix("filter.") }.map { item in
            let value = try JSONSerialization.jsonObject(with: Data((item.value ?? "").utf8), options: .fragmentsAllowed)
            return [String(item.name.dropFirst("filter.".count)): value]
        }
    }

    func post(_ server: LoopbackServer, _ query: String, _ variables: [String: Any]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
            ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    func data(_ server: LoopbackServer, _ query: String, _ variables: [String: Any]) async throws -> [String: Any] {
        let json = try await post(server, query, variables)
        #expect(json["errors"] == nil, "\(json["errors"] ?? "")")
        return try #require(json["data"] as? [String: Any])
    }

    func products(_ server: LoopbackServer, url: String, country: String = "NL") async throws -> [String: Any] {
        let data = try await data(server, Self.collectionPage, ["handle": "coffee", "first": 20, "country": country,
                                                                "filters": try Self.filters(from: url)])
        return try #require((data["collection"] as? [String: Any])?["products"] as? [String: Any])
    }

    static func filter(_ id: String, in products: [String: Any]) throws -> [String: Any] {
        try #require((products["filters"] as? [[String: Any]])?.first { $0["id"] as? String == id }, "no filter \(id)")
    }

    static func values(_ id: String, in products: [String: Any]) throws -> [[String: Any]] {
        try #require(try filter(id, in: products)["values"] as? [[String: Any]])
    }

    static func counts(_ id: String, in products: [String: Any]) throws -> [String: Int] {
        Dictionary(try values(id, in: products).map { ($0["label"] as? String ?? "", $0["count"] as? Int ?? -1) }, uniquingKeysWith: { a, _ in a })
    }

    static func nodes(_ products: [String: Any]) -> [[String: Any]] { products["nodes"] as? [[String: Any]] ?? [] }

    static func variants(_ product: [String: Any]) -> [[String: Any]] {
        (product["variants"] as? [String: Any])?["nodes"] as? [[String: Any]] ?? []
    }

    static func option(_ variant: [String: Any], _ name: String) -> String? {
        (variant["selectedOptions"] as? [[String: Any]])?.first { $0["name"] as? String == name }?["value"] as? String
    }

    // MARK: Collection page

    @Test func aCollectionOffersItsFiltersWithTrueCounts() async throws {
        try await withServer { server async throws in
            let products = try await products(server, url: try Self.url(choosing: []))
            let all = Self.nodes(products)
            #expect(all.count == 12)
            #expect((products["filters"] as? [[String: Any]])?.map { $0["id"] as? String ?? "" } == [
                "filter.v.availability", "filter.v.price", "filter.p.product_type", "filter.p.vendor",
                "filter.v.option.size", "filter.v.option.grind", "filter.p.tag"])
            // Each count is how many of the collection's products have that value, worked out here from the products.
            var vendors: [String: Int] = [:], types: [String: Int] = [:], tags: [String: Int] = [:], sizes: [String: Int] = [:]
            for product in all {
                vendors[product["vendor"] as? String ?? "", default: 0] += 1
                types[product["productType"] as? String ?? "", default: 0] += 1
                for tag in Set(product["tags"] as? [String] ?? []) { tags[tag.lowercased(), default: 0] += 1 }
                for size in Set(Self.variants(product).compactMap { Self.option($0, "Size") }) { sizes[size, default: 0] += 1 }
            }
            #expect(try Self.counts("filter.p.vendor", in: products) == vendors)
            #expect(try Self.counts("filter.p.product_type", in: products) == types)
            #expect(try Self.counts("filter.v.option.size", in: products) == sizes)
            #expect(try Self.counts("filter.p.tag", in: products).reduce(into: [:]) { $0[$1.key.lowercased()] = $1.value } == tags)
            let available = all.filter { $0["availableForSale"] as? Bool == true }.count
            let soldOut = all.filter { Self.variants($0).contains { $0["availableForSale"] as? Bool == false } }.count
            #expect(try Self.counts("filter.v.availability", in: products) == ["In stock": available, "Out of stock": soldOut])
            #expect(available == 11, "brazil-cerrado-mineiro has no stock")
            // Values as the API writes them.
            let vendor = try #require(try Self.values("filter.p.vendor", in: products).first { $0["label"] as? String == "Kestrel Roastery" })
            #expect(vendor["id"] as? String == "filter.p.vendor.kestrel-roastery")
            #expect(vendor["input"] as? String == #"{"productVendor":"Kestrel Roastery"}"#)
            #expect(vendor["swatch"] is NSNull && vendor["image"] is NSNull)
            let inStock = try Self.values("filter.v.availability", in: products)[0]
            #expect(inStock["id"] as? String == "filter.v.availability.1" && inStock["input"] as? String == #"{"available":true}"#)
            let grind = try Self.filter("filter.v.option.grind", in: products)
            #expect(grind["label"] as? String == "Grind" && grind["type"] as? String == "LIST" && grind["presentation"] as? String == "TEXT")
            let cafetiere = try #require((grind["values"] as? [[String: Any]])?.first { $0["label"] as? String == "Cafetière" })
            #expect(cafetiere["id"] as? String == "filter.v.option.grind.cafetière")
            #expect(cafetiere["input"] as? String == #"{"variantOption":{"name":"grind","value":"Cafetière"}}"#)
            let price = try Self.filter("filter.v.price", in: products)
            #expect(price["type"] as? String == "PRICE_RANGE" && price["presentation"] is NSNull)
            let range = try #require((price["values"] as? [[String: Any]])?.first)
            #expect(range["count"] as? Int == 12 && range["input"] as? String == #"{"price":{"min":0,"max":59}}"#)
        }
    }

    @Test func applyingAValuesInputNarrowsTheProductsAndTheOtherCounts() async throws {
        try await withServer { server async throws in
            let first = try await products(server, url: try Self.url(choosing: []))
            let size = try #require(try Self.values("filter.v.option.size", in: first).first { $0["label"] as? String == "1 kg" })
            let url = try Self.url(choosing: [try #require(size["input"] as? String)])
            #expect(url.contains("filter.variantOption="))
            let narrowed = try await products(server, url: url)
            let found = Self.nodes(narrowed)
            #expect(found.count == size["count"] as? Int)
            #expect(found.allSatisfy { Self.variants($0).contains { Self.option($0, "Size") == "1 kg" } })
            // The size's own values keep their counts (sizes are alternatives); the other filters count what is left.
            #expect(try Self.counts("filter.v.option.size", in: narrowed) == (try Self.counts("filter.v.option.size", in: first)))
            #expect(try Self.counts("filter.p.product_type", in: narrowed).values.reduce(0, +) == found.count)
            // In stock and 1 kg must hold for one variant: kenya-nyeri's 1 kg Espresso and Cafetière are out,
            // brazil-cerrado-mineiro has nothing in stock.
            let inStock = try Self.values("filter.v.availability", in: narrowed)[0]
            let both = try await products(server, url: try Self.url(choosing: [size["input"] as! String, inStock["input"] as! String]))
            let expected = found.filter { Self.variants($0).contains { Self.option($0, "Size") == "1 kg" && $0["availableForSale"] as? Bool == true } }
            #expect(Self.nodes(both).map { $0["handle"] as? String } == expected.map { $0["handle"] as? String })
            #expect(Self.nodes(both).count == inStock["count"] as? Int)
            #expect(!Self.nodes(both).contains { $0["handle"] as? String == "brazil-cerrado-mineiro" })
            // Two values of one kind: either.
            let grinds = try Self.values("filter.v.option.grind", in: first).filter { ["Espresso", "Filter"].contains($0["label"] as? String) }
            let either = try await products(server, url: try Self.url(choosing: grinds.map { $0["input"] as! String }))
            let espressoOrFilter = Self.nodes(first).filter { Self.variants($0).contains { ["Espresso", "Filter"].contains(Self.option($0, "Grind")) } }
            #expect(Self.nodes(either).map { $0["handle"] as? String } == espressoOrFilter.map { $0["handle"] as? String })
            #expect(espressoOrFilter.count == 9 && Self.nodes(first).count == 12)
        }
    }

    @Test func aPriceRangeKeepsProductsWithAVariantInsideIt() async throws {
        try await withServer { server async throws in
            let filters: [[String: Any]] = [["price": ["min": 14, "max": 20.5]]]
            let data = try await data(server, Self.collectionPage, ["handle": "coffee", "first": 2, "filters": filters])
            let page = try #require((data["collection"] as? [String: Any])?["products"] as? [String: Any])
            let cursor = try #require((page["pageInfo"] as? [String: Any])?["endCursor"] as? String)
            let next = try await self.data(server, Self.collectionPage, ["handle": "coffee", "first": 20, "filters": filters, "after": cursor])
            let rest = try #require((next["collection"] as? [String: Any])?["products"] as? [String: Any])
            let found = Self.nodes(page) + Self.nodes(rest)
            #expect(found.map { $0["handle"] as? String } == ["cold-brew-concentrate", "ethiopia-yirgacheffe-kochere",
                                                             "guatemala-huehuetenango-el-injerto", "kenya-nyeri-aa-gatomboya"])
            let amounts = found.map { Self.variants($0).compactMap { Decimal(string: ($0["price"] as? [String: Any])?["amount"] as? String ?? "") } }
            #expect(amounts.allSatisfy { $0.contains { $0 >= 14 && $0 <= 20.5 } })
            // A cursor belongs to its filters.
            let other = try await post(server, Self.collectionPage, ["handle": "coffee", "first": 2, "after": cursor])
            #expect(other["errors"] != nil)
        }
    }

    @Test func filtersFollowTheBuyersMarket() async throws {
        try await withServer { server async throws in
            // Cold brew is not sold in the US: the market leaves it out, so it is neither listed nor counted.
            let home = try await products(server, url: try Self.url(choosing: []), country: "NL")
            let us = try await products(server, url: try Self.url(choosing: []), country: "US")
            #expect(Self.nodes(us).count == Self.nodes(home).count - 1)
            #expect(!Self.nodes(us).contains { $0["handle"] as? String == "cold-brew-concentrate" })
            #expect(try Self.counts("filter.v.availability", in: us)["In stock"] == (try Self.counts("filter.v.availability", in: home)["In stock"]! - 1))
            let inStock = try await products(server, url: try Self.url(choosing: [#"{"available":true}"#]), country: "US")
            #expect(!Self.nodes(inStock).contains { $0["handle"] as? String == "cold-brew-concentrate" })
            // Prices in yen: the range's top is the dearest product's yen price, and a yen range filters.
            let japan = try await products(server, url: try Self.url(choosing: []), country: "JP")
            let yen = Self.nodes(japan).flatMap { Self.variants($0) }.compactMap { ($0["price"] as? [String: Any])?["amount"] as? String }
                .compactMap { Decimal(string: $0) }
            let top = try #require(yen.max())
            #expect(try Self.values("filter.v.price", in: japan)[0]["input"] as? String == #"{"price":{"min":0,"max":\#(top)}}"#)
            let cheap = try await products(server, url: try Self.url(choosing: [#"{"price":{"max":2500}}"#]), country: "JP")
            #expect(!Self.nodes(cheap).isEmpty && Self.nodes(cheap).count < Self.nodes(japan).count)
            #expect(Self.nodes(cheap).allSatisfy { product in
                Self.variants(product).contains { Decimal(string: ($0["price"] as? [String: Any])?["amount"] as? String ?? "")! <= 2500 }
            })
        }
    }

    @Test func filtersOnDataTheCatalogDoesNotHoldMatchNothing() async throws {
        try await withServer { server async throws in
            let filters: [[String: Any]] = [["productMetafield": ["namespace": "custom", "key": "origin", "value": "Kenya"]]]
            let data = try await data(server, Self.collectionPage, ["handle": "coffee", "first": 10, "filters": filters])
            let products = try #require((data["collection"] as? [String: Any])?["products"] as? [String: Any])
            #expect(Self.nodes(products).isEmpty)
            let tooMany = [[String: Any]](repeating: ["available": true], count: 251)
            let refused = try await post(server, Self.collectionPage, ["handle": "coffee", "first": 10, "filters": tooMany])
            #expect("\(refused["errors"] ?? "")".contains("must not contain more than 250"))
        }
    }

    // MARK: Search page

    @Test func searchCountsEveryResultAndFiltersProducts() async throws {
        try await withServer { server async throws in
            let data = try await data(server, Self.searchPage, ["term": "tea", "first": 3])
            let search = try #require(data["search"] as? [String: Any])
            let total = try #require(search["totalCount"] as? Int)
            var all: [Product] = []
            var page = try await server.embedded.search(query: "tea", page: .first(5))
            all += page.nodes
            while page.pageInfo.hasNextPage {
                page = try await server.embedded.search(query: "tea", page: .first(5, after: page.pageInfo.endCursor))
                all += page.nodes
            }
            #expect(total == all.count && total > 3)
            #expect((search["nodes"] as? [Any])?.count == 3)
            let types = try Self.counts("filter.p.product_type", in: ["filters": search["productFilters"] as Any])
            #expect(types == Dictionary(grouping: all, by: \.productType).mapValues(\.count))
            let teaware = try #require(try Self.values("filter.p.product_type", in: ["filters": search["productFilters"] as Any])
                .min { ($0["count"] as? Int ?? 0) < ($1["count"] as? Int ?? 0) })
            #expect(teaware["count"] as? Int ?? 0 < total)
            let filters = try Self.filters(from: try Self.url(choosing: [try #require(teaware["input"] as? String)]))
            let narrowed = try #require(try await self.data(server, Self.searchPage, ["term": "tea", "first": 50, "filters": filters])["search"]
                as? [String: Any])
            #expect(narrowed["totalCount"] as? Int == teaware["count"] as? Int)
            #expect((narrowed["nodes"] as? [Any])?.count == teaware["count"] as? Int)
            // Articles alone: counted, and no product filters offered.
            let articles = try server.embedded.catalog.content.articles(matching: "tea")
            let alone = try #require(try await self.data(server, """
                { search(query: "tea", first: 250, types: [ARTICLE]) { totalCount productFilters { id } nodes { __typename } } }
                """, [:])["search"] as? [String: Any])
            #expect(alone["totalCount"] as? Int == articles.count)
            #expect((alone["productFilters"] as? [Any])?.isEmpty == true)
            #expect((alone["nodes"] as? [[String: Any]])?.map { $0["__typename"] as? String } == articles.map { _ in "Article" })
        }
    }

    /// All three types: the count has the pages and articles too, and filters (which choose
    /// products) leave them in.
    @Test func searchFiltersNarrowProductsAndKeepPagesAndArticles() async throws {
        try await withServer { server async throws in
            let content = server.embedded.catalog.content
            let pages = try content.pages(matching: "tea").map { "Page:\($0.handle)" }
            let articles = try content.articles(matching: "tea").map { "Article:\($0.handle)" }
            #expect(!articles.isEmpty)
            func search(_ filters: [[String: Any]]) async throws -> (total: Int, filters: Int, hits: [String], types: [String]) {
                let result = try #require(try await data(server, """
                    query($filters: [ProductFilter!]) { search(query: "tea", first: 250, productFilters: $filters) {
                      totalCount productFilters { id }
                      nodes { __typename ... on Product { handle productType } ... on Page { handle } ... on Article { handle } } } }
                    """, ["filters": filters])["search"] as? [String: Any])
                let nodes = try #require(result["nodes"] as? [[String: Any]])
                return (try #require(result["totalCount"] as? Int), (result["productFilters"] as? [Any])?.count ?? 0,
                        nodes.map { "\($0["__typename"] ?? ""):\($0["handle"] ?? "")" },
                        nodes.compactMap { $0["productType"] as? String })
            }
            let all = try await search([])
            let products = all.hits.filter { $0.hasPrefix("Product:") }
            #expect(all.hits == products + pages + articles)
            #expect(all.total == all.hits.count && all.filters > 0)
            let type = try #require(all.types.first)
            let narrowed = try await search([["productType": type]])
            let kept = zip(products, all.types).filter { $0.1 == type }.map(\.0)
            #expect(kept.count < products.count)
            #expect(narrowed.hits == kept + pages + articles)
            #expect(narrowed.total == kept.count + pages.count + articles.count)
        }
    }

    /// A market leaves out what it does not sell, as the API does: not found, not counted.
    @Test func searchCountsAProductNotSoldInAMarketAndFiltersItOut() async throws {
        try await withServer { server async throws in
            func search(_ country: String, _ filters: [[String: Any]] = []) async throws -> [String: Any] {
                try #require(try await data(server, Self.searchPage, ["term": "cold brew", "first": 10, "country": country,
                                                                      "filters": filters])["search"] as? [String: Any])
            }
            #expect(try await search("NL")["totalCount"] as? Int == 1)
            #expect(try await search("US")["totalCount"] as? Int == 0)
            #expect(try await search("NL", [["available": true]])["totalCount"] as? Int == 1)
            #expect(try await search("US", [["available": true]])["totalCount"] as? Int == 0)
            #expect(try await search("US", [["available": false]])["totalCount"] as? Int == 0)
        }
    }

    @Test func unavailableProductsComeLastByDefaultOrAreHiddenOrShownInPlace() async throws {
        try await withServer { server async throws in
            func handles(_ mode: String?) async throws -> [String] {
                let argument = mode.map { ", unavailableProducts: \($0)" } ?? ""
                let data = try await data(server, "{ search(query: \"coffee\", first: 250, types: [PRODUCT]\(argument)) { totalCount nodes { ... on Product { handle } } } }", [:])
                let search = try #require(data["search"] as? [String: Any])
                let found = (search["nodes"] as? [[String: Any]] ?? []).compactMap { $0["handle"] as? String }
                #expect(search["totalCount"] as? Int == found.count)
                return found
            }
            let soldOut = "brazil-cerrado-mineiro"
            let shown = try await handles("SHOW")
            let inPlace = try #require(shown.firstIndex(of: soldOut))
            #expect(inPlace < shown.count - 1, "it is not last by relevance alone")
            #expect(shown == (try await server.embedded.search(query: "coffee", page: .first(250))).nodes.map(\.handle))
            let last = try await handles(nil)
            #expect(last == shown.filter { $0 != soldOut } + [soldOut])
            #expect(try await handles("LAST") == last)
            #expect(try await handles("HIDE") == shown.filter { $0 != soldOut })
        }
    }

    @Test func searchSortsByPriceEitherWay() async throws {
        try await withServer { server async throws in
            func prices(reverse: Bool) async throws -> [Decimal] {
                let data = try await data(server, """
                    query($reverse: Boolean) { search(query: "tea", first: 250, sortKey: PRICE, reverse: $reverse, unavailableProducts: SHOW) {
                      nodes { ... on Product { priceRange { minVariantPrice { amount } } } } } }
                    """, ["reverse": reverse])
                let nodes = try #require((data["search"] as? [String: Any])?["nodes"] as? [[String: Any]])
                return nodes.compactMap { (($0["priceRange"] as? [String: Any])?["minVariantPrice"] as? [String: Any])?["amount"] as? String }
                    .compactMap { Decimal(string: $0) }
            }
            let up = try await prices(reverse: false)
            #expect(up.count > 3 && up == up.sorted())
            #expect(try await prices(reverse: true) == up.reversed())
        }
    }
}
