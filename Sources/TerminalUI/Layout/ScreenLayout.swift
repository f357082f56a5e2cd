/// Where the parts of the screen go for a size: header, body, optional event log pane, error bar
/// and footer. Content is centred with a capped width so lines stay readable on very wide terminals.
public struct ScreenLayout: Hashable, Sendable {
    /// Wider than this, content is centred with margins.
    public static let maximumContentWidth = 160
    /// The event log goes beside the screen from this width on, below it otherwise.
    public static let sideLogMinimumWidth = 100

    public let sizeClass: SizeClass
    public let content: Rect
    public let header: Rect
    public let body: Rect
    public let log: Rect?
    public let errorBar: Rect?
    public let footer: Rect

    /// - Parameters:
    ///   - errorRows: rows of the error bar when there is an error (a long message wraps to two).
    ///   - sheetUp: the checkout sheet covers the body; a log below it gives way to its minimum height.
    public init(size: Size, showsLog: Bool, hasError: Bool, errorRows: Int = 1, sheetUp: Bool = false) {
        sizeClass = SizeClass(size)
        let width = min(size.width, ScreenLayout.maximumContentWidth)
        content = Rect(x: (size.width - width) / 2, y: 0, width: width, height: size.height)
        let (headerRect, belowHeader) = content.splitTop(1)
        let (aboveFooter, footerRect) = belowHeader.splitBottom(1)
        let (main, errorRect) = hasError ? aboveFooter.splitBottom(max(1, errorRows))
            : (aboveFooter, Rect(x: 0, y: 0, width: 0, height: 0))
        header = headerRect
        footer = footerRect
        errorBar = hasError ? errorRect : nil
        guard showsLog else { body = main; log = nil; return }
        if content.width >= ScreenLayout.sideLogMinimumWidth {
            // Beside: the log takes about a third, never less than 38 columns (the longest standard
            // pixel name, checkout_address_info_submitted, fits on its own line).
            let logWidth = max(38, content.width / 3)
            let (left, right) = main.splitLeft(main.width - logWidth)
            body = left
            log = right
        } else {
            // Below: about a third of the rows, at least 5 (a title and three events); just 5 under
            // the checkout sheet, whose fields need the rows more.
            let logHeight = sheetUp ? 5 : max(5, main.height / 3)
            let (top, bottom) = main.splitBottom(logHeight)
            body = top
            log = bottom
        }
    }
}
