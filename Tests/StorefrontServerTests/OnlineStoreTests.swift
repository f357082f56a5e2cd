import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// The shop's pages, blog and articles over HTTP, asked for as a starter storefront asks: its blog
/// page, article page and page by handle, search and predictive search, `node(id:)` and the footer.
struct OnlineStoreTests {
    func run(_ server: LoopbackServer, _ query: String, _ variables: [String: Any] = [:]) async throws -> [String: Any] {
        let json = try await answer(server, query, variables)
        #expect(json["errors"] == nil, "\(json["errors"] ?? "")")
        return try #require(json["data"] as? [String: Any])
    }

    func answer(_ server: LoopbackServer, _ query: String, _ variables: [String: Any] = [:]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
            ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    static let blogPage = """
        query Blog($language: LanguageCode, $blogHandle: String!, $first: Int, $last: Int, $startCursor: String,
                   $endCursor: String) @inContext(language: $language) {
          blog(handle: $blogHandle) {
            title handle onlineStoreUrl
            seo { title description }
            articles(first: $first, last: $last, before: $startCursor, after: $endCursor) {
              nodes { ...ArticleItem }
              pageInfo { hasPreviousPage hasNextPage hasNextPage endCursor startCursor }
            }
          }
        }
        fragment ArticleItem on Article {
          author: authorV2 { name }
          contentHtml handle id
          image { id altText url width height }
          publishedAt title
          blog { handle }
        }
        """

    @Test func aBlogPageListsItsArticlesPageByPage() async throws {
        try await withServer { server async throws in
            let journal = try #require(server.embedded.catalog.content.blog(handle: "journal"))
            let byId = journal.articles.sorted { $0.id.count != $1.id.count ? $0.id.count < $1.id.count : $0.id < $1.id }
            let first = try await run(server, Self.blogPage, ["language": "EN", "blogHandle": "journal", "first": 3])
            let blog = try #require(first["blog"] as? [String: Any])
            #expect(blog["title"] as? String == "Journal" && blog["onlineStoreUrl"] as? String == "https://kestrel-and-co.example/blogs/journal")
            #expect((blog["seo"] as? [String: Any])?["title"] as? String == "The Kestrel & Co. journal")
            let articles = try #require(blog["articles"] as? [String: Any])
            let nodes = try #require(articles["nodes"] as? [[String: Any]])
            #expect(nodes.map { $0["handle"] as? String ?? "" } == byId.prefix(3).map(\.handle), "the API's default order: by id")
            let ratio = try #require(nodes.first { $0["handle"] as? String == "pour-over-ratio" })
            #expect((ratio["author"] as? [String: Any])?["name"] as? String == "Ada Visser")
            #expect(ratio["publishedAt"] as? String == "2025-05-14T06:45:00Z")
            #expect((ratio["blog"] as? [String: Any])?["handle"] as? String == "journal")
            #expect((ratio["contentHtml"] as? String)?.hasPrefix("<p>Every coffee we sell is cupped") == true)
            let image = try #require(ratio["image"] as? [String: Any])
            #expect(image["url"] as? String == "https://cdn.kestrel-and-co.example/products/ceramic-pour-over-dripper-1.png")
            #expect(image["width"] as? Int == 128 && image["altText"] as? String == "Ceramic pour-over dripper on a glass server")
            let pageInfo = try #require(articles["pageInfo"] as? [String: Any])
            #expect(pageInfo["hasNextPage"] as? Bool == true && pageInfo["hasPreviousPage"] as? Bool == false)

            let next = try await run(server, Self.blogPage, ["blogHandle": "journal", "first": 3, "endCursor": pageInfo["endCursor"] ?? ""])
            let rest = try #require(((next["blog"] as? [String: Any])?["articles"] as? [String: Any]))
            #expect((rest["nodes"] as? [[String: Any]])?.map { $0["handle"] as? String ?? "" } == byId.dropFirst(3).map(\.handle))
            let restInfo = try #require(rest["pageInfo"] as? [String: Any])
            #expect(restInfo["hasNextPage"] as? Bool == false && restInfo["hasPreviousPage"] as? Bool == true)

            let back = try await run(server, Self.blogPage, ["blogHandle": "journal", "last": 3, "startCursor": restInfo["startCursor"] ?? ""])
            let again = try #require(((back["blog"] as? [String: Any])?["articles"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(again.map { $0["handle"] as? String ?? "" } == byId.prefix(3).map(\.handle))

            let missing = try await run(server, Self.blogPage, ["blogHandle": "news", "first": 3])
            #expect(missing["blog"] is NSNull)
        }
    }

    static let articlePage = """
        query Article($articleHandle: String!, $blogHandle: String!, $country: CountryCode, $language: LanguageCode)
          @inContext(language: $language, country: $country) {
          blog(handle: $blogHandle) {
            handle
            articleByHandle(handle: $articleHandle) {
              handle title contentHtml publishedAt onlineStoreUrl trackingParameters tags
              author: authorV2 { name firstName lastName bio email }
              legacyAuthor: author { name }
              image { id altText url width height }
              seo { description title }
              content(truncateAt: 30) excerpt excerptHtml
              comments(first: 10) { nodes { id content author { name } } pageInfo { hasNextPage } }
              metafield(namespace: "custom", key: "subtitle") { value }
              metafields(identifiers: [{namespace: "custom", key: "subtitle"}]) { key }
              blog { title authors { name } }
            }
          }
        }
        """

    @Test func anArticlePage() async throws {
        try await withServer { server async throws in
            let data = try await run(server, Self.articlePage, ["articleHandle": "choosing-a-matcha", "blogHandle": "journal",
                                                                "country": "NL", "language": "EN"])
            let article = try #require((data["blog"] as? [String: Any])?["articleByHandle"] as? [String: Any])
            #expect(article["title"] as? String == "Choosing a matcha: ceremonial or culinary?")
            #expect(article["onlineStoreUrl"] as? String == "https://kestrel-and-co.example/blogs/journal/choosing-a-matcha")
            #expect(article["tags"] as? [String] == ["tea", "matcha", "japan"] && article["trackingParameters"] is NSNull)
            let author = try #require(article["author"] as? [String: Any])
            #expect(author["name"] as? String == "Joost van Dam" && author["firstName"] as? String == "Joost")
            #expect(author["lastName"] as? String == "van Dam" && author["email"] as? String == "joost@kestrel-and-co.example")
            #expect((author["bio"] as? String)?.contains("tea counter") == true)
            #expect((article["legacyAuthor"] as? [String: Any])?["name"] as? String == "Joost van Dam")
            #expect(article["content"] as? String == "Matcha is green tea ground to …")
            #expect((article["excerpt"] as? String)?.hasPrefix("Colour, sweetness") == true)
            #expect((article["excerptHtml"] as? String)?.hasPrefix("<p>Colour, sweetness") == true)
            #expect((article["seo"] as? [String: Any])?["title"] as? String == "Ceremonial or culinary matcha: how to choose")
            let comments = try #require(article["comments"] as? [String: Any])
            #expect((comments["nodes"] as? [Any])?.isEmpty == true && (comments["pageInfo"] as? [String: Any])?["hasNextPage"] as? Bool == false)
            #expect(article["metafield"] is NSNull && article["metafields"] is [Any])
            let blog = try #require(article["blog"] as? [String: Any])
            #expect((blog["authors"] as? [[String: Any]])?.map { $0["name"] as? String ?? "" } == ["Mira Okafor", "Joost van Dam", "Ada Visser"])

            let missing = try await run(server, Self.articlePage, ["articleHandle": "no-such-article", "blogHandle": "journal"])
            #expect((missing["blog"] as? [String: Any])?["articleByHandle"] is NSNull)
        }
    }

    static let page = """
        query Page($language: LanguageCode, $country: CountryCode, $handle: String!) @inContext(language: $language, country: $country) {
          page(handle: $handle) {
            handle id title body bodySummary createdAt updatedAt onlineStoreUrl trackingParameters
            seo { description title }
            metafield(key: "x") { value }
          }
          legacy: pageByHandle(handle: $handle) { id }
        }
        """

    @Test func aPageByHandle() async throws {
        try await withServer { server async throws in
            let data = try await run(server, Self.page, ["handle": "about-us", "country": "US", "language": "EN"])
            let page = try #require(data["page"] as? [String: Any])
            #expect(page["title"] as? String == "About us" && page["id"] as? String == "gid://shopify/Page/91001")
            #expect((page["body"] as? String)?.hasPrefix("<p>Kestrel &amp; Co. began in 2016") == true)
            let summary = try #require(page["bodySummary"] as? String)
            #expect(summary.hasPrefix("Kestrel & Co. began in 2016") && summary.hasSuffix("…") && summary.count <= 151)
            #expect(page["createdAt"] as? String == "2016-09-12T10:00:00Z" && page["updatedAt"] as? String == "2025-03-04T09:30:00Z")
            #expect(page["onlineStoreUrl"] as? String == "https://kestrel-and-co.example/pages/about-us")
            #expect((page["seo"] as? [String: Any])?["description"] as? String == "Small-batch coffee roasters and tea merchants in Amsterdam since 2016.")
            #expect(page["metafield"] is NSNull && page["trackingParameters"] is NSNull)
            #expect((data["legacy"] as? [String: Any])?["id"] as? String == "gid://shopify/Page/91001")
            let contact = try await run(server, Self.page, ["handle": "contact"])
            #expect(((contact["page"] as? [String: Any])?["seo"] as? [String: Any])?["title"] is NSNull, "no SEO title of its own")
            #expect(try await run(server, Self.page, ["handle": "no-such-page"])["page"] is NSNull)
        }
    }

    @Test func pagesBlogsAndArticlesAsConnections() async throws {
        try await withServer { server async throws in
            let data = try await run(server, """
                {
                  byTitle: pages(first: 10, sortKey: TITLE) { nodes { handle } }
                  newestFirst: pages(first: 2, sortKey: UPDATED_AT, reverse: true) { nodes { handle } pageInfo { hasNextPage } }
                  found: pages(first: 10, query: "roast") { nodes { handle } }
                  blogs(first: 5) { nodes { handle title articles(first: 1, sortKey: PUBLISHED_AT) { nodes { handle } } } }
                  tea: articles(first: 10, query: "tag:tea", sortKey: PUBLISHED_AT, reverse: true) { nodes { handle } }
                  byAuthor: articles(last: 2, sortKey: AUTHOR) { nodes { author: authorV2 { name } } }
                  article(id: "gid://shopify/Article/93003") { title blog { handle } }
                  blog(id: "gid://shopify/Blog/92001") { handle }
                  legacy: blogByHandle(handle: "journal") { id }
                }
                """)
            let handles = { (key: String) in ((data[key] as? [String: Any])?["nodes"] as? [[String: Any]])?.map { $0["handle"] as? String ?? "" } }
            #expect(handles("byTitle") == ["about-us", "care-guide", "contact", "faq"])
            #expect(handles("newestFirst") == ["faq", "care-guide"])
            #expect(handles("found") == ["about-us", "contact", "faq"])
            #expect(handles("tea") == ["choosing-a-matcha", "first-flush-darjeeling-2025"])
            let blogs = try #require((data["blogs"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(blogs.map { $0["handle"] as? String ?? "" } == ["journal"])
            #expect(((blogs[0]["articles"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first?["handle"] as? String
                == "a-hundred-thousand-batches", "the oldest first")
            let authors = ((data["byAuthor"] as? [String: Any])?["nodes"] as? [[String: Any]])?.map { ($0["author"] as? [String: Any])?["name"] as? String ?? "" }
            #expect(authors == ["Joost van Dam", "Mira Okafor"])
            #expect((data["article"] as? [String: Any])?["title"] as? String == "The pour-over ratio we use every morning")
            #expect((data["blog"] as? [String: Any])?["handle"] as? String == "journal")
            #expect((data["legacy"] as? [String: Any])?["id"] as? String == "gid://shopify/Blog/92001")

            let refused = try await answer(server, #"{ pages(first: 5, query: "title:(") { nodes { handle } } }"#)
            #expect(refused["errors"] != nil, "a query that does not parse is an error, as for products")
            for unpaged in ["{ articles { nodes { handle } } }", "{ search(query: \"tea\", types: [PAGE]) { nodes { __typename } } }"] {
                #expect(try await answer(server, unpaged)["errors"] != nil, "first or last is required: \(unpaged)")
            }
        }
    }

    static let search = """
        query RegularSearch($term: String!, $first: Int, $last: Int, $endCursor: String, $startCursor: String) {
          articles: search(query: $term, types: [ARTICLE], first: 10) {
            nodes { ... on Article { __typename handle id title trackingParameters } }
          }
          pages: search(query: $term, types: [PAGE], first: 10) {
            nodes { ... on Page { __typename handle id title trackingParameters } }
          }
          mixed: search(query: $term, first: $first, last: $last, after: $endCursor, before: $startCursor) {
            nodes { __typename ... on Product { handle } ... on Page { handle } ... on Article { handle } }
            edges { cursor node { __typename } }
            pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
          }
        }
        """

    func mixed(_ data: [String: Any]) throws -> (handles: [String], info: [String: Any]) {
        let mixed = try #require(data["mixed"] as? [String: Any])
        let nodes = try #require(mixed["nodes"] as? [[String: Any]])
        return (nodes.map { "\($0["__typename"] as? String ?? ""):\($0["handle"] as? String ?? "")" },
                try #require(mixed["pageInfo"] as? [String: Any]))
    }

    @Test func searchFindsProductsPagesAndArticles() async throws {
        try await withServer { server async throws in
            let data = try await run(server, Self.search, ["term": "matcha", "first": 50])
            let articles = try #require((data["articles"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(articles.map { $0["handle"] as? String ?? "" } == ["choosing-a-matcha"])
            #expect(articles.allSatisfy { $0["__typename"] as? String == "Article" && $0["trackingParameters"] is NSNull })
            let pages = try #require((data["pages"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(pages.map { $0["handle"] as? String ?? "" } == ["about-us"], "About us names the matcha from Uji")
            let products = try await server.embedded.search(query: "matcha", page: .first(50)).nodes.map { "Product:\($0.handle)" }
            #expect(products.count >= 2)
            let everything = products + ["Page:about-us", "Article:choosing-a-matcha"]
            #expect(try mixed(data).handles == everything, "products, then pages, then articles")

            // Two at a time forwards and then backwards: every result once, in the same order.
            var forward: [String] = [], cursor: Any?
            repeat {
                var variables: [String: Any] = ["term": "matcha", "first": 2]
                if let cursor { variables["endCursor"] = cursor }
                let (handles, info) = try mixed(try await run(server, Self.search, variables))
                forward += handles
                #expect(info["hasPreviousPage"] as? Bool == (cursor != nil))
                cursor = info["hasNextPage"] as? Bool == true ? info["endCursor"] : nil
            } while cursor != nil && forward.count < 20
            #expect(forward == everything)
            var backward: [String] = []
            cursor = nil
            repeat {
                var variables: [String: Any] = ["term": "matcha", "last": 2]
                if let cursor { variables["startCursor"] = cursor }
                let (handles, info) = try mixed(try await run(server, Self.search, variables))
                backward = handles + backward
                #expect(info["hasNextPage"] as? Bool == (cursor != nil))
                cursor = info["hasPreviousPage"] as? Bool == true ? info["startCursor"] : nil
            } while cursor != nil && backward.count < 20
            #expect(backward == everything)

            let contentOnly = try await run(server, """
                { search(query: "pour-over", first: 5, types: [PAGE, ARTICLE]) { nodes { __typename ... on Page { handle } ... on Article { handle } } pageInfo { hasNextPage } } }
                """)
            #expect(try mixed(["mixed": contentOnly["search"] ?? [:]]).handles == ["Page:faq", "Article:pour-over-ratio"])
        }
    }

    static let predictive = """
        query PredictiveSearch($limit: Int!, $limitScope: PredictiveSearchLimitScope!, $term: String!, $types: [PredictiveSearchType!]) {
          predictiveSearch(limit: $limit, limitScope: $limitScope, query: $term, types: $types) {
            articles { __typename id title handle blog { handle } image { url altText width height } trackingParameters }
            collections { __typename id title handle }
            pages { __typename id title handle trackingParameters }
            products { __typename id title handle }
            queries { text }
          }
        }
        """

    @Test func predictiveSearchHasPagesAndArticles() async throws {
        try await withServer { server async throws in
            let data = try await run(server, Self.predictive, ["limit": 10, "limitScope": "EACH", "term": "brew"])
            let result = try #require(data["predictiveSearch"] as? [String: Any])
            let articles = try #require(result["articles"] as? [[String: Any]])
            #expect(articles.map { $0["handle"] as? String ?? "" } == ["brewing-coffee-on-the-trail", "pour-over-ratio", "first-flush-darjeeling-2025"])
            #expect(articles.allSatisfy { ($0["blog"] as? [String: Any])?["handle"] as? String == "journal" && $0["image"] is [String: Any] })
            let pages = try #require(result["pages"] as? [[String: Any]])
            #expect(pages.map { $0["handle"] as? String ?? "" } == ["about-us", "contact", "faq", "care-guide"])
            #expect(pages.allSatisfy { $0["__typename"] as? String == "Page" })
            #expect((result["products"] as? [Any])?.isEmpty == false)

            let only = try await run(server, Self.predictive, ["limit": 10, "limitScope": "EACH", "term": "brew", "types": ["PAGE"]])
            let onlyPages = try #require(only["predictiveSearch"] as? [String: Any])
            #expect((onlyPages["pages"] as? [Any])?.count == 4)
            #expect(["articles", "products", "collections", "queries"].allSatisfy { (onlyPages[$0] as? [Any])?.isEmpty == true })

            let shared = try await run(server, Self.predictive, ["limit": 2, "limitScope": "ALL", "term": "brew", "types": ["PAGE", "ARTICLE"]])
            let sharedResult = try #require(shared["predictiveSearch"] as? [String: Any])
            #expect((sharedResult["pages"] as? [Any])?.count == 2 && (sharedResult["articles"] as? [Any])?.isEmpty == true,
                    "ALL shares the limit, pages before articles")
        }
    }

    @Test func nodeFindsPagesBlogsAndArticles() async throws {
        try await withServer { server async throws in
            let query = """
                query Node($id: ID!) {
                  node(id: $id) { __typename id ... on Page { handle } ... on Blog { handle } ... on Article { handle blog { handle } } }
                }
                """
            for (id, type, handle) in [("gid://shopify/Page/91003", "Page", "faq"), ("gid://shopify/Blog/92001", "Blog", "journal"),
                                       ("gid://shopify/Article/93002", "Article", "first-flush-darjeeling-2025")] {
                let node = try #require(try await run(server, query, ["id": id])["node"] as? [String: Any])
                #expect(node["__typename"] as? String == type && node["id"] as? String == id && node["handle"] as? String == handle)
            }
            for id in ["gid://shopify/Page/1", "gid://shopify/Blog/93001", "gid://shopify/Article/92001", "gid://shopify/Comment/1"] {
                #expect(try await run(server, query, ["id": id])["node"] is NSNull, "\(id)")
            }
        }
    }

    @Test func theFooterLeadsToThePagesAndTheJournal() async throws {
        try await withServer { server async throws in
            let data = try await run(server, StarterStorefrontTests.header, ["country": "NL", "language": "EN"])
            let footer = try #require((data["footer"] as? [String: Any])?["items"] as? [[String: Any]])
            let pages = footer.filter { $0["type"] as? String == "PAGE" }
            #expect(pages.map { $0["title"] as? String ?? "" } == ["About us", "Contact", "Frequently asked questions", "Brewing and care guide"])
            #expect(pages.first?["url"] as? String == "https://kestrel-and-co.example/pages/about-us")
            #expect(pages.first?["resourceId"] as? String == "gid://shopify/Page/91001")
            let blog = try #require(footer.first { $0["type"] as? String == "BLOG" })
            #expect(blog["title"] as? String == "Journal" && blog["url"] as? String == "https://kestrel-and-co.example/blogs/journal")
            let articles = try #require(blog["items"] as? [[String: Any]])
            #expect(articles.count == 5 && articles.allSatisfy { $0["type"] as? String == "ARTICLE" })
            #expect(articles[0]["url"] as? String == "https://kestrel-and-co.example/blogs/journal/brewing-coffee-on-the-trail")
            #expect(footer.map { $0["type"] as? String ?? "" } == ["SEARCH", "PAGE", "PAGE", "PAGE", "PAGE", "BLOG",
                                                                   "SHOP_POLICY", "SHOP_POLICY", "SHOP_POLICY", "SHOP_POLICY"])
        }
    }
}
