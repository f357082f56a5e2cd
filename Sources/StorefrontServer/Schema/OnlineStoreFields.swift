import Foundation
import Graphiti
import Storefront

// Pages, blogs and articles in the Storefront API's shapes, and the root fields that find them.
// They come from the embedded storefront's catalog; a storefront over the network has none here.

extension RequestContext {
    /// The shop's pages and blogs.
    var content: OnlineStoreContent { storefront.embeddedStorefront?.catalog.content ?? .empty }

    /// `https://<shop domain><path>`, where a page, blog or article is published.
    func onlineStoreURL(_ path: String) async throws -> URLValue? {
        URLValue(unchecked: "https://\(try await storefront.shop().domain)\(path)")
    }
}

/// Never null here (a page without its own SEO answers nulls inside), though the API allows null.
extension ContentSEO {
    var node: SEONode { SEONode(title: title, description: description) }
}

/// `content(truncateAt:)` and `excerpt(truncateAt:)`: the text cut after that many characters.
private func truncated(_ text: String, _ arguments: TruncateArguments) -> String {
    guard let limit = arguments.truncateAt, limit >= 0, text.count > limit else { return text }
    return String(text.prefix(limit)) + "…"
}

extension ShopPage: HasMetafields {
    func metafieldNodes(context: RequestContext) -> [MetafieldNode] { [] }
    var idValue: GraphID { GraphID(unchecked: id) }
    var bodyValue: HTMLValue { HTMLValue(unchecked: body) }
    var createdAtValue: DateTimeValue { DateTimeValue(createdAt) }
    var updatedAtValue: DateTimeValue { DateTimeValue(updatedAt) }
    var seoNode: SEONode? { seo.node }
    var trackingParameters: String? { nil }

    func onlineStoreUrl(context: RequestContext, arguments: NoArguments) async throws -> URLValue? {
        try await context.onlineStoreURL("/pages/\(handle)")
    }
}

extension Blog: HasMetafields {
    func metafieldNodes(context: RequestContext) -> [MetafieldNode] { [] }
    var idValue: GraphID { GraphID(unchecked: id) }
    var seoNode: SEONode? { seo.node }

    func onlineStoreUrl(context: RequestContext, arguments: NoArguments) async throws -> URLValue? {
        try await context.onlineStoreURL("/blogs/\(handle)")
    }

    func articleByHandle(context: RequestContext, arguments: HandleArguments) -> Article? { article(handle: arguments.handle) }

    func articles(context: RequestContext, arguments: SortedConnectionArguments<ArticleSortKeys>) throws -> Page<Article> {
        try ArticleSortKeys.page(context.content.articles(matching: arguments.query, in: articles), arguments, listing: "articles.\(id)")
    }
}

extension Article: HasMetafields {
    func metafieldNodes(context: RequestContext) -> [MetafieldNode] { [] }
    var idValue: GraphID { GraphID(unchecked: id) }
    var authorV2: ArticleAuthor? { author }
    var contentHtmlValue: HTMLValue { HTMLValue(unchecked: contentHtml) }
    var excerptHtmlValue: HTMLValue? { excerptHtml.map(HTMLValue.init(unchecked:)) }
    var publishedAtValue: DateTimeValue { DateTimeValue(publishedAt) }
    var seoNode: SEONode? { seo.node }
    var trackingParameters: String? { nil }

    func content(context: RequestContext, arguments: TruncateArguments) -> String { truncated(content, arguments) }
    func excerpt(context: RequestContext, arguments: TruncateArguments) -> String? { excerpt.map { truncated($0, arguments) } }

    func blog(context: RequestContext, arguments: NoArguments) throws -> Blog {
        guard let blog = context.content.blog(id: blogId) else { throw StorefrontError.invalidArgument("the article's blog is gone") }
        return blog
    }

    /// The shop takes no comments: every article has none.
    func comments(context: RequestContext, arguments: ConnectionArguments) throws -> Page<CommentNode> {
        try ListPager.page([CommentNode](), arguments, listing: "comments.\(id)")
    }

    func onlineStoreUrl(context: RequestContext, arguments: NoArguments) async throws -> URLValue? {
        try await context.onlineStoreURL("/blogs/\(blogHandle)/\(handle)")
    }
}

/// `Comment` and `CommentAuthor`: the types an article's comments would have.
struct CommentNode: Hashable, Codable, Sendable, NodeValue {
    var id: String
    var author: CommentAuthorNode
    var text: String
    var contentHtml: String

    var idValue: GraphID { GraphID(unchecked: id) }
    var contentHtmlValue: HTMLValue { HTMLValue(unchecked: contentHtml) }

    func content(context: RequestContext, arguments: TruncateArguments) -> String { truncated(text, arguments) }
}

struct CommentAuthorNode: Hashable, Codable, Sendable {
    var name: String
    var email: String
}

// MARK: Sort keys

/// The number at the end of a gid, for ordering by id.
private func number(_ id: String) -> Int { Int(id.split(separator: "/").last ?? "") ?? 0 }

enum PageSortKeys: String, Codable, Sendable, CaseIterable {
    case id = "ID", relevance = "RELEVANCE", title = "TITLE", updatedAt = "UPDATED_AT"

    static func page(_ pages: [ShopPage], _ arguments: SortedConnectionArguments<Self>, listing: String) throws -> Page<ShopPage> {
        let key = arguments.sortKey ?? .id
        let sorted: [ShopPage] = switch key {
        case .relevance: pages
        case .id: pages.sorted { number($0.id) < number($1.id) }
        case .title: pages.sorted { ($0.title.localizedLowercase, number($0.id)) < ($1.title.localizedLowercase, number($1.id)) }
        case .updatedAt: pages.sorted { ($0.updatedAt, number($0.id)) < ($1.updatedAt, number($1.id)) }
        }
        return try ListPager.page(sorted, arguments, reverse: arguments.reverse ?? false, listing: "\(listing).\(key.rawValue)")
    }
}

enum BlogSortKeys: String, Codable, Sendable, CaseIterable {
    case handle = "HANDLE", id = "ID", relevance = "RELEVANCE", title = "TITLE"

    static func page(_ blogs: [Blog], _ arguments: SortedConnectionArguments<Self>) throws -> Page<Blog> {
        let key = arguments.sortKey ?? .id
        let sorted: [Blog] = switch key {
        case .relevance: blogs
        case .id: blogs.sorted { number($0.id) < number($1.id) }
        case .handle: blogs.sorted { $0.handle < $1.handle }
        case .title: blogs.sorted { ($0.title.localizedLowercase, number($0.id)) < ($1.title.localizedLowercase, number($1.id)) }
        }
        return try ListPager.page(sorted, arguments, reverse: arguments.reverse ?? false, listing: "blogs.\(key.rawValue)")
    }
}

enum ArticleSortKeys: String, Codable, Sendable, CaseIterable {
    case author = "AUTHOR", blogTitle = "BLOG_TITLE", id = "ID", publishedAt = "PUBLISHED_AT", relevance = "RELEVANCE"
    case title = "TITLE", updatedAt = "UPDATED_AT"

    static func page(_ articles: [Article], _ arguments: SortedConnectionArguments<Self>, listing: String) throws -> Page<Article> {
        let key = arguments.sortKey ?? .id
        func by<Value: Comparable>(_ value: (Article) -> Value) -> [Article] {
            articles.sorted { (value($0), number($0.id)) < (value($1), number($1.id)) }
        }
        let sorted: [Article] = switch key {
        case .relevance: articles
        case .id: by { _ in 0 }
        case .author: by { $0.author.name.localizedLowercase }
        case .blogTitle: by { $0.blogTitle.localizedLowercase }
        case .publishedAt: by(\.publishedAt)
        case .title: by { $0.title.localizedLowercase }
        case .updatedAt: by(\.updatedAt)
        }
        return try ListPager.page(sorted, arguments, reverse: arguments.reverse ?? false, listing: "\(listing).\(key.rawValue)")
    }
}

// MARK: Root fields

extension HandleOrIDArguments {
    /// What the one of handle and id that was passed finds; both or neither is an error.
    func find<Found>(byHandle: (String) -> Found?, byId: (String) -> Found?) throws -> Found? {
        switch (handle, id) {
        case (let handle?, nil): return byHandle(handle)
        case (nil, let id?): return byId(id.text)
        default: throw StorefrontError.invalidArgument("Pass exactly one of handle or id.")
        }
    }
}

extension StorefrontResolver {
    func page(context: RequestContext, arguments: HandleOrIDArguments) throws -> ShopPage? {
        try arguments.find(byHandle: context.content.page(handle:), byId: context.content.page(id:))
    }

    func pageByHandle(context: RequestContext, arguments: HandleArguments) -> ShopPage? { context.content.page(handle: arguments.handle) }

    func pages(context: RequestContext, arguments: SortedConnectionArguments<PageSortKeys>) throws -> Page<ShopPage> {
        try PageSortKeys.page(context.content.pages(matching: arguments.query), arguments, listing: "pages")
    }

    func blog(context: RequestContext, arguments: HandleOrIDArguments) throws -> Blog? {
        try arguments.find(byHandle: context.content.blog(handle:), byId: context.content.blog(id:))
    }

    func blogByHandle(context: RequestContext, arguments: HandleArguments) -> Blog? { context.content.blog(handle: arguments.handle) }

    func blogs(context: RequestContext, arguments: SortedConnectionArguments<BlogSortKeys>) throws -> Page<Blog> {
        try BlogSortKeys.page(context.content.blogs(matching: arguments.query), arguments)
    }

    func article(context: RequestContext, arguments: IDArguments) -> Article? { context.content.article(id: arguments.id.text) }

    func articles(context: RequestContext, arguments: SortedConnectionArguments<ArticleSortKeys>) throws -> Page<Article> {
        try ArticleSortKeys.page(context.content.articles(matching: arguments.query), arguments, listing: "articles")
    }
}
