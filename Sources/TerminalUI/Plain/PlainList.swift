import AppCore

/// The list a screen numbers in the plain mode: `open N` selects row N and opens it, `more` asks for
/// the next page, and on a list of products `add N` opens product N and adds it. A screen's
/// presenter gives it (`ScreenPresenter.plainList`); a screen without one has no numbered items.
struct PlainList {
    var count: Int
    var selectedIndex: Int
    /// Moves the selection by a number of rows.
    var move: (Int) -> AppAction
    var openSelected: AppAction
    var loadNextPage: AppAction
    /// Its rows are products, which `add N` puts in the cart.
    var listsProducts = false

    init<Item>(_ list: PagedList<Item>, move: @escaping (Int) -> AppAction, openSelected: AppAction, loadNextPage: AppAction,
               listsProducts: Bool = false) {
        count = list.items.count
        selectedIndex = list.selectedIndex
        self.move = move; self.openSelected = openSelected; self.loadNextPage = loadNextPage
        self.listsProducts = listsProducts
    }
}
