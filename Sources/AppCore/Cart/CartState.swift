import Storefront

/// The cart as the buyer sees it, the last cart the server confirmed, and the cart screen's
/// selection and editing state.
///
/// Optimistic edits change `cart` at once and send a request stamped with a new request id
/// (`latestRequestId`). A response for an older id is stale: it never touches what is shown. A
/// failed request rolls `cart` back to `confirmedCart`.
public struct CartState: Hashable, Sendable {
    /// What the screens show: the server's cart with any optimistic edits applied.
    public var cart: Cart?
    /// The newest cart a server response carried.
    public var confirmedCart: Cart?
    /// Id of the newest mutation sent; only its response updates `cart`.
    public var latestRequestId: Int?
    /// Id of the request `confirmedCart` came from (responses can arrive out of order).
    public var confirmedRequestId: Int
    public var nextRequestId: Int
    /// Adds asked for while the cart was being created; sent once it exists.
    public var queuedLines: [CartAddRequest]
    /// Warnings of the last mutation (not enough stock, ...).
    public var warnings: [CartWarning]
    /// Lines the cart's country does not sell, one warning each (targeted at the line): they stay
    /// in the cart, marked, and checkout refuses them until they go or the country changes.
    public var notSoldHere: [CartWarning] = []

    /// The selected row: a line, or past the lines, one of the discount codes (so x removes one code).
    public var selectedLineIndex: Int
    /// The first line on screen, kept from move to move so the lines scroll one at a time.
    public var firstVisibleLineIndex = 0
    /// The line waiting for the buyer to confirm its removal.
    public var pendingRemoveLineId: String?
    /// The text field being edited, if any.
    public var editing: CartTextField?
    public var discountCodeText: String
    public var noteText: String
    /// The saved cart could not be looked up (the storefront was unreachable): it is looked up
    /// again when the storefront answers.
    public var restoreFailed = false
    /// The cart's requests on their way (restoring the saved cart, creating it, changing it): for
    /// "Loading…", and so one is not asked twice.
    public var loading: Set<RequestKind> = []
    /// `cart` is the saved cart as last seen, not confirmed by the storefront (it could not be
    /// reached at start): shown, marked as such, and looked up again when the storefront answers.
    public var isUnconfirmed = false
    /// Why the codes just refused or dropped do not apply ("FIKA5: needs a subtotal of €40.00"),
    /// until the next discount edit. Only codes that apply stay on the cart.
    public var discountNotice: String?

    public init(cart: Cart? = nil, confirmedCart: Cart? = nil, latestRequestId: Int? = nil, confirmedRequestId: Int = 0,
                nextRequestId: Int = 1, queuedLines: [CartAddRequest] = [], warnings: [CartWarning] = [],
                selectedLineIndex: Int = 0, pendingRemoveLineId: String? = nil, editing: CartTextField? = nil,
                discountCodeText: String = "", noteText: String = "", loading: Set<RequestKind> = []) {
        self.cart = cart; self.confirmedCart = confirmedCart; self.latestRequestId = latestRequestId
        self.confirmedRequestId = confirmedRequestId; self.nextRequestId = nextRequestId
        self.queuedLines = queuedLines; self.warnings = warnings; self.selectedLineIndex = selectedLineIndex
        self.pendingRemoveLineId = pendingRemoveLineId; self.editing = editing
        self.discountCodeText = discountCodeText; self.noteText = noteText; self.loading = loading
    }

    public var selectedLine: CartLine? {
        guard let lines = cart?.lines, lines.indices.contains(selectedLineIndex) else { return nil }
        return lines[selectedLineIndex]
    }

    /// The discount code the selection is on, when it is past the lines.
    public var selectedDiscountCode: CartDiscountCode? {
        guard let cart else { return nil }
        let index = selectedLineIndex - cart.lines.count
        return cart.discountCodes.indices.contains(index) ? cart.discountCodes[index] : nil
    }

    /// Why a line cannot be bought in the cart's country, if it cannot.
    public func notSoldReason(_ line: CartLine) -> String? { notSoldHere.first { $0.target == line.id }?.message }

    /// Lines and discount codes: the rows the selection moves over.
    public var selectableRows: Int { (cart?.lines.count ?? 0) + (cart?.discountCodes.count ?? 0) }
}
