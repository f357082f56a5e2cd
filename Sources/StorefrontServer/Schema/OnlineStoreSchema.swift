import Foundation
import Graphiti
import Storefront

/// `Page`, `Blog`, `Article`, `ArticleAuthor`, `Comment` and their connections; `QueryRoot.page`,
/// `pages`, `blog`, `blogs`, `article`, `articles` (and the deprecated `pageByHandle`, `blogByHandle`).
final class OnlineStoreSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(ShopPage.self, as: "Page", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("handle", at: \.handle)
            keyField("title", at: \.title)
            keyField("body", at: \.bodyValue)
            keyField("bodySummary", at: \.bodySummary)
            keyField("createdAt", at: \.createdAtValue)
            keyField("updatedAt", at: \.updatedAtValue)
            keyField("seo", at: \.seoNode)
            Field("onlineStoreUrl", at: ShopPage.onlineStoreUrl)
            keyField("trackingParameters", at: \.trackingParameters)
            metafieldField(ShopPage.self)
            metafieldsField(ShopPage.self)
        }
        Type(Blog.self, interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("handle", at: \.handle)
            keyField("title", at: \.title)
            Field("articleByHandle", at: Blog.articleByHandle) {
                Argument("handle", at: \.handle)
            }
            sortedConnectionField("articles", at: Blog.articles, defaultSortKey: ArticleSortKeys.id)
            keyField("authors", at: \.authors)
            keyField("seo", at: \.seoNode)
            Field("onlineStoreUrl", at: Blog.onlineStoreUrl)
            metafieldField(Blog.self)
            metafieldsField(Blog.self)
        }
        Type(Article.self, interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("handle", at: \.handle)
            keyField("title", at: \.title)
            keyField("author", at: \.author)
            Field("authorV2", at: \.authorV2)
            Field("blog", at: Article.blog)
            connectionField("comments", at: Article.comments)
            Field("content", at: Article.content) {
                Argument("truncateAt", at: \.truncateAt)
            }
            keyField("contentHtml", at: \.contentHtmlValue)
            Field("excerpt", at: Article.excerpt) {
                Argument("truncateAt", at: \.truncateAt)
            }
            keyField("excerptHtml", at: \.excerptHtmlValue)
            keyField("image", at: \.image)
            keyField("publishedAt", at: \.publishedAtValue)
            keyField("tags", at: \.tags)
            keyField("seo", at: \.seoNode)
            Field("onlineStoreUrl", at: Article.onlineStoreUrl)
            keyField("trackingParameters", at: \.trackingParameters)
            metafieldField(Article.self)
            metafieldsField(Article.self)
        }
        Type(ArticleAuthor.self) {
            keyField("name", at: \.name)
            keyField("firstName", at: \.firstName)
            keyField("lastName", at: \.lastName)
            keyField("email", at: \.email)
            keyField("bio", at: \.bio)
        }
        Type(CommentNode.self, as: "Comment", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("author", at: \.author)
            Field("content", at: CommentNode.content) {
                Argument("truncateAt", at: \.truncateAt)
            }
            keyField("contentHtml", at: \.contentHtmlValue)
        }
        Type(CommentAuthorNode.self, as: "CommentAuthor") {
            keyField("name", at: \.name)
            keyField("email", at: \.email)
        }
        connectionType(of: ShopPage.self, named: "PageConnection")
        edgeType(of: ShopPage.self, named: "PageEdge")
        connectionType(of: Blog.self, named: "BlogConnection")
        edgeType(of: Blog.self, named: "BlogEdge")
        connectionType(of: Article.self, named: "ArticleConnection")
        edgeType(of: Article.self, named: "ArticleEdge")
        connectionType(of: CommentNode.self, named: "CommentConnection")
        edgeType(of: CommentNode.self, named: "CommentEdge")
        Enum(PageSortKeys.self) {
            Value(.id)
            Value(.relevance)
            Value(.title)
            Value(.updatedAt)
        }
        Enum(BlogSortKeys.self) {
            Value(.handle)
            Value(.id)
            Value(.relevance)
            Value(.title)
        }
        Enum(ArticleSortKeys.self) {
            Value(.author)
            Value(.blogTitle)
            Value(.id)
            Value(.publishedAt)
            Value(.relevance)
            Value(.title)
            Value(.updatedAt)
        }
    }

    @FieldDefinitions
    override var query: Fields {
        Field("page", at: StorefrontResolver.page) {
            Argument("handle", at: \.handle)
            Argument("id", at: \.id)
        }
        Field("pageByHandle", at: StorefrontResolver.pageByHandle) {
            Argument("handle", at: \.handle)
        }
        sortedConnectionField("pages", at: StorefrontResolver.pages, defaultSortKey: PageSortKeys.id)
        Field("blog", at: StorefrontResolver.blog) {
            Argument("handle", at: \.handle)
            Argument("id", at: \.id)
        }
        Field("blogByHandle", at: StorefrontResolver.blogByHandle) {
            Argument("handle", at: \.handle)
        }
        sortedConnectionField("blogs", at: StorefrontResolver.blogs, defaultSortKey: BlogSortKeys.id)
        Field("article", at: StorefrontResolver.article) {
            Argument("id", at: \.id)
        }
        sortedConnectionField("articles", at: StorefrontResolver.articles, defaultSortKey: ArticleSortKeys.id)
    }
}
