import Clocks
import Foundation
import Testing
@testable import Storefront

/// Metafields on carts in the embedded store: set, read, replaced, deleted, refused with the API's
/// codes, and kept with the cart on disk.
@Suite struct CartMetafieldTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()
    let storefront: EmbeddedStorefront

    init() throws { storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock) }

    func newCart(metafields: [CartMetafieldInput] = []) async throws -> Cart {
        let sencha = try Fixtures.variantId("sencha")
        return try #require(try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: sencha)], metafields: metafields)).cart)
    }

    @Test func metafieldsAreSetReplacedDeletedAndKeptOnDisk() async throws {
        let cart = try await newCart(metafields: [CartMetafieldInput(key: "custom.gift_wrap", type: "single_line_text_field", value: "Kraft")])
        #expect(cart.metafield(namespace: "custom", key: "gift_wrap")?.value == "Kraft")
        await clock.advance(by: .days(1))
        var payload = try await storefront.cartMetafieldsSet([
            CartMetafieldInput(ownerId: cart.id, key: "custom.gift_wrap", type: "multi_line_text_field", value: "Linen\nwith a ribbon"),
            CartMetafieldInput(ownerId: cart.id, key: "delivery_window", type: "json", value: #"{"from": "09:00", "to": "12:00"}"#),
        ])
        #expect(payload.userErrors.isEmpty)
        let set = try #require(payload.metafields)
        #expect(set.map(\.namespace) == ["custom", CartMetafield.appNamespace] && set.map(\.key) == ["gift_wrap", "delivery_window"])
        #expect(set[0].id == cart.metafields[0].id && set[0].type == "multi_line_text_field", "the same metafield, replaced")
        #expect(set[0].createdAt == Fixtures.start && set[0].updatedAt == clock.date)

        var read = try #require(try await storefront.cart(id: cart.id))
        #expect(read.metafields.map(\.value) == ["Linen\nwith a ribbon", #"{"from": "09:00", "to": "12:00"}"#])
        #expect(read.metafield(namespace: nil, key: "delivery_window")?.id == set[1].id && read.updatedAt == clock.date)
        #expect(try await EmbeddedStorefront.fixture(directory: directory, clock: clock).cart(id: cart.id) == read, "kept in carts.json")

        let deleted = try await storefront.cartMetafieldDelete(ownerId: cart.id, key: "custom.gift_wrap")
        #expect(deleted == CartMetafieldDeletePayload(deletedId: set[0].id))
        read = try #require(try await storefront.cart(id: cart.id))
        #expect(read.metafields.map(\.key) == ["delivery_window"])
        let missing = try await storefront.cartMetafieldDelete(ownerId: cart.id, key: "custom.gift_wrap")
        #expect(missing.deletedId == nil && missing.userErrors.map(\.code) == [MetafieldUserError.metafieldDoesNotExist])
        let stranger = try await storefront.cartMetafieldDelete(ownerId: "gid://shopify/Cart/none?key=none", key: "delivery_window")
        #expect(stranger.userErrors.map(\.code) == [MetafieldUserError.invalidOwner] && stranger.userErrors.first?.field == ["input", "ownerId"])

        payload = try await storefront.cartMetafieldsSet([CartMetafieldInput(ownerId: cart.id, key: "custom.added", type: "boolean", value: "true")])
        #expect(payload.metafields?.first?.id != set[0].id, "a new metafield gets a new id")
    }

    @Test func refusedInputSetsNothingAndSaysWhy() async throws {
        let cart = try await newCart()
        func errors(_ inputs: [CartMetafieldInput]) async throws -> [String] {
            let payload = try await storefront.cartMetafieldsSet(inputs)
            #expect(payload.metafields == nil)
            return payload.userErrors.map { "\($0.elementIndex.map(String.init) ?? "-") \($0.code ?? "") \($0.field?.last ?? "")" }
        }
        func input(_ key: String, _ type: String, _ value: String) -> CartMetafieldInput {
            CartMetafieldInput(ownerId: cart.id, key: key, type: type, value: value)
        }
        #expect(try await errors([input("custom.ok", "single_line_text_field", "fine"), input("custom.n", "number_integer", "1")])
                == ["1 TOO_SHORT key"])
        #expect(try await errors([input("custom.count", "number_integer", "1.5"), input("custom.flag", "boolean", "yes"),
                                  input("custom.color", "color", "red"), input("custom.when", "date", "2026-4-1"),
                                  input("custom.list", "list.number_integer", "[1, \"x\"]"), input("custom.link", "url", "javascript:alert(1)")])
                == ["0 INVALID_VALUE value", "1 INVALID_VALUE value", "2 INVALID_VALUE value", "3 INVALID_VALUE value",
                    "4 INVALID_VALUE value", "5 INVALID_VALUE value"])
        #expect(try await errors([input("custom.thing", "rich_text_field", "x"), input("custom.empty", "single_line_text_field", "  "),
                                  input("", "single_line_text_field", "x"), input("ab.key", "boolean", "true")])
                == ["0 INVALID_TYPE type", "1 BLANK value", "2 BLANK key", "3 TOO_SHORT key"])
        #expect(try await errors([CartMetafieldInput(ownerId: "gid://shopify/Product/1", key: "custom.a", type: "boolean", value: "true")])
                == ["0 INVALID_OWNER ownerId"])
        let many = (0..<26).map { input("custom.key\($0)", "number_integer", "\($0)") }
        #expect(try await errors(many) == ["- LESS_THAN_OR_EQUAL_TO metafields"])
        #expect(try await storefront.cart(id: cart.id) == cart, "nothing was set")

        // In cartCreate, a refused metafield is a cart error and no cart is made.
        let created = try await storefront.cartCreate(CartInput(metafields: [CartMetafieldInput(key: "custom.number", type: "number_integer", value: "x")]))
        #expect(created.cart == nil)
        #expect(created.userErrors == [CartUserError(code: .invalidMetafields, field: ["metafields", "0", "value"], message: "\"x\" is not a whole number.")])
    }

    @Test func valuesOfEveryTypeAreTaken() async throws {
        let cart = try await newCart()
        let inputs = [("single_line_text_field", "Hello"), ("multi_line_text_field", "a\nb"), ("number_integer", "-42"),
                      ("number_decimal", "12.50"), ("boolean", "false"), ("json", "[1, {\"a\": null}]"), ("date", "2026-04-01"),
                      ("date_time", "2026-04-01T12:30:00Z"), ("url", "https://example.com/x"), ("color", "#1a2B3c"),
                      ("list.single_line_text_field", #"["a", "b"]"#), ("list.number_integer", "[1, 2, 3]")]
            .enumerated().map { CartMetafieldInput(ownerId: cart.id, key: "custom.value\($0.offset)", type: $0.element.0, value: $0.element.1) }
        let payload = try await storefront.cartMetafieldsSet(inputs)
        #expect(payload.userErrors.isEmpty, "\(payload.userErrors)")
        #expect(payload.metafields?.count == inputs.count)
    }

    /// A cart saved before carts had metafields and preferences still opens, with none of either.
    @Test func aCartSavedBeforeMetafieldsStillLoads() async throws {
        let time = Fixtures.start.timeIntervalSinceReferenceDate
        let old = """
            {"version": 1, "carts": [{"token": "old", "key": "k1", "createdAt": \(time), "updatedAt": \(time),
              "lines": [{"id": "gid://shopify/CartLine/1?cart=old", "merchandiseId": "\(try Fixtures.variantId("sencha"))", "quantity": 2, "attributes": []}],
              "buyerIdentity": {"email": "ada@example.com", "countryCode": "NL"}, "discountCodes": [], "attributes": [],
              "state": "open", "nextLineNumber": 2}]}
            """
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data(old.utf8).write(to: directory.url.appendingPathComponent("carts.json"))
        let reopened = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        #expect(reopened.stateWarnings.isEmpty)
        let cart = try #require(try await reopened.cart(id: "gid://shopify/Cart/old?key=k1"))
        #expect(cart.totalQuantity == 2 && cart.metafields.isEmpty && cart.buyerIdentity.preferences == nil)
        let payload = try await reopened.cartMetafieldsSet([CartMetafieldInput(ownerId: cart.id, key: "custom.note", type: "single_line_text_field", value: "hi")])
        #expect(payload.metafields?.first?.id == "gid://shopify/Metafield/1?cart=old")
    }
}
