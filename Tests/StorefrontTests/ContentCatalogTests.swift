import Foundation
import Testing
@testable import Storefront
@testable import StorefrontCatalog

/// The catalog's pages and blogs: read, checked, cleaned, searched.
@Suite struct ContentCatalogTests {
    static let content = #"""
      "pages": [
        {"id": 701, "handle": "about-us", "title": "About us", "createdAt": "2020-01-02T03:04:05Z",
         "body": "<p>We roast coffee in Amsterdam.</p><h2>Visit</h2><p>Open Wednesday to Saturday.</p>"},
        {"id": 702, "handle": "faq", "title": "FAQ", "createdAt": "2021-05-01T00:00:00Z", "updatedAt": "2024-06-01T10:00:00Z",
         "body": "<p>Questions.</p>", "bodySummary": "All the answers", "seo": {"title": "Questions", "description": null}}
      ],
      "blogs": [
        {"id": 3, "handle": "journal", "title": "Journal", "articles": [
          {"id": 31, "handle": "pour-over", "title": "Pour-over ratio", "tags": ["brewing", "coffee"],
           "author": {"name": "Ada Visser", "email": "ada@example.com", "bio": "Roaster"},
           "publishedAt": "2025-05-14T06:45:00Z", "excerptHtml": "<p>Fifteen grams.</p>",
           "contentHtml": "<p>Grind like sea salt &amp; pour slowly.</p>",
           "image": {"url": "https://cdn.example/dripper.png", "altText": "Dripper"}},
          {"id": 32, "handle": "matcha", "title": "Choosing a matcha", "tags": ["tea"],
           "author": {"name": "Joost van Dam"}, "publishedAt": "2025-07-03T08:30:00Z", "updatedAt": "2025-07-10T11:00:00Z",
           "contentHtml": "<p>Whisk it in a W.</p>"},
          {"id": 33, "handle": "news", "title": "Roastery news", "author": {"name": "Ada Visser", "email": "ada@example.com", "bio": "Roaster"},
           "publishedAt": "2025-02-10T10:00:00Z", "contentHtml": "<p>Open on Saturdays.</p>"}
        ]}
      ],
      "collections": [
    """#

    func catalog(_ json: String = Fixtures.catalogJSON.replacingOccurrences(of: #""collections": ["#, with: content)) throws -> StoreCatalog {
        try CatalogLoader.load(data: Data(json.utf8), file: "test.json")
    }

    func error(replacing old: String, with new: String) throws -> CatalogError {
        let json = Fixtures.catalogJSON.replacingOccurrences(of: #""collections": ["#, with: Self.content)
        #expect(json.contains(old), "text to replace: \(old)")
        return loadError(json.replacingOccurrences(of: old, with: new))
    }

    @Test func aCatalogWithoutPagesOrBlogsHasNone() throws {
        #expect(try Fixtures.catalog().content == .empty)
    }

    @Test func pagesAndArticlesAreRead() throws {
        let content = try catalog().content
        #expect(content.pages.map(\.id) == ["gid://shopify/Page/701", "gid://shopify/Page/702"])
        let about = try #require(content.page(handle: "about-us"))
        #expect(about.updatedAt == about.createdAt && about.createdAt == Date(timeIntervalSince1970: 1_577_934_245))
        #expect(about.bodySummary == "We roast coffee in Amsterdam. Visit Open Wednesday to Saturday.")
        #expect(about.text == "We roast coffee in Amsterdam.\n\nVisit\n\nOpen Wednesday to Saturday.")
        #expect(about.seo == ContentSEO())
        let faq = try #require(content.page(id: "gid://shopify/Page/702"))
        #expect(faq.bodySummary == "All the answers" && faq.seo == ContentSEO(title: "Questions"))

        let journal = try #require(content.blog(handle: "journal"))
        #expect(journal.id == "gid://shopify/Blog/3" && content.blog(id: journal.id) == journal)
        #expect(journal.articles.map(\.handle) == ["pour-over", "matcha", "news"])
        #expect(journal.authors.map(\.name) == ["Ada Visser", "Joost van Dam"])
        let pourOver = try #require(journal.article(handle: "pour-over"))
        #expect(pourOver.id == "gid://shopify/Article/31" && content.article(id: pourOver.id) == pourOver)
        #expect(pourOver.blogId == journal.id && pourOver.blogHandle == "journal" && pourOver.blogTitle == "Journal")
        #expect(pourOver.content == "Grind like sea salt & pour slowly." && pourOver.excerpt == "Fifteen grams.")
        #expect(pourOver.updatedAt == pourOver.publishedAt)
        #expect(pourOver.image?.url == "https://cdn.example/dripper.png" && pourOver.image?.altText == "Dripper")
        #expect(pourOver.author.firstName == "Ada" && pourOver.author.lastName == "Visser")
        let matcha = try #require(journal.article(handle: "matcha"))
        #expect(matcha.author == ArticleAuthor(name: "Joost van Dam", email: "") && matcha.author.lastName == "van Dam")
        #expect(matcha.excerptHtml == nil && matcha.excerpt == nil && matcha.image == nil)
    }

    @Test func aLongBodyIsSummedUpInWholeWords() {
        let text = String(repeating: "Roasted fresh every week. ", count: 20)
        let summary = ContentCatalog.summary(of: text)
        #expect(summary.count <= ContentCatalog.summaryLength + 1 && summary.hasSuffix("Roasted fresh every…"))
        #expect(ContentCatalog.summary(of: "Short.\n\nText") == "Short. Text")
    }

    @Test(arguments: [
        (#""handle": "faq""#, #""handle": "about-us""#, "duplicate page handle \"about-us\" (also pages[0])", "pages[1].handle"),
        (#""id": 702,"#, #""id": 701,"#, "duplicate page id 701 (also pages[0])", "pages[1].id"),
        (#""id": 701,"#, #""id": 0,"#, "ids are positive integers (found 0)", "pages[0].id"),
        (#""handle": "about-us""#, #""handle": "About Us""#, "\"About Us\" is not a handle (lowercase letters, digits and \"-\")",
         "pages[0].handle"),
        (#""createdAt": "2020-01-02T03:04:05Z""#, #""createdAt": "yesterday""#,
         "\"yesterday\" is not an ISO 8601 date such as \"2025-03-01T09:00:00Z\"", "pages[0].createdAt"),
        (#""body": "<p>Questions.</p>", "#, "", "missing field \"body\"", "pages[1]"),
        (#""title": "FAQ""#, #""title": "FAQ", "template": "page.faq""#, "unknown field \"template\"", "pages[1].template"),
        (#""seo": {"title": "Questions""#, #""seo": {"title": 5"#, "expected a string but found a number", "pages[1].seo.title"),
        (#""handle": "matcha""#, #""handle": "pour-over""#, "duplicate article handle \"pour-over\" in this blog (also articles[0])",
         "blogs[0].articles[1].handle"),
        (#""id": 32"#, #""id": 31"#, "duplicate article id 31 (also blogs[0].articles[0])", "blogs[0].articles[1].id"),
        (#""author": {"name": "Joost van Dam"}"#, #""author": {"email": "j@example.com"}"#, "missing field \"name\"",
         "blogs[0].articles[1].author"),
        (#""author": {"name": "Joost van Dam"}, "#, "", "missing field \"author\"", "blogs[0].articles[1]"),
        (#""publishedAt": "2025-07-03T08:30:00Z""#, #""publishedAt": "2025-13-03""#,
         "\"2025-13-03\" is not an ISO 8601 date such as \"2025-03-01T09:00:00Z\"", "blogs[0].articles[1].publishedAt"),
        (#""url": "https://cdn.example/dripper.png""#, #""url": "dripper.png""#, "\"dripper.png\" is not an http(s) URL",
         "blogs[0].articles[0].image.url"),
        (#""tags": ["tea"]"#, #""tags": "tea""#, "expected an array but found a string", "blogs[0].articles[1].tags"),
        (#""title": "Journal""#, #""title": "  ""#, "must not be empty", "blogs[0].title"),
    ])
    func malformedContentSaysWhere(old: String, new: String, message: String, location: String) throws {
        let error = try error(replacing: old, with: new)
        #expect(error.message == message)
        #expect(error.location == location)
    }

    @Test func textIsCleanedOfControlCharacters() throws {
        let json = Fixtures.catalogJSON.replacingOccurrences(of: #""collections": ["#, with: Self.content)
            .replacingOccurrences(of: "Choosing a matcha", with: #"Choosing \u001b[31ma matcha"#)
            .replacingOccurrences(of: "Whisk it in a W.", with: #"Whisk it\u0007 in a W."#)
        let matcha = try #require(try catalog(json).content.blogs[0].article(handle: "matcha"))
        #expect(matcha.title == "Choosing a matcha" && matcha.contentHtml == "<p>Whisk it in a W.</p>")
    }

    @Test(arguments: [
        ("", ["about-us", "faq"]), ("roast", ["about-us"]), ("title:faq", ["faq"]), ("handle:about*", ["about-us"]),
        ("updated_at:>2023-01-01", ["faq"]), ("-saturday", ["faq"]), ("vendor:x", []), ("ROAST OR questions", ["about-us", "faq"]),
    ])
    func pagesMatchQueries(query: String, handles: [String]) throws {
        #expect(try catalog().content.pages(matching: query).map(\.handle) == handles)
    }

    @Test(arguments: [
        ("tag:tea", ["matcha"]), ("ada", ["pour-over", "news"]), ("saturdays", ["news"]), ("tag:*", ["pour-over", "matcha"]),
        ("published_at:x", nil), ("created_at:<2025-03-01", ["news"]), ("title:choosing", ["matcha"]), ("grams", ["pour-over"]),
    ] as [(String, [String]?)])
    func articlesMatchQueries(query: String, handles: [String]?) throws {
        let content = try catalog().content
        if let handles {
            #expect(try content.articles(matching: query).map(\.handle) == handles)
        } else {
            #expect(throws: StorefrontError.self) { try content.articles(matching: query) }
        }
    }

    @Test func predictiveSearchCompletesTheLastWord() throws {
        let content = try catalog().content
        #expect(content.predictivePages("roast coff", limit: 5).map(\.handle) == ["about-us"])
        #expect(content.predictiveArticles("whi", limit: 5).map(\.handle) == ["matcha"])
        #expect(content.predictiveArticles("ada", limit: 1).map(\.handle) == ["pour-over"])
        #expect(content.predictiveArticles("", limit: 5).isEmpty)
    }

    @Test func theBundledCatalogHasPagesAndAJournal() throws {
        let content = try CatalogLoader.bundled().content
        #expect(content.pages.map(\.handle) == ["about-us", "contact", "faq", "care-guide"])
        #expect(content.pages.allSatisfy { !$0.bodySummary.isEmpty && $0.body.hasPrefix("<") && $0.text.range(of: "&[a-z#0-9]+;", options: .regularExpression) == nil })
        let journal = try #require(content.blog(handle: "journal"))
        #expect(journal.articles.count == 5 && Set(journal.authors.map(\.name)).count == 3)
        #expect(journal.articles.allSatisfy { !$0.tags.isEmpty && $0.content.range(of: "&[a-z#0-9]+;", options: .regularExpression) == nil && !$0.author.email.isEmpty })
        #expect(journal.articles.map(\.publishedAt) == journal.articles.map(\.publishedAt).sorted(by: >))
    }
}
