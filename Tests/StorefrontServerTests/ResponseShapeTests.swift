import Foundation
import StorefrontServer
import Testing

/// The response-shape check every starter-storefront operation goes through finds what is wrong.
struct ResponseShapeTests {
    static let document = """
        query Page($withMenu: Boolean!) {
          shop { name n: name primaryDomain { url } }
          p: product(handle: "tea") {
            ... on Product { id }
            ...Titles
            variants(first: 1) { nodes { id price { amount } quantityAvailable availableForSale } }
          }
          node(id: "gid://shopify/Shop/1") { __typename id ... on Shop { name } }
          menu(handle: "main-menu") @include(if: $withMenu) { items { type } }
        }
        fragment Titles on Product { title }
        """

    static func answer() -> [String: Any] {
        ["shop": ["name": "Kestrel", "n": "Kestrel", "primaryDomain": ["url": "https://k.example"]],
         "p": ["id": "gid://shopify/Product/1", "title": "Tea",
               "variants": ["nodes": [["id": "gid://shopify/ProductVariant/1", "price": ["amount": "4.5"], "quantityAvailable": 3,
                                       "availableForSale": true]]]],
         "node": ["__typename": "Shop", "id": "gid://shopify/Shop/1", "name": "Kestrel"],
         "menu": ["items": [["type": "COLLECTION"]]]]
    }

    func problems(_ change: (inout [String: Any]) -> Void, withMenu: Bool = true) async throws -> [String] {
        var data = Self.answer()
        change(&data)
        return try ResponseShape(schema: try await ServedSchema.introspected())
            .problems(data, document: Self.document, variables: ["withMenu": withMenu])
    }

    @Test func anAnswerOfTheRightShapePasses() async throws {
        #expect(try await problems { _ in } == [])
        #expect(try await problems({ $0["menu"] = nil }, withMenu: false) == [], "@include(if: false) leaves the field out")
    }

    @Test func eachWrongShapeIsNamedWithItsPath() async throws {
        func set(_ path: [String], _ value: Any?) -> (inout [String: Any]) -> Void {
            { data in
                func go(_ object: inout [String: Any], _ rest: ArraySlice<String>) {
                    guard let key = rest.first else { return }
                    if rest.count == 1 { object[key] = value; return }
                    var inner = object[key] as? [String: Any] ?? [:]
                    go(&inner, rest.dropFirst())
                    object[key] = inner
                }
                go(&data, path[...])
            }
        }
        let cases: [((inout [String: Any]) -> Void, String)] = [
            (set(["shop", "name"], NSNull()), "data.shop.name: null where the type is String!"),
            (set(["shop", "n"], nil), "data.shop.n: selected but missing"),
            (set(["shop", "description"], "x"), "data.shop.description: answered but not selected"),
            (set(["p", "title"], 3), "data.p.title: 3 does not fit String"),
            (set(["p", "variants", "nodes"], ["id": "x"]), "data.p.variants.nodes: not a list where the type is [ProductVariant!]"),
            (set(["p", "variants", "nodes"], [["id": "gid://shopify/ProductVariant/1", "price": ["amount": "4.5"], "quantityAvailable": true,
                                                "availableForSale": true]]), "data.p.variants.nodes[0].quantityAvailable: true does not fit Int"),
            (set(["node", "__typename"], "MoneyV2"), "data.node.__typename: MoneyV2 is not one of Node's possible types"),
            (set(["menu"], ["items": [["type": "NOPE"]]]), "data.menu.items[0].type: NOPE is not a value of MenuItemType"),
            (set(["shop", "primaryDomain"], "https://k.example"), "data.shop.primaryDomain: not an object where the type is Domain"),
        ]
        for (change, expected) in cases {
            let found = try await problems(change)
            #expect(found.first == expected, "\(found)")
        }
        let variant: [String: Any] = ["id": "gid://shopify/ProductVariant/1", "price": ["amount": 4.5], "quantityAvailable": 2.5,
                                      "availableForSale": 1]
        #expect(try await problems(set(["p", "variants", "nodes"], [variant])) == [
            "data.p.variants.nodes[0].price.amount: 4.5 does not fit Decimal", "data.p.variants.nodes[0].quantityAvailable: 2.5 does not fit Int",
            "data.p.variants.nodes[0].availableForSale: 1 does not fit Boolean"])
        #expect(try await problems({ _ in }, withMenu: false) == ["data.menu: answered but not selected"])
    }
}
