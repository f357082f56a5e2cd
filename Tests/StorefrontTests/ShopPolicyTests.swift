import Foundation
import Testing
@testable import Storefront

/// The shop's policies: read from the catalog with their text, defaults for what a catalog leaves
/// out, clear errors, and the HTML body as terminal text.
@Suite struct ShopPolicyTests {
    static let contact = #""contactEmail": "hello@test-shop.example""#

    func catalog(shopFields: String) throws -> String {
        #expect(Fixtures.catalogJSON.contains(Self.contact))
        return Fixtures.catalogJSON.replacingOccurrences(of: Self.contact, with: shopFields + ", " + Self.contact)
    }

    /// The shop tells one story about its roasting days: the shipping policy, the FAQ and every
    /// coffee's page name the same two days.
    @Test func theBundledCatalogNamesOneSetOfRoastingDays() throws {
        let catalog = try CatalogLoader.bundled()
        let texts = catalog.shop.policies.map(\.text) + catalog.products.map(\.description) + catalog.content.pages.map(\.body)
        let pattern = /roast on ([A-Z][a-z]+days) and ([A-Z][a-z]+days)/
        let named = texts.flatMap { text in text.matches(of: pattern).map { "\($0.output.1) and \($0.output.2)" } }
        #expect(named.count > 5, "\(named)")
        #expect(Set(named) == ["Tuesdays and Fridays"], "\(Set(named))")
        #expect(try #require(catalog.shop.policy(.shipping)).text.contains("We roast on Tuesdays and Fridays"))
    }

    @Test func theBundledShopPublishesFourPoliciesWithText() throws {
        let shop = try CatalogLoader.bundled().shop
        #expect(shop.policies.map(\.kind) == ShopPolicy.Kind.allCases)
        #expect(shop.policies.map(\.handle) == ["refund-policy", "shipping-policy", "privacy-policy", "terms-of-service"])
        #expect(shop.policies.map(\.title) == ["Refund policy", "Shipping policy", "Privacy policy", "Terms of service"])
        #expect(Set(shop.policies.map(\.id)).count == 4 && shop.policies.allSatisfy { $0.id.hasPrefix("gid://shopify/ShopPolicy/") })
        for policy in shop.policies {
            #expect(policy.url == "https://kestrel-and-co.example/policies/\(policy.handle)")
            #expect(policy.body.hasPrefix("<p>") && policy.text.count > 500, "\(policy.title)")
            #expect(!policy.text.contains("<") && !policy.text.contains("&amp;"), "\(policy.title)")
        }
        // What the policies promise matches what the shop charges and where it is.
        let shipping = try #require(shop.policy(.shipping)).text
        #expect(shipping.contains("€5.90") && shipping.contains("€75"))
        #expect(try #require(shop.policy(.refund)).text.contains("14 days"))
        #expect(try #require(shop.policy(.privacy)).text.contains("GDPR"))
        #expect(shop.refundPolicyURL == "https://kestrel-and-co.example/policies/refund-policy")
    }

    @Test func aPolicyNeedsOnlyItsBody() throws {
        let shop = try CatalogLoader.load(data: Data(try catalog(shopFields: #""termsOfService": {"body": "<p>Be kind.</p>"}"#).utf8),
                                          file: "test.json").shop
        #expect(shop.policies == [ShopPolicy(kind: .termsOfService, id: "gid://shopify/ShopPolicy/4", handle: "terms-of-service",
                                             title: "Terms of service", body: "<p>Be kind.</p>",
                                             url: "https://test-shop.example/policies/terms-of-service")])
    }

    @Test func anOlderCatalogsAddressesStillPublishThePolicies() throws {
        let json = try catalog(shopFields: #""refundPolicyUrl": "https://test-shop.example/refunds""#)
        let shop = try CatalogLoader.load(data: Data(json.utf8), file: "test.json").shop
        #expect(shop.policies.map(\.kind) == [.refund] && shop.refundPolicyURL == "https://test-shop.example/refunds")
        #expect(shop.policies[0].body.isEmpty && shop.policies[0].title == "Refund policy")
    }

    @Test(arguments: [
        (#""privacyPolicy": {"title": "Privacy"}"#, "shop.privacyPolicy", "missing field \"body\""),
        (#""privacyPolicy": {"body": "x", "text": "y"}"#, "shop.privacyPolicy.text", "unknown field \"text\""),
        (#""privacyPolicy": {"body": "x", "handle": "privacy policy"}"#, "shop.privacyPolicy.handle",
         "\"privacy policy\" is not a handle such as \"privacy-policy\""),
        (#""refundPolicy": {"body": "x", "url": "/policies/refunds"}"#, "shop.refundPolicy.url",
         "\"/policies/refunds\" is not an address such as \"https://test-shop.example/policies/refund-policy\""),
    ])
    func badPoliciesSayWhatAndWhere(_ fields: String, location: String, message: String) throws {
        let error = loadError(try catalog(shopFields: fields))
        #expect(error.location == location, "\(error)")
        #expect(error.message == message, "\(error)")
    }

    @Test(arguments: [
        ("<p>One &amp; two.</p><p>Three&nbsp;&euro;5 &#8364;6 &#x20AC;7</p>", "One & two.\n\nThree €5 €6 €7"),
        ("<h2>Returns</h2><ul><li>Sealed</li><li> Unused\n  items </li></ul><p>Then <b>write</b>.<br>Thanks</p>",
         "Returns\n\n• Sealed\n• Unused items\n\nThen write.\n\nThanks"),
        ("Plain text, no tags", "Plain text, no tags"),
        ("<p>1 < 2 &bogus; and \u{1B}[31mred</p>", "1 < 2 &bogus; and red"),
        ("", ""),
    ])
    func bodiesReadAsText(_ html: String, text: String) {
        #expect(PolicyText.plain(fromHTML: html) == text)
    }
}
