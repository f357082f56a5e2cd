import Foundation
import StorefrontModels

/// The catalog's `pages` and `blogs`: the shop's content pages, and its blogs with their articles,
/// read with the rest of the catalog. Both are optional; a catalog without them has neither.
///
/// ```json
/// "pages": [ { "id": 9100, "handle": "about-us", "title": "About us", "body": "<p>…</p>",
///              "createdAt": "2024-01-10T09:00:00Z", "updatedAt": "2025-06-01T09:00:00Z",
///              "bodySummary": "…", "seo": { "title": "…", "description": "…" } } ],
/// "blogs": [ { "id": 9200, "handle": "journal", "title": "Journal",
///              "articles": [ { "id": 9300, "handle": "…", "title": "…",
///                              "author": { "name": "Ada Visser", "email": "ada@…", "bio": "…" },
///                              "tags": ["brewing"], "publishedAt": "…", "excerptHtml": "<p>…</p>",
///                              "contentHtml": "<p>…</p>", "image": { "url": "https://…" } } ] } ]
/// ```
/// `bodySummary` defaults to the start of the body as text, `updatedAt` to `createdAt` (for an
/// article, `publishedAt`). Handles are unique among pages, among blogs and within a blog.
enum ContentCatalog {
    struct PageEntry {
        var id: Int
        var handle: String
        var title: String
        var body: String
        var bodySummary: String?
        var createdAt: CatalogDocument.DateEntry
        var updatedAt: CatalogDocument.DateEntry?
        var seo: SEOEntry?
    }

    struct SEOEntry {
        var title: String?
        var description: String?
    }

    struct BlogEntry {
        var id: Int
        var handle: String
        var title: String
        var seo: SEOEntry?
        var articles: [ArticleEntry]
    }

    struct ArticleEntry {
        var id: Int
        var handle: String
        var title: String
        var author: AuthorEntry
        var tags: [String]?
        var publishedAt: CatalogDocument.DateEntry
        var updatedAt: CatalogDocument.DateEntry?
        var excerptHtml: String?
        var contentHtml: String
        var image: CatalogDocument.ImageEntry?
        var seo: SEOEntry?
    }

    struct AuthorEntry {
        var name: String
        var email: String?
        var bio: String?
    }

    /// The longest summary made from a page's body, in characters.
    static let summaryLength = 150

    /// The start of `text` up to `summaryLength` characters, cut after a whole word.
    static func summary(of text: String) -> String {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard flat.count > summaryLength else { return flat }
        let cut = flat.prefix(summaryLength)
        let words = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return words.trimmingCharacters(in: .punctuationCharacters) + "…"
    }
}

extension CatalogBuilder {
    /// Checks and cleans the pages and blogs; errors name `pages[i]…` or `blogs[i].articles[j]…`.
    func content(pages entries: [ContentCatalog.PageEntry], blogs blogEntries: [ContentCatalog.BlogEntry]) throws -> OnlineStoreContent {
        var pages: [ShopPage] = []
        var pageHandles: [String: Int] = [:], pageIds: [Int: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let at = "pages[\(index)]"
            try positive(entry.id, at: "\(at).id")
            if let previous = pageIds.updateValue(index, forKey: entry.id) {
                throw fail("duplicate page id \(entry.id) (also pages[\(previous)])", at: "\(at).id")
            }
            let handle = try self.handle(entry.handle, at: "\(at).handle")
            if let previous = pageHandles.updateValue(index, forKey: handle) {
                throw fail("duplicate page handle \"\(handle)\" (also pages[\(previous)])", at: "\(at).handle")
            }
            let body = PlainText.clean(entry.body)
            let createdAt = try date(entry.createdAt, at: "\(at).createdAt")
            pages.append(ShopPage(
                id: GlobalID.make("Page", entry.id), handle: handle, title: try title(entry.title, at: "\(at).title"), body: body,
                bodySummary: entry.bodySummary.map(PlainText.cleanLine) ?? ContentCatalog.summary(of: PolicyText.plain(fromHTML: body)),
                createdAt: createdAt, updatedAt: try entry.updatedAt.map { try date($0, at: "\(at).updatedAt") } ?? createdAt,
                seo: seo(entry.seo)))
        }
        var blogs: [Blog] = []
        var blogHandles: [String: Int] = [:], blogIds: [Int: Int] = [:], articleIds: [Int: String] = [:]
        for (index, entry) in blogEntries.enumerated() {
            let at = "blogs[\(index)]"
            try positive(entry.id, at: "\(at).id")
            if let previous = blogIds.updateValue(index, forKey: entry.id) {
                throw fail("duplicate blog id \(entry.id) (also blogs[\(previous)])", at: "\(at).id")
            }
            let handle = try self.handle(entry.handle, at: "\(at).handle")
            if let previous = blogHandles.updateValue(index, forKey: handle) {
                throw fail("duplicate blog handle \"\(handle)\" (also blogs[\(previous)])", at: "\(at).handle")
            }
            var blog = Blog(id: GlobalID.make("Blog", entry.id), handle: handle, title: try title(entry.title, at: "\(at).title"),
                            seo: seo(entry.seo))
            var articleHandles: [String: Int] = [:]
            for (k, article) in entry.articles.enumerated() {
                let at = "\(at).articles[\(k)]"
                try positive(article.id, at: "\(at).id")
                if let previous = articleIds.updateValue(at, forKey: article.id) {
                    throw fail("duplicate article id \(article.id) (also \(previous))", at: "\(at).id")
                }
                let articleHandle = try self.handle(article.handle, at: "\(at).handle")
                if let previous = articleHandles.updateValue(k, forKey: articleHandle) {
                    throw fail("duplicate article handle \"\(articleHandle)\" in this blog (also articles[\(previous)])", at: "\(at).handle")
                }
                let publishedAt = try date(article.publishedAt, at: "\(at).publishedAt")
                var tags = article.tags ?? []
                if !tags.allSatisfy({ !$0.isEmpty && PlainText.isPlain($0, keepingBreaks: false) }) {
                    tags = tags.map(PlainText.cleanLine).filter { !$0.isEmpty }
                }
                blog.articles.append(Article(
                    id: GlobalID.make("Article", article.id), handle: articleHandle, title: try title(article.title, at: "\(at).title"),
                    blogId: blog.id, blogHandle: blog.handle, blogTitle: blog.title,
                    author: ArticleAuthor(name: try title(article.author.name, at: "\(at).author.name"),
                                          email: PlainText.cleanLine(article.author.email ?? ""),
                                          bio: article.author.bio.map(PlainText.clean)),
                    tags: tags, publishedAt: publishedAt,
                    updatedAt: try article.updatedAt.map { try date($0, at: "\(at).updatedAt") } ?? publishedAt,
                    excerptHtml: article.excerptHtml.map(PlainText.clean), contentHtml: PlainText.clean(article.contentHtml),
                    image: try article.image.map { try image($0, id: nil, at: "\(at).image") }, seo: seo(article.seo)))
            }
            blogs.append(blog)
        }
        return OnlineStoreContent(pages: pages, blogs: blogs)
    }

    private func seo(_ entry: ContentCatalog.SEOEntry?) -> ContentSEO {
        func line(_ text: String?) -> String? { text.map(PlainText.cleanLine).flatMap { $0.isEmpty ? nil : $0 } }
        return ContentSEO(title: line(entry?.title), description: line(entry?.description))
    }
}

// MARK: - Reading

extension ContentCatalog.PageEntry: CatalogEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var id: Int?, handle: String?, title: String?, body: String?, summary: String?
        var createdAt: CatalogDocument.DateEntry?, updatedAt: CatalogDocument.DateEntry?, seo: ContentCatalog.SEOEntry?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "id": id = try r.int()
            case "handle": handle = try r.string()
            case "title": title = try r.string()
            case "body": body = try r.string()
            case "bodySummary": summary = try r.string()
            case "createdAt": createdAt = try r.date()
            case "updatedAt": updatedAt = try r.date()
            case "seo": seo = try ContentCatalog.SEOEntry(reading: &r)
            default: throw r.unknownField(key)
            }
        }
        guard let id else { throw r.missing("id") }
        guard let handle else { throw r.missing("handle") }
        guard let title else { throw r.missing("title") }
        guard let body else { throw r.missing("body") }
        guard let createdAt else { throw r.missing("createdAt") }
        self.init(id: id, handle: handle, title: title, body: body, bodySummary: summary, createdAt: createdAt,
                  updatedAt: updatedAt, seo: seo)
    }
}

extension ContentCatalog.SEOEntry: CatalogEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var title: String?, description: String?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "title": title = try r.string()
            case "description": description = try r.string()
            default: throw r.unknownField(key)
            }
        }
        self.init(title: title, description: description)
    }
}

extension ContentCatalog.BlogEntry: CatalogEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var id: Int?, handle: String?, title: String?, seo: ContentCatalog.SEOEntry?, articles: [ContentCatalog.ArticleEntry]?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "id": id = try r.int()
            case "handle": handle = try r.string()
            case "title": title = try r.string()
            case "seo": seo = try ContentCatalog.SEOEntry(reading: &r)
            case "articles": articles = try r.list(of: ContentCatalog.ArticleEntry.self)
            default: throw r.unknownField(key)
            }
        }
        guard let id else { throw r.missing("id") }
        guard let handle else { throw r.missing("handle") }
        guard let title else { throw r.missing("title") }
        self.init(id: id, handle: handle, title: title, seo: seo, articles: articles ?? [])
    }
}

extension ContentCatalog.ArticleEntry: CatalogEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var id: Int?, handle: String?, title: String?, author: ContentCatalog.AuthorEntry?, tags: [String]?
        var publishedAt: CatalogDocument.DateEntry?, updatedAt: CatalogDocument.DateEntry?
        var excerpt: String?, content: String?, image: CatalogDocument.ImageEntry?, seo: ContentCatalog.SEOEntry?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "id": id = try r.int()
            case "handle": handle = try r.string()
            case "title": title = try r.string()
            case "author": author = try ContentCatalog.AuthorEntry(reading: &r)
            case "tags": tags = try r.strings()
            case "publishedAt": publishedAt = try r.date()
            case "updatedAt": updatedAt = try r.date()
            case "excerptHtml": excerpt = try r.string()
            case "contentHtml": content = try r.string()
            case "image": image = try CatalogDocument.ImageEntry(reading: &r)
            case "seo": seo = try ContentCatalog.SEOEntry(reading: &r)
            default: throw r.unknownField(key)
            }
        }
        guard let id else { throw r.missing("id") }
        guard let handle else { throw r.missing("handle") }
        guard let title else { throw r.missing("title") }
        guard let author else { throw r.missing("author") }
        guard let publishedAt else { throw r.missing("publishedAt") }
        guard let content else { throw r.missing("contentHtml") }
        self.init(id: id, handle: handle, title: title, author: author, tags: tags, publishedAt: publishedAt, updatedAt: updatedAt,
                  excerptHtml: excerpt, contentHtml: content, image: image, seo: seo)
    }
}

extension ContentCatalog.AuthorEntry: CatalogEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var name: String?, email: String?, bio: String?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "name": name = try r.string()
            case "email": email = try r.string()
            case "bio": bio = try r.string()
            default: throw r.unknownField(key)
            }
        }
        guard let name else { throw r.missing("name") }
        self.init(name: name, email: email, bio: bio)
    }
}
