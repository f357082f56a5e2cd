import AppCore
import Pictures
import Storefront

/// The collections and what is in them.
///
/// On a large terminal: the list, and beside it a preview of the selected collection (its
/// description and first products with prices). On medium and small ones: each row carries its
/// own product preview (the first product titles) and a line at the bottom describes the selected
/// collection. There, moving the selection rewrites two list rows and one line, not a whole pane:
/// about 150 bytes a move instead of 500 at 80x24. The large pane fills in once the selection rests
/// (`PreviewRest`), so moving through it costs two list rows and a name.
struct CollectionsView {
    let state: AppState
    let sizeClass: SizeClass
    /// The preview pane's thumbnail: the collection's picture, else its first product's.
    var pictures = PictureShelf()
    var pictureDepth: PictureDepth = .ansi256
    /// False: no thumbnail; the description takes the width.
    var showsPictures = true

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let list = state.collections
        if list.items.isEmpty {
            let message = state.isLoading(.collections) || !list.hasLoadedFirstPage ? "Loading collections…" : "This shop has no collections yet."
            canvas.text(message, x: 2, y: 1, style: theme[.muted], in: &grid)
            return
        }
        if Self.showsPreviewPane(sizeClass: sizeClass, width: canvas.width) {
            drawWithPreviewPane(list, in: canvas, theme: theme, grid: &grid)
        } else {
            drawWithPreviewRows(list, in: canvas, theme: theme, grid: &grid)
        }
    }

    static func showsPreviewPane(sizeClass: SizeClass, width: Int) -> Bool { sizeClass == .large && width >= 70 }

    /// Rows of collection names in a body of this size: under the list's title, and above the
    /// selected collection's description when there is no preview pane.
    static func listRows(size: Size, sizeClass: SizeClass) -> Int {
        let listHeight = showsPreviewPane(sizeClass: sizeClass, width: size.width) || !describes(height: size.height)
            ? size.height : size.height - 2
        return max(0, listHeight - 2)
    }

    /// The selected collection's description goes under a rule when the list keeps three rows.
    private static func describes(height: Int) -> Bool { height >= 7 }

    private func drawWithPreviewPane(_ list: PagedList<Collection>, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        // As wide as the longest title needs (within limits), the rest for the preview.
        let listWidth = min(canvas.width * 2 / 5, max(22, longestTitle(list) + 6))
        for row in 0..<canvas.height { canvas.text("│", x: listWidth, y: row, style: theme[.border], in: &grid) }
        drawList(list, in: canvas.sub(Rect(x: 0, y: 0, width: listWidth, height: canvas.height)), theme: theme, grid: &grid)
        if let collection = list.selectedItem {
            let previewArea = canvas.sub(Rect(x: listWidth + 2, y: 0, width: canvas.width - listWidth - 3, height: canvas.height))
            drawPreview(collection, in: previewArea, theme: theme, grid: &grid)
        }
    }

    private func drawWithPreviewRows(_ list: PagedList<Collection>, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let describes = Self.describes(height: canvas.height)
        let listHeight = describes ? canvas.height - 2 : canvas.height
        // Names win over previews on a narrow terminal: a preview is a hint, a name is the choice.
        let nameWidth = min(max(16, longestTitle(list) + 5), max(canvas.width / 3, canvas.width - 18))
        drawList(list, in: canvas.sub(Rect(x: 0, y: 0, width: canvas.width, height: listHeight)), theme: theme, grid: &grid,
                 nameWidth: nameWidth)
        guard describes, let collection = list.selectedItem else { return }
        canvas.rule(y: listHeight, style: theme[.border], in: &grid)
        // The name is highlighted in the list above; this line says what the collection is.
        let description = collection.description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let line = description.isEmpty ? "\(collection.title): enter to see every product" : description
        canvas.text(" " + line, y: listHeight + 1, style: theme[.muted], in: &grid, maxWidth: canvas.width - 1)
    }

    private func longestTitle(_ list: PagedList<Collection>) -> Int {
        list.items.map { DisplayWidth.of($0.title) }.max() ?? 0
    }

    /// With a `nameWidth`, the selection covers the name column only and the rest of each row
    /// previews the collection's first products.
    private func drawList(_ list: PagedList<Collection>, in canvas: Canvas, theme: Theme, grid: inout Grid, nameWidth: Int? = nil) {
        let rows = max(0, canvas.height - 2)
        let loadingMore = state.isLoading(.collections) && list.hasNextPage
        let window = ListWindow(selected: list.selectedIndex, total: list.items.count, rows: rows, first: list.firstVisibleIndex)
        let position = window.position(total: list.items.count) + (list.hasNextPage ? "+" : "")
        canvas.titleRow(" Collections", leftStyle: theme[.heading], right: position.count > 1 ? position + " " : "",
                        rightStyle: theme[.muted], y: 0, in: &grid)
        var y = 2
        for index in window.range {
            let selected = index == list.selectedIndex
            let style = selected ? theme[.selection] : theme[.text]
            let columnWidth = nameWidth ?? canvas.width
            if selected { canvas.fill(Rect(x: 0, y: y, width: columnWidth, height: 1), style: style, in: &grid) }
            if selected { canvas.placeFocus(y: y, in: &grid) }
            canvas.text((selected ? " ▸ " : "   ") + list.items[index].title, y: y, style: style, in: &grid, maxWidth: columnWidth - 1)
            if let nameWidth, canvas.width - nameWidth - 2 >= 8 {
                let products = list.items[index].productsPreview.map(\.title)
                let preview = products.isEmpty ? "no products yet" : products.joined(separator: " · ")
                canvas.text(preview, x: nameWidth + 1, y: y, style: theme[.muted], in: &grid, maxWidth: canvas.width - nameWidth - 2)
            }
            y += 1
        }
        if loadingMore && y < canvas.height { canvas.text("   Loading more…", y: y, style: theme[.muted], in: &grid) }
    }

    private func drawPreview(_ collection: Collection, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let image = collection.image?.pictureUrl != nil ? collection.image : collection.productsPreview.first?.images.first
        let thumbnail = PictureView(image: showsPictures && canvas.height >= 24 ? image : nil, maxColumns: 28, maxRows: 9)
        let (thumbnailColumns, thumbnailRows) = thumbnail.size
        let textWidth = thumbnailColumns > 0 ? canvas.width - thumbnailColumns - 2 : canvas.width
        let thumbnailArea = canvas.sub(Rect(x: canvas.width - thumbnailColumns, y: 0, width: thumbnailColumns, height: thumbnailRows))
        canvas.text(collection.title, y: 0, style: theme[.accent], in: &grid, maxWidth: textWidth)
        // While the selection moves, the name and the picture's frame only (PreviewRest).
        guard pictures.rest.isResting(collection.id) else {
            thumbnail.drawFrame(in: thumbnailArea, theme: theme, grid: &grid)
            grid.awaitingRest = collection.id
            return
        }
        thumbnail.draw(in: thumbnailArea, pictures: pictures, depth: pictureDepth, theme: theme, grid: &grid)
        var y = 1
        let description = TextLayout.wrap(collection.description, width: textWidth).filter { !$0.isEmpty }
        let descriptionRows = min(description.count, canvas.height >= 16 ? 3 : 1)
        for (index, line) in description.prefix(descriptionRows).enumerated() {
            let cut = index == descriptionRows - 1 && description.count > descriptionRows
            canvas.text(cut ? TextLayout.truncate(line + " …", to: canvas.width) : line, y: y, style: theme[.muted], in: &grid)
            y += 1
        }
        y = max(y + 1, thumbnailRows > 0 ? thumbnailRows + 1 : 0)
        guard y < canvas.height else { return }
        if collection.productsPreview.isEmpty {
            canvas.text("No products yet.", y: y, style: theme[.muted], in: &grid)
            return
        }
        let hint = canvas.height - y > collection.productsPreview.count + 1
        let rows = min(collection.productsPreview.count, canvas.height - y - (hint ? 2 : 0))
        ProductTable(products: collection.productsPreview, selected: nil, loadingMore: false, showsHeader: false, margin: 0)
            .draw(in: canvas.sub(Rect(x: 0, y: y, width: canvas.width, height: rows)), theme: theme, grid: &grid)
        if hint {
            canvas.text("enter to see every product", y: y + rows + 1, style: theme[.muted], in: &grid)
        }
    }
}
