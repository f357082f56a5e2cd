import AppCore
import CheckoutSheet
import Storefront
import XCTest
@testable import TerminalUI

/// How screens look at each colour depth, as the terminal receives them: per-cell style runs with
/// the colour numbers the driver sends (8, 16, 256 and 24-bit), and the rules that keep text legible
/// (no black muted text on the default background at 8 colours, the selection never colour alone).
final class ColorDepthTests: XCTestCase {
    private static let depths: [ColorProfile] = [.ansi8, .ansi16, .ansi256, .trueColor]

    private static func environment(_ profile: ColorProfile) -> RenderEnvironment {
        var environment = Fixtures.environment
        environment.profile = profile
        return environment
    }

    private func render(_ state: AppState, _ profile: ColorProfile, size: Size = Size(width: 80, height: 24)) -> Grid {
        Renderer.render(state, size: size, environment: Self.environment(profile))
    }

    /// One screen with its attributes at every depth: the text of each row, then its style runs.
    func testAttributeSnapshotsAtEveryDepth() {
        var state = Fixtures.withCart
        state.collections.selectedIndex = 1
        for profile in ColorDepthTests.depths {
            assertScreenSnapshot(state, "attributes-collections-\(profile.rawValue)", size: Size(width: 80, height: 24),
                                 environment: Self.environment(profile), as: { StyleRuns.describe($0, profile: profile) })
        }
        var sheet = Fixtures.checkout(.shipping)
        sheet.errorMessage = "Your card was declined."
        for profile in ColorDepthTests.depths {
            assertScreenSnapshot(sheet, "attributes-shipping-\(profile.rawValue)", size: Size(width: 80, height: 24),
                                 environment: Self.environment(profile), as: { StyleRuns.describe($0, profile: profile) })
        }
    }

    /// At 8 colours there is no grey: "bright black" becomes black, invisible on a dark background.
    /// No text on the terminal's default background may be drawn in black, on any screen.
    func testNoMutedTextIsBlackOnTheDefaultBackgroundAtEightColours() {
        for (name, state) in Self.everyScreen {
            let grid = render(state, .ansi8)
            for y in 0..<grid.size.height {
                for x in 0..<grid.size.width {
                    let cell = grid[x, y]
                    guard !cell.isContinuation, cell.content != " " else { continue }
                    let background = cell.style.background.paletteIndex(colors: 8)
                    let foreground = cell.style.foreground.paletteIndex(colors: 8)
                    XCTAssertFalse(background == -1 && foreground == 0,
                                   "\(name): \"\(cell.content)\" at \(x),\(y) is black on the default background")
                }
            }
        }
        XCTAssertEqual(Theme.standard(.ansi8)[.muted], Style(attributes: .dim), "muted is the default colour, dim")
    }

    func testTheSelectionIsNeverColourAlone() {
        for profile in [ColorProfile.monochrome] + ColorDepthTests.depths {
            XCTAssertTrue(Theme.standard(profile)[.selection].attributes.contains(.reverse), "\(profile)")
            for scheme in CheckoutConfiguration.ColorScheme.allCases {
                let sheet = Theme.sheet(CheckoutConfiguration(colorScheme: scheme), profile: profile)
                XCTAssertTrue(sheet[.selection].attributes.contains(.reverse), "\(profile) \(scheme)")
            }
            var state = Fixtures.browsing
            state.collections.selectedIndex = 2
            let grid = render(state, profile)
            let row = (0..<grid.size.height).first { grid.line($0).contains("▸") }
            XCTAssertNotNil(row, "the selected collection has a marker at \(profile)")
            if let row { XCTAssertTrue(grid[2, row].style.attributes.contains(.reverse)) }
        }
    }

    static var everyScreen: [(String, AppState)] {
        var screens: [(String, AppState)] = [("collections", Fixtures.browsing), ("cart", Fixtures.withCart)]
        var products = Fixtures.browsing
        products.screens = [.collections, .products(collectionHandle: Fixtures.collections[0].handle)]
        products.collectionProducts[Fixtures.collections[0].handle] = PagedList(items: Fixtures.products)
        screens.append(("products", products))
        var detail = Fixtures.withCart
        detail.screens = [.collections, .productDetail(handle: Fixtures.linenShirt.handle)]
        detail.productDetail = ProductDetailState(product: Fixtures.linenShirt)
        screens.append(("product", detail))
        var help = Fixtures.browsing
        help.isHelpVisible = true
        screens.append(("help", help))
        var log = Fixtures.browsing
        log.eventLog = EventLogState(entries: Fixtures.events, isVisible: true)
        screens.append(("event log", log))
        for step in CheckoutPage.Step.allCases { screens.append(("checkout \(step)", Fixtures.checkout(step))) }
        return screens
    }
}

/// A grid's looks as text: each row's characters, then its runs of one style as
/// `columns fg/bg attributes`, with the colour numbers a terminal of that depth receives.
enum StyleRuns {
    static func describe(_ grid: Grid, profile: ColorProfile) -> String {
        var out: [String] = ["profile \(profile.rawValue) (\(profile.colorCount) colours); -1 is the terminal's default"]
        for y in 0..<grid.size.height {
            out.append(String(format: "%2d|", y) + grid.line(y).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
            var runs: [String] = []
            var start = 0
            for x in 1...grid.size.width where x == grid.size.width || grid[x, y].style != grid[start, y].style {
                runs.append("\(start)-\(x - 1) \(describe(grid[start, y].style, profile))")
                start = x
            }
            out.append("  | " + runs.joined(separator: "; "))
        }
        return out.joined(separator: "\n")
    }

    static func describe(_ style: Style, _ profile: ColorProfile) -> String {
        func color(_ c: Color) -> String {
            let n = profile == .monochrome ? -1 : c.paletteIndex(colors: profile.colorCount)
            return n > 255 ? String(format: "#%06x", n) : String(n)
        }
        let names: [(TextAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
                                                 (.reverse, "reverse"), (.strikethrough, "strike")]
        let attributes = names.filter { style.attributes.contains($0.0) }.map(\.1)
        return "\(color(style.foreground))/\(color(style.background))" + (attributes.isEmpty ? "" : " " + attributes.joined(separator: "+"))
    }
}
