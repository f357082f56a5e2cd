import Foundation
import Storefront

/// `Menu` and `MenuItem`: the shop's navigation, built from the catalog as a shop's admin lays it
/// out by default. "main-menu" leads to the home page, each collection and the catalog; "footer"
/// to the search page, the shop's pages, its blogs (with their articles) and the policies. Any other handle is a menu the shop does not have (null).
struct MenuNode: Sendable {
    var handle: String
    var title: String
    var items: [MenuItemNode]

    var idValue: GraphID { GraphID(unchecked: "gid://shopify/Menu/\(handle)") }
    var itemsCount: Int { items.count }
}

struct MenuItemNode: Sendable {
    var id: String
    var title: String
    var type: MenuItemType
    var url: String
    var resourceId: String?
    var items: [MenuItemNode] = []

    var idValue: GraphID { GraphID(unchecked: "gid://shopify/MenuItem/\(id)") }
    var urlValue: URLValue? { URLValue(unchecked: url) }
    var resourceIdValue: GraphID? { resourceId.map(GraphID.init(unchecked:)) }
    var tags: [String] { [] }
}

/// `MenuItemType`: the kinds the built menus use, and the rest of the API's for documents that
/// compare against them.
enum MenuItemType: String, Codable, Sendable, CaseIterable {
    case article = "ARTICLE", blog = "BLOG", catalog = "CATALOG", collection = "COLLECTION", collections = "COLLECTIONS"
    case customerAccountPage = "CUSTOMER_ACCOUNT_PAGE", frontpage = "FRONTPAGE", http = "HTTP", metaobject = "METAOBJECT"
    case page = "PAGE", product = "PRODUCT", search = "SEARCH", shopPolicy = "SHOP_POLICY"
}

/// `MediaImage`, for the brand's logos: the catalog has none.
struct MediaImageNode: Sendable {
    var id: GraphID
    var alt: String?
    var image: ProductImage?
}

extension BrandNode {
    var logo: MediaImageNode? { nil }
    var squareLogo: MediaImageNode? { nil }
    var coverImage: MediaImageNode? { nil }
}

extension StorefrontResolver {
    func menu(context: RequestContext, arguments: HandleArguments) async throws -> MenuNode? {
        let shop = try await context.storefront.shop()
        let base = "https://\(shop.domain)"
        switch arguments.handle {
        case "main-menu":
            let collections = try await PredictiveSuggestions.allCollections(in: context.storefront)
            let items = [MenuItemNode(id: "main-home", title: "Home", type: .frontpage, url: base + "/")]
                + collections.map { collection in
                    MenuItemNode(id: "main-\(collection.handle)", title: collection.title, type: .collection,
                                 url: "\(base)/collections/\(collection.handle)", resourceId: collection.id)
                }
                + [MenuItemNode(id: "main-catalog", title: "Catalog", type: .catalog, url: base + "/collections/all")]
            return MenuNode(handle: "main-menu", title: "Main menu", items: items)
        case "footer":
            let content = context.content
            let items = [MenuItemNode(id: "footer-search", title: "Search", type: .search, url: base + "/search")]
                + content.pages.map { page in
                    MenuItemNode(id: "footer-page-\(page.handle)", title: page.title, type: .page, url: "\(base)/pages/\(page.handle)",
                                 resourceId: page.id)
                }
                + content.blogs.map { blog in
                    // A blog leads to its list of articles, and has each article below it.
                    MenuItemNode(id: "footer-blog-\(blog.handle)", title: blog.title, type: .blog, url: "\(base)/blogs/\(blog.handle)",
                                 resourceId: blog.id, items: blog.articles.map { article in
                                     MenuItemNode(id: "footer-article-\(blog.handle)-\(article.handle)", title: article.title,
                                                  type: .article, url: "\(base)/blogs/\(blog.handle)/\(article.handle)",
                                                  resourceId: article.id)
                                 })
                }
                + shop.policies.map { policy in
                    MenuItemNode(id: "footer-\(policy.handle)", title: policy.title, type: .shopPolicy, url: policy.url,
                                 resourceId: policy.id)
                }
            return MenuNode(handle: "footer", title: "Footer menu", items: items)
        default:
            return nil
        }
    }
}
