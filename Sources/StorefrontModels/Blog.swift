import Foundation

/// A blog of the shop (`Blog`) with its articles, newest first as the catalog lists them.
public struct Blog: Hashable, Sendable, Codable, Identifiable {
    /// `gid://shopify/Blog/…`.
    public var id: String
    public var handle: String
    public var title: String
    public var seo: ContentSEO
    public var articles: [Article]

    public init(id: String, handle: String, title: String, seo: ContentSEO = ContentSEO(), articles: [Article] = []) {
        self.id = id; self.handle = handle; self.title = title; self.seo = seo; self.articles = articles
    }

    public func article(handle: String) -> Article? { articles.first { $0.handle == handle } }

    /// Each author once, in the order their first article comes.
    public var authors: [ArticleAuthor] {
        var seen = Set<ArticleAuthor>()
        return articles.map(\.author).filter { seen.insert($0).inserted }
    }
}

/// A blog post (`Article`). `contentHtml` and `excerptHtml` are HTML; `content` and `excerpt`
/// the same as plain text.
public struct Article: Hashable, Sendable, Codable, Identifiable {
    /// `gid://shopify/Article/…`.
    public var id: String
    public var handle: String
    public var title: String
    /// The blog it is published in (`Blog.id`) and that blog's handle and title.
    public var blogId: String
    public var blogHandle: String
    public var blogTitle: String
    public var author: ArticleAuthor
    public var tags: [String]
    public var publishedAt: Date
    public var updatedAt: Date
    public var excerptHtml: String?
    public var contentHtml: String
    public var image: ProductImage?
    public var seo: ContentSEO

    public init(id: String, handle: String, title: String, blogId: String, blogHandle: String, blogTitle: String,
                author: ArticleAuthor, tags: [String] = [], publishedAt: Date, updatedAt: Date, excerptHtml: String? = nil,
                contentHtml: String, image: ProductImage? = nil, seo: ContentSEO = ContentSEO()) {
        self.id = id; self.handle = handle; self.title = title
        self.blogId = blogId; self.blogHandle = blogHandle; self.blogTitle = blogTitle
        self.author = author; self.tags = tags; self.publishedAt = publishedAt; self.updatedAt = updatedAt
        self.excerptHtml = excerptHtml; self.contentHtml = contentHtml; self.image = image; self.seo = seo
    }

    public var content: String { PolicyText.plain(fromHTML: contentHtml) }
    public var excerpt: String? { excerptHtml.map(PolicyText.plain(fromHTML:)) }
}

/// Who wrote an article (`ArticleAuthor`).
public struct ArticleAuthor: Hashable, Sendable, Codable {
    public var name: String
    public var email: String
    public var bio: String?

    public init(name: String, email: String, bio: String? = nil) { self.name = name; self.email = email; self.bio = bio }

    /// The name's first word, and the rest: the API answers both, never null.
    public var firstName: String { String(name.split(separator: " ", maxSplits: 1).first ?? "") }
    public var lastName: String { name.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
}
