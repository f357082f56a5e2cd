import Foundation

/// One of the shop's content pages (`Page` in the Storefront API): "About us", "Contact", a care
/// guide. `body` is HTML, as the shop's admin stores it.
public struct ShopPage: Hashable, Sendable, Codable, Identifiable {
    /// `gid://shopify/Page/…`.
    public var id: String
    public var handle: String
    public var title: String
    /// HTML.
    public var body: String
    /// A short plain-text summary of the body, for a list of pages.
    public var bodySummary: String
    public var createdAt: Date
    public var updatedAt: Date
    public var seo: ContentSEO

    public init(id: String, handle: String, title: String, body: String, bodySummary: String, createdAt: Date, updatedAt: Date,
                seo: ContentSEO = ContentSEO()) {
        self.id = id; self.handle = handle; self.title = title; self.body = body; self.bodySummary = bodySummary
        self.createdAt = createdAt; self.updatedAt = updatedAt; self.seo = seo
    }

    /// The body as plain paragraphs (tags dropped, entities decoded).
    public var text: String { PolicyText.plain(fromHTML: body) }
}

/// The title and description a page, blog or article gives search engines, when it sets its own.
public struct ContentSEO: Hashable, Sendable, Codable {
    public var title: String?
    public var description: String?

    public init(title: String? = nil, description: String? = nil) { self.title = title; self.description = description }
}
