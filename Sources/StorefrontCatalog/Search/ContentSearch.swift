import Foundation
import StorefrontModels

/// The search syntax over pages, blogs and articles: a handful of each, so every item is tested
/// in turn rather than indexed. Terms match the title, text, tags or author; `title:`, `handle:`,
/// `tag:`, `created_at:` and `updated_at:` as for products; other product fields match nothing.
enum ContentSearch {
    /// What a query sees of a page, blog or article, folded (case and accents do not count).
    struct Fields {
        var title: String
        var handle: String
        var tags: [String]
        /// Title, text, tags and author together, for terms.
        var words: String
        var createdAt: Date
        var updatedAt: Date

        init(title: String, handle: String, tags: [String], text: String, createdAt: Date, updatedAt: Date) {
            self.title = ContentSearch.fold(title)
            self.handle = ContentSearch.fold(handle)
            self.tags = tags.map(ContentSearch.fold)
            words = ContentSearch.fold(([title, text] + tags).joined(separator: " "))
            self.createdAt = createdAt; self.updatedAt = updatedAt
        }

        init(_ page: ShopPage) {
            self.init(title: page.title, handle: page.handle, tags: [], text: page.text, createdAt: page.createdAt,
                      updatedAt: page.updatedAt)
        }

        init(_ article: Article) {
            self.init(title: article.title, handle: article.handle, tags: article.tags,
                      text: article.content + " " + (article.excerpt ?? "") + " " + article.author.name,
                      createdAt: article.publishedAt, updatedAt: article.updatedAt)
        }

        init(_ blog: Blog) {
            let newest = blog.articles.map(\.updatedAt).max() ?? .distantPast
            self.init(title: blog.title, handle: blog.handle, tags: [], text: "", createdAt: newest, updatedAt: newest)
        }
    }

    static func parse(_ query: String?) throws -> SearchQuery {
        do { return try SearchQuery.parse(query ?? "") } catch { throw StorefrontError.invalidSearch(error) }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    static func matches(_ query: SearchQuery, _ fields: Fields) -> Bool {
        switch query {
        case .all: return true
        case .term(let term): return fields.words.contains(fold(term))
        case .not(let inner): return !matches(inner, fields)
        case .and(let parts): return parts.allSatisfy { matches($0, fields) }
        case .or(let parts): return parts.contains { matches($0, fields) }
        case .exists(let field):
            switch field {
            case .title, .handle, .createdAt, .updatedAt: return true
            case .tag: return !fields.tags.isEmpty
            default: return false
            }
        case .field(let field, let comparison, let value):
            switch (field, value) {
            case (.title, .text(let text, let prefix)): return holds(fields.title, words: fold(text), prefix: prefix)
            case (.handle, .text(let text, let prefix)): return equal(fields.handle, fold(text), prefix: prefix)
            case (.tag, .text(let text, let prefix)): return fields.tags.contains { equal($0, fold(text), prefix: prefix) }
            case (.createdAt, .date(let seconds, let wholeDay)):
                return date(fields.createdAt, comparison, seconds, wholeDay)
            case (.updatedAt, .date(let seconds, let wholeDay)):
                return date(fields.updatedAt, comparison, seconds, wholeDay)
            default: return false
            }
        }
    }

    /// Every word of the query in the item's words; the last may be the start of one.
    static func holdsWords(_ query: String, _ fields: Fields) -> Bool {
        let typed = words(fold(query))
        guard let last = typed.last else { return false }
        let have = words(fields.words)
        return typed.dropLast().allSatisfy(have.contains) && have.contains { $0.hasPrefix(last) }
    }

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    private static func equal(_ value: String, _ wanted: String, prefix: Bool) -> Bool {
        prefix ? value.hasPrefix(wanted) : value == wanted
    }

    /// The words of `wanted` in a row among the words of `text`, the last one as a prefix when asked.
    private static func holds(_ text: String, words wanted: String, prefix: Bool) -> Bool {
        let have = words(text), want = words(wanted)
        guard !want.isEmpty, have.count >= want.count else { return false }
        return (0...(have.count - want.count)).contains { start in
            want.indices.allSatisfy { k in
                prefix && k == want.count - 1 ? have[start + k].hasPrefix(want[k]) : have[start + k] == want[k]
            }
        }
    }

    /// A date-only value stands for the whole day, as for products.
    private static func date(_ date: Date, _ comparison: SearchComparison, _ seconds: Double, _ wholeDay: Bool) -> Bool {
        let value = date.timeIntervalSince1970, start = seconds, end = wholeDay ? seconds + 86_400 : seconds
        switch comparison {
        case .equal: return wholeDay ? value >= start && value < end : value == start
        case .less: return value < start
        case .lessOrEqual: return wholeDay ? value < end : value <= start
        case .greater: return wholeDay ? value >= end : value > start
        case .greaterOrEqual: return value >= start
        }
    }
}
