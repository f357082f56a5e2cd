import CheckoutSheet
import XCTest
@testable import TerminalUI

final class ThemeTests: XCTestCase {
    func testAutomaticFollowsTheTerminalsDefaultColours() {
        let theme = Theme.sheet(CheckoutConfiguration(colorScheme: .automatic), profile: .ansi256)
        XCTAssertEqual(theme.background, .terminalDefault)
        XCTAssertEqual(theme[.text].foreground, .terminalDefault)
        XCTAssertEqual(theme[.tint].foreground, .magenta, "the default tint")
    }

    func testLightAndDarkSetTheirOwnBackground() {
        let light = Theme.sheet(CheckoutConfiguration(colorScheme: .light), profile: .ansi256)
        XCTAssertEqual(light.background, .indexed(255))
        XCTAssertEqual(light[.text].foreground, .black)
        XCTAssertEqual(light[.text].background, .indexed(255))
        let dark = Theme.sheet(CheckoutConfiguration(colorScheme: .dark), profile: .ansi16)
        XCTAssertEqual(dark.background, .black)
        XCTAssertEqual(dark[.text].foreground, .white)
    }

    func testWebUsesTheShopsBrandColours() {
        let configuration = CheckoutConfiguration(colorScheme: .web, tintColor: .indexed(166), backgroundColor: .indexed(230))
        let web = Theme.sheet(configuration, profile: .ansi256)
        XCTAssertEqual(web.background, .indexed(230))
        XCTAssertEqual(web[.accent].foreground, .indexed(166))
        XCTAssertEqual(web[.tint].foreground, .indexed(166))
    }

    func testNoColourProfileDropsEveryScheme() {
        for scheme in CheckoutConfiguration.ColorScheme.allCases {
            let theme = Theme.sheet(CheckoutConfiguration(colorScheme: scheme, tintColor: .indexed(166)), profile: .monochrome)
            XCTAssertEqual(theme.background, .terminalDefault)
            XCTAssertEqual(theme[.tint].foreground, .terminalDefault, "\(scheme)")
            XCTAssertEqual(theme[.selection].attributes, [.reverse, .bold])
        }
    }
}
