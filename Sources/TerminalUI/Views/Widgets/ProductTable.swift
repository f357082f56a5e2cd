import Storefront

/// Products in aligned columns: title, vendor (when there is room), price right-aligned, and a
/// status mark (sold out, on sale). Used by the products screen, search results and previews.
struct ProductTable {
    let products: [Product]
    /// The selected row, or nil for a table without selection (a preview).
    let selected: Int?
    /// Shown under the last row while the next page loads.
    let loadingMore: Bool
    let showsHeader: Bool
    /// Columns left blank before the title (lists indent, previews align with their heading).
    var margin = 1
    /// The first row shown before this frame (the list's scroll position).
    var firstVisible = 0

    struct Columns: Equatable {
        var title: Int, vendor: Int, type: Int, price: Int, status: Int

        /// From the left edge to one column past the title column.
        func barWidth(margin: Int) -> Int { margin + title + 1 }
    }

    static let statusWidth = 8
    /// Titles wider than this are truncated even on wide terminals, so prices stay near their titles.
    static let maximumTitleWidth = 52

    /// Column widths: the price and status always (status from 40 columns), the vendor from 70,
    /// the product type from 110; the title takes the rest, up to `maximumTitleWidth`.
    static func columns(width: Int, products: [Product], margin: Int = 1) -> Columns {
        let price = max(6, products.map { DisplayWidth.of(ProductTable.price(of: $0)) }.max() ?? 0)
        let status = width >= 40 ? statusWidth : 0
        let vendorWanted = min(18, products.map { DisplayWidth.of($0.vendor) }.max() ?? 0)
        let vendor = width >= 70 && vendorWanted > 0 ? max(8, vendorWanted) : 0
        let typeWanted = min(14, products.map { DisplayWidth.of($0.productType) }.max() ?? 0)
        let type = width >= 110 && typeWanted > 0 ? max(6, typeWanted) : 0
        // Two-column gaps between the parts that are shown, the margin on the left, one column on the right.
        let gaps = margin + (vendor > 0 ? 2 : 0) + (type > 0 ? 2 : 0) + 2 + (status > 0 ? 2 : 0) + 1
        let title = min(maximumTitleWidth, max(4, width - price - vendor - type - status - gaps))
        return Columns(title: title, vendor: vendor, type: type, price: price, status: status)
    }

    /// "$24.00", or "from $18.00" when variants differ in price.
    static func price(of product: Product) -> String {
        let range = product.priceRange
        return range.minVariantPrice == range.maxVariantPrice
            ? range.minVariantPrice.formatted : "from " + range.minVariantPrice.formatted
    }

    /// Rows available for products in a canvas of this height.
    static func rows(height: Int, showsHeader: Bool) -> Int { max(0, height - (showsHeader ? 1 : 0)) }

    /// A list with a selection marks it `▸ ` in a column of its own, as every list does (not by colour alone).
    private var markWidth: Int { selected == nil ? 0 : 2 }

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let columns = ProductTable.columns(width: canvas.width, products: products, margin: margin + markWidth)
        var y = 0
        if showsHeader {
            drawRow(in: canvas, y: y, columns: columns, titleStyle: theme[.muted], style: theme[.muted],
                    cells: ("Product", "Vendor", "Type", "Price", ""), statusStyle: theme[.muted], grid: &grid)
            y += 1
        }
        let window = ListWindow(selected: selected ?? 0, total: products.count, rows: canvas.height - y, first: firstVisible)
        for index in window.range {
            let product = products[index]
            let isSelected = index == selected
            let base = isSelected ? theme[.selection] : theme[.text]
            // The bar covers the mark and the title column, as the collections list's covers the
            // name column: a move rewrites two titles, not two whole rows (at 120 columns a row
            // runs to the price column 100 cells out, and a move cost 1.4 times the bytes of a
            // minimal C list). Vendor, type, price and status read the same on every row.
            if isSelected {
                canvas.fill(Rect(x: 0, y: y, width: columns.barWidth(margin: margin + markWidth), height: 1), style: base, in: &grid)
                canvas.placeFocus(y: y, in: &grid)
                canvas.text("▸", x: margin, y: y, style: base, in: &grid)
            }
            let (status, statusRole) = ProductTable.status(of: product)
            drawRow(in: canvas, y: y, columns: columns, titleStyle: base, style: theme[.text],
                    cells: (product.title, product.vendor, product.productType, ProductTable.price(of: product), status),
                    statusStyle: theme[statusRole], grid: &grid)
            y += 1
        }
        if loadingMore && y < canvas.height {
            canvas.text(" Loading more…", y: y, style: theme[.muted], in: &grid)
        }
    }

    static func status(of product: Product) -> (String, Role) {
        if !product.availableForSale { return ("sold out", .soldOut) }
        if product.variants.contains(where: \.isOnSale) { return ("sale", .onSale) }
        return ("", .text)
    }

    private func drawRow(in canvas: Canvas, y: Int, columns: Columns, titleStyle: Style, style: Style,
                         cells: (title: String, vendor: String, type: String, price: String, status: String), statusStyle: Style,
                         grid: inout Grid) {
        var x = margin + markWidth
        canvas.text(cells.title, x: x, y: y, style: titleStyle, in: &grid, maxWidth: columns.title)
        x += columns.title + 2
        if columns.vendor > 0 {
            canvas.text(cells.vendor, x: x, y: y, style: style, in: &grid, maxWidth: columns.vendor)
            x += columns.vendor + 2
        }
        if columns.type > 0 {
            canvas.text(cells.type, x: x, y: y, style: style, in: &grid, maxWidth: columns.type)
            x += columns.type + 2
        }
        canvas.textRight(cells.price, right: x + columns.price, y: y, style: style, in: &grid)
        x += columns.price + 2
        if columns.status > 0 && !cells.status.isEmpty {
            canvas.text(cells.status, x: x, y: y, style: statusStyle, in: &grid, maxWidth: columns.status)
        }
    }
}
