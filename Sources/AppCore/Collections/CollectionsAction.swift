import Storefront

public enum CollectionsAction: Hashable, Sendable {
    /// ↑/↓ (±1) and page up/down (± a screenful).
    case moveSelection(by: Int)
    /// Enter: opens the selected collection's products.
    case openSelected
    case loadNextPage
    case reload
    /// A page of collections; `after` is the cursor it was asked after (nil for the first page).
    case pageResponse(after: String?, Result<Page<Collection>, AppError>)
}
