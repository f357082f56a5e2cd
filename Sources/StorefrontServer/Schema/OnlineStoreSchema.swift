import Foundation
import Graphiti
import Storefront

/// `Page`, `Blog`, `Article`, `ArticleAuthor`, `Comment` and their connections; `QueryRoot.page`,
/// `pages`, `blog`, `blogs`, `article`, `articles` (and the deprecated `pageByHandle`, `blogByHandle`).
final class OnlineStoreSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(ShopPage.self, as: "Page", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("handle", at: \.handle)
            Field("title", at: \.title)
            Field("body", at: \.bodyValue)
            Field("bodySummary", at: \.bodySummary)
            Field("createdAt", at: \.createdAtValue)
            Field("updatedAt", at: \.updatedAtValue)
            Field("seo", at: \.seoNode)
            Field("onlineStoreUrl", at: ShopPage.onlineStoreUrl)
            Field("trackingParameters", at: \.trackingParameters)
            metafieldField(ShopPage.self)
            metafieldsField(ShopPage.self)
        }
        Type(Blog.self, interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("handle", at: \.handle)
            Field("title", at: \.title)
            Field("articleByHandle", at: Blog.articleByHandle) {
                Argument("handle", at: \.handle)
            }
            sortedConnectionField("articles", at: Blog.articles, defaultSortKey: ArticleSortKeys.id)
            Field("authors", at: \.authors)
            Field("seo", at: \.seoNode)
            Field("onlineStoreUrl", at: Blog.onlineStoreUrl)
            metafieldField(Blog.self)
            metafieldsField(Blog.self)
        }
        Type(Article.self, interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("handle", at: \.handle)
            Field("title", at: \.title)
            Field("author", at: \.author)
            Field("authorV2", at: \.authorV2)
            Field("blog", at: Article.blog)
            connectionField("comments", at: Article.comments)
            Field("content", at: Article.content) {
                Argument("truncateAt", at: \.truncateAt)
            }
            Field("contentHtml", at: \.contentHtmlValue)
            Field("excerpt", at: Article.excerpt) {
                Argument("truncateAt", at: \.truncateAt)
            }
            Field("excerptHtml", at: \.excerptHtmlValue)
            Field("image", at: \.image)
            Field("publishedAt", at: \.publishedAtValue)
            Field("tags", at: \.tags)
            Field("seo", at: \.seoNode)
            Field("onlineStoreUrl", at: Article.onlineStoreUrl)
            Field("trackingParameters", at: \.trackingParameters)
            metafieldField(Article.self)
            metafieldsField(Article.self)
        }
        Type(ArticleAuthor.self) {
            Field("name", at: \.name)
            Field("firstName", at: \.firstName)
            Field("lastName", at: \.lastName)
            Field("email", at: \.email)
            Field("bio", at: \.bio)
        }
        Type(CommentNode.self, as: "Comment", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("author", at: \.author)
            Field("content", at: CommentNode.content) {
                Argument("truncateAt", at: \.truncateAt)
            }
            Field("contentHtml", at: \.contentHtmlValue)
        }
        Type(CommentAuthorNode.self, as: "CommentAuthor") {
            Field("name", at: \.name)
            Field("email", at: \.email)
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
