import Storefront

public enum CartAction: Hashable, Sendable {
    /// `rows`: how many rows the list shows, so it scrolls by lines and stays full.
    case moveSelection(by: Int, rows: Int)
    /// +/- on the selected line.
    case incrementQuantity
    case decrementQuantity
    /// x: asks to remove the selected line (a second x, or confirm, removes it); on a discount
    /// code, removes that code.
    case requestRemove
    case confirmRemove
    case cancelRemove
    /// d / n: starts editing the discount code or the note.
    case beginEditing(CartTextField)
    case insert(String)
    case deleteBackward
    /// Enter while editing: applies the discount code or saves the note.
    case commitEditing
    case cancelEditing
    /// Removes every discount code.
    case clearDiscountCodes

    /// The cart found at start from the saved id (nil: none saved, or it expired).
    case restoreResponse(Result<Cart?, AppError>)
    /// The saved cart could not be looked up (`error`); this is how it was last seen.
    case restoredAsLastSeen(Cart, error: AppError)
    /// The answer to the mutation stamped `requestId`.
    case mutationResponse(requestId: Int, Result<CartPayload, AppError>)
}
