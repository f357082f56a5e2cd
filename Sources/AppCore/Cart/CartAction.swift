import Storefront

public enum CartAction: Hashable, Sendable {
    /// At start, and when the storefront answers again: looks up the cart saved by the previous run.
    case restore
    /// Adds merchandise (from the product screen): to the cart, or by creating one; on a selling
    /// plan (a subscription) when one is given.
    case add(CartMerchandise, quantity: Int, sellingPlan: SellingPlan? = nil)
    /// The customer logged in: the cart in use gets their token.
    case attachCustomer
    /// A session was read at start: a cart without the customer gets them.
    case attachCustomerIfMissing
    /// The session ended: the cart stays, without the token and the customer.
    case detachCustomer
    /// Logged out: a signed-in cart went with the session, so the app forgets it.
    case forgetSignedInCart
    /// The shopper picked another country: the cart's buyer identity follows, and its prices.
    case countryChanged(String?)
    /// The cart became an order: the next add starts a new cart.
    case orderPlaced
    /// The cart screen opened or a checkout starts: asks the shop whether the shown cart is still open.
    case checkStillOpen
    /// The shop no longer has the cart `cartId` open (another process on the same state directory
    /// checked it out, or it expired).
    case goneElsewhere(cartId: String)
    /// The cart screen left the stack: editing and a pending removal end there.
    case screenClosed
    /// The checkout sheet covered the cart: editing and a pending removal end.
    case covered

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
    /// The restored cart's lines its country does not sell (sent only when there are some).
    case linesNotSold(cartId: String, [CartWarning])
    /// The answer to the mutation stamped `requestId`.
    case mutationResponse(requestId: Int, Result<CartPayload, AppError>)
    /// The answer to the add (or adds) stamped `requestId`: what was added is read from it.
    case addResponse(requestId: Int, adding: [CartAddRequest], Result<CartPayload, AppError>)
    case delegate(Delegate)

    /// What the cart asks of the rest of the app.
    public enum Delegate: Hashable, Sendable {
        /// The cart changed: a preloaded checkout no longer matches it.
        case changed
        /// A token was refused while a cart request fetched it.
        case sessionEnded(reason: String)
        case failed(AppError)
        /// Something done the shopper should know of (the signed-in cart left with the session).
        case notice(String)
        /// The store answered an add: how many units it took (none: the error bar says why).
        case added(CartAddOutcome)
        /// Takes down the error bar when it still shows a message starting with one of these.
        case withdrawError([String])
    }
}
