import Foundation
import CheckoutSheet
import Storefront

public enum CheckoutAction: Hashable, Sendable {
    /// Enter on the cart: presents the checkout sheet over the cart.
    case start
    /// The cart screen opened: its checkout loads ahead, so a later checkout is instant.
    case preload
    /// The cart changed: the preloaded checkout no longer matches it.
    case invalidatePreload
    /// The buyer's input to the sheet's page (fields, rates, submit, back, links).
    case pageInput(CheckoutPageInput)
    /// Esc on the sheet: closes it (the sheet answers with cancel, then dismissed).
    case close
    /// An update from the presented sheet, stamped when it arrived.
    case sheetUpdate(CheckoutSheetUpdate, at: Date)
    /// The sheet's update stream ended.
    case presentationEnded
    /// Opens the shop's web checkout (the page's `webCheckoutURL`) in a browser.
    case openWebCheckout
    /// Whether a browser was opened.
    case webCheckoutOpened(Bool)
    /// Reads the ledger's orders (at start, and once an order is placed).
    case readLedgerOrders
    /// The ledger's orders for this shopper, as it recorded them.
    case ledgerOrdersRead([Order])
    /// A product of the order just placed, read again: its stock went down.
    case orderedProductRefreshed(Product)
    /// ↑↓ in the request picker.
    case pickerMove(by: Int)
    /// Enter in the request picker: the selected choice is the answer ("Type an address…" opens
    /// the form); in the form, the typed address is, once it is complete.
    case pickerChoose
    /// Esc in the request picker: the request is declined.
    case pickerDecline
    /// Typing, deleting and moving between the fields of the picker's address form.
    case pickerEdit(CheckoutPageInput)
    /// Esc in the address form: back to the list, keeping what was typed.
    case pickerBack
    case delegate(Delegate)

    /// What the checkout asks of the rest of the app.
    public enum Delegate: Hashable, Sendable {
        /// The sheet covers the cart: the cart stops editing.
        case presented
        /// The cart became an order; the order, when it belongs on this terminal's guest list.
        case orderPlaced(PlacedOrder?)
        case failed(AppError)
        /// Takes down the error bar when it still shows a message starting with one of these.
        case withdrawError([String])
        /// The buyer opened a link of the sheet's page (a policy, mailto:, tel:).
        case linkClicked(url: String)
    }
}
