import Storefront

public enum CollectionsAction: Hashable, Sendable {
    /// ↑/↓ (±1) and page up/down (± a screenful).
    /// `rows`: how many rows the list shows, so it scrolls by lines and stays full.
    case moveSelection(by: Int, rows: Int)
    /// Enter: opens the selected collection's products.
    case openSelected
    case loadNextPage
    case reload
    /// The shopper's country changed: the list priced in the old one is forgotten and read again.
    case marketChanged
    /// A product read again after an order: its copy in the previews is replaced.
    case stockRefreshed(Product)
    /// A page of collections; `after` is the cursor it was asked after (nil for the first page).
    case pageResponse(after: String?, Result<Page<Collection>, AppError>)
    case delegate(Delegate)

    /// What the collections screen asks of the rest of the app.
    public enum Delegate: Hashable, Sendable {
        case openCollection(Collection)
        case failed(AppError)
    }
}
