import Foundation
import StorefrontModels

/// The shop's online-store content beside its catalog: pages and blogs with their articles.
/// A catalog without any has none (`empty`).
public struct OnlineStoreContent: Hashable, Sendable {
    public var pages: [ShopPage]
    public var blogs: [Blog]

    public init(pages: [ShopPage] = [], blogs: [Blog] = []) { self.pages = pages; self.blogs = blogs }

    public static let empty = OnlineStoreContent()

    /// Every article, blog by blog.
    public var articles: [Article] { blogs.flatMap(\.articles) }

    public func page(handle: String) -> ShopPage? { pages.first { $0.handle == handle } }
    public func page(id: String) -> ShopPage? { pages.first { $0.id == id } }
    public func blog(handle: String) -> Blog? { blogs.first { $0.handle == handle } }
    public func blog(id: String) -> Blog? { blogs.first { $0.id == id } }
    public func article(id: String) -> Article? {
        for blog in blogs { if let article = blog.articles.first(where: { $0.id == id }) { return article } }
        return nil
    }

    /// Pages matching a query in the Shopify search syntax (nil or blank for all), in catalog
    /// order. Throws `StorefrontError.invalidSearch` for a query that does not parse.
    public func pages(matching query: String?) throws -> [ShopPage] {
        let parsed = try ContentSearch.parse(query)
        return pages.filter { ContentSearch.matches(parsed, ContentSearch.Fields($0)) }
    }

    /// Articles matching a query (see `pages(matching:)`), from `articles` or those given.
    public func articles(matching query: String?, in articles: [Article]? = nil) throws -> [Article] {
        let parsed = try ContentSearch.parse(query)
        return (articles ?? self.articles).filter { ContentSearch.matches(parsed, ContentSearch.Fields($0)) }
    }

    /// Blogs matching a query, by title and handle.
    public func blogs(matching query: String?) throws -> [Blog] {
        let parsed = try ContentSearch.parse(query)
        return blogs.filter { ContentSearch.matches(parsed, ContentSearch.Fields($0)) }
    }

    /// Pages and articles for a search box: those holding every word typed, the last one also as
    /// the start of a word ("brew" finds "brewing"), in title, text, tags or author.
    public func predictivePages(_ query: String, limit: Int) -> [ShopPage] {
        Array(pages.lazy.filter { ContentSearch.holdsWords(query, ContentSearch.Fields($0)) }.prefix(max(0, limit)))
    }

    public func predictiveArticles(_ query: String, limit: Int) -> [Article] {
        Array(articles.lazy.filter { ContentSearch.holdsWords(query, ContentSearch.Fields($0)) }.prefix(max(0, limit)))
    }
}
