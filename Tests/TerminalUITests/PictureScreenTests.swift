import AppCore
import Foundation
import Pictures
import Storefront
import XCTest
@testable import TerminalUI

/// Product pictures on the product page, as the app shows them: the first frame draws a
/// placeholder and asks for the picture, the converted picture fills the same cells, the chosen
/// variant's picture follows the choice, and a broken picture stays a quiet placeholder.
final class PictureScreenTests: XCTestCase {
    private static let catalog = try! CatalogLoader.bundled()
    private static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)]

    private func state(_ handle: String, colour: String? = nil) throws -> AppState {
        let product = try XCTUnwrap(Self.catalog.product(handle: handle))
        var state = AppState()
        state.screens = [.collections, .productDetail(handle: handle)]
        var detail = ProductDetailState(product: product)
        if let colour, let index = product.options.firstIndex(where: { $0.name == "Colour" }) {
            detail.selectedOptions[index] = SelectedOption(name: "Colour", value: colour)
        }
        state.productDetail = detail
        return state
    }

    private func environment(_ profile: ColorProfile = .ansi256) -> RenderEnvironment {
        var environment = Fixtures.environment
        environment.profile = profile
        environment.shopName = "Kestrel & Co."
        return environment
    }

    /// Renders, converts what the frame asked for (as the app does off the main actor), renders again.
    private func renderWithPictures(_ state: AppState, size: Size, environment: RenderEnvironment,
                                    bytes: (String) throws -> Data = PictureScreenTests.bundledBytes) -> (first: Grid, settled: Grid) {
        let (first, settled) = convertPictures(state, size: size, environment: environment, bytes: bytes)
        return (first, Renderer.render(state, size: size, environment: settled))
    }

    /// The first frame, and the environment with the pictures it asked for converted.
    private func convertPictures(_ state: AppState, size: Size, environment: RenderEnvironment,
                                 bytes: (String) throws -> Data = PictureScreenTests.bundledBytes) -> (first: Grid, settled: RenderEnvironment) {
        var environment = environment
        let first = Renderer.render(state, size: size, environment: environment)
        for key in first.wantedPictures {
            let result: Result<CellPicture, PictureError>
            do {
                let image = try RGBAImage(png: try bytes(key.url))
                result = .success(PictureConverter.convert(image, columns: key.columns, rows: key.rows, depth: key.depth))
            } catch {
                result = .failure(error as? PictureError ?? .unavailable("\(error)"))
            }
            environment.pictures.store(result, for: key)
        }
        return (first, environment)
    }

    static func bundledBytes(_ url: String) throws -> Data {
        try EmbeddedPictures.data(for: url, in: EmbeddedPictures.bundledDirectory, maxBytes: 1 << 20)
    }

    func testTheProductPageWithItsPictureAtEachSize() throws {
        let state = try state("enamel-camp-mug", colour: "Forest")
        for size in Self.sizes {
            let (first, settled) = renderWithPictures(state, size: size, environment: environment())
            assertScreenSnapshot(state, "picture-product", size: size, environment: convertPictures(state, size: size, environment: environment()).settled,
                                 as: { StyleRuns.describe($0, profile: .ansi256) })
            if size.height >= 24 {
                XCTAssertEqual(first.wantedPictures.count, 1, "\(size): the first frame asks for the picture")
                XCTAssertTrue(first.line(3).contains("·"), "\(size): a placeholder stands in meanwhile")
                XCTAssertTrue(settled.wantedPictures.isEmpty, "\(size): nothing is asked for once it is there")
            } else {
                XCTAssertTrue(first.wantedPictures.isEmpty, "\(size): too short for a picture: the choices come first")
            }
        }
    }

    /// A long "added" line below the picture takes the whole body width; beside the picture it is
    /// one row of the choices column, cut with an ellipsis, never wrapped inside it.
    func testAnAddConfirmationIsOneRowAtTheWidthWhereItSits() throws {
        var state = try state("enamel-camp-mug", colour: "Forest")
        let confirmation = "Added 2 × Enamel Camp Mug (Forest) to your cart; it holds 5 now."
        state.productDetail?.confirmation = confirmation
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            let grid = Renderer.render(state, size: size, environment: environment())
            assertScreenSnapshot(state, "picture-product-added", size: size, environment: environment())
            let rows = (0..<size.height).map(grid.line).filter { $0.contains("✓") }
            XCTAssertEqual(rows.count, 1, "\(size): \(rows)")
            let next = (0..<size.height).map(grid.line).drop { !$0.contains("✓") }.dropFirst().first ?? ""
            XCTAssertFalse(next.contains("now."), "\(size): the line does not go on below itself")
        }
        let wide = Renderer.render(state, size: Size(width: 80, height: 24), environment: environment())
        XCTAssertTrue((0..<24).map(wide.line).contains { $0.contains("✓ " + confirmation) }, "below the picture it is whole")
    }

    func testThePictureAtTwentyFourBitColourUsesTheThemesExactColours() throws {
        let (_, settled) = renderWithPictures(try state("enamel-camp-mug", colour: "Forest"), size: Size(width: 120, height: 40),
                                              environment: environment(.trueColor))
        let colours = (0..<40).flatMap { y in (0..<120).map { settled[$0, y].style.background } }
        // The mug's "Forest" green (34, 85, 50) is drawn as such, not as a palette colour.
        XCTAssertTrue(colours.contains(.rgb(34, 85, 50)))
    }

    func testChoosingAnotherColourShowsThatColoursPicture() throws {
        let size = Size(width: 120, height: 40)
        let forest = renderWithPictures(try state("enamel-camp-mug", colour: "Forest"), size: size, environment: environment())
        let navy = renderWithPictures(try state("enamel-camp-mug", colour: "Navy"), size: size, environment: environment())
        XCTAssertNotEqual(forest.first.wantedPictures.first?.url, navy.first.wantedPictures.first?.url)
        XCTAssertTrue(navy.first.wantedPictures.first?.url.contains("enamel-camp-mug-navy.png") == true)
        XCTAssertNotEqual(forest.settled.cells, navy.settled.cells)
    }

    func testABrokenPictureStaysAQuietPlaceholder() throws {
        let state = try state("house-espresso-blend")
        let size = Size(width: 120, height: 40)
        let (first, settled) = renderWithPictures(state, size: size, environment: environment(),
                                                  bytes: { _ in Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 1]) })
        XCTAssertEqual(first.cells, settled.cells, "the placeholder stays, nothing else changes")
        XCTAssertTrue(settled.wantedPictures.isEmpty, "a broken picture is not asked for again")
        XCTAssertFalse((0..<40).map(settled.line).joined().contains("error"))
        XCTAssertEqual(Renderer.render(state, size: size, environment: environment()).cells, first.cells)
    }
}

extension PictureScreenTests {
    /// The collections list with the second one selected, and the page it came from.
    private func collectionsState() throws -> (AppState, Page<Storefront.Collection>) {
        let storefront = EmbeddedStorefront(catalog: Self.catalog, stateDirectory: FileManager.default.temporaryDirectory
            .appendingPathComponent("pictures-\(UUID().uuidString)"))
        let page = try awaitResult { try await storefront.collections(.first(20), sortKey: .id, productPreview: 5) }
        var state = AppState()
        state.collections = PagedList(items: page.nodes, pageInfo: page.pageInfo)
        state.collections.selectedIndex = 1
        return (state, page)
    }

    func testTheCollectionsPreviewHasAThumbnailOnlyOnALargeTerminal() throws {
        let (state, page) = try collectionsState()
        let large = renderWithPictures(state, size: Size(width: 120, height: 40), environment: environment())
        XCTAssertEqual(large.first.wantedPictures.map(\.url), [page.nodes[1].image?.pictureUrl].compactMap { $0 })
        assertScreenSnapshot(state, "picture-collections", size: Size(width: 120, height: 40),
                             environment: convertPictures(state, size: Size(width: 120, height: 40), environment: environment()).settled,
                             as: { StyleRuns.describe($0, profile: .ansi256) })
        let medium = renderWithPictures(state, size: Size(width: 80, height: 24), environment: environment())
        XCTAssertTrue(medium.first.wantedPictures.isEmpty, "no preview pane, no thumbnail")
    }

    /// `pictures = false` in the settings file: no screen asks for a picture or draws its frame,
    /// and the product's choices and description keep their places.
    func testWithoutPicturesNoScreenAsksForOneOrDrawsItsFrame() throws {
        var environment = environment()
        environment.showsPictures = false
        let product = try state("enamel-camp-mug", colour: "Forest")
        for size in Self.sizes {
            let frame = Renderer.render(product, size: size, environment: environment)
            XCTAssertTrue(frame.wantedPictures.isEmpty, "\(size): no picture asked for")
            let text = (0..<size.height).map { frame.line($0) }.joined(separator: "\n")
            XCTAssertFalse(text.contains("·····"), "\(size): no placeholder frame:\n\(text)")
            XCTAssertTrue(text.contains("Enamel Camp Mug"), text)
            if size.height >= 24 {
                // The same frame with pictures on has the placeholder this test looks for.
                let shown = Renderer.render(product, size: size, environment: self.environment())
                XCTAssertTrue((0..<size.height).contains { shown.line($0).contains("·····") }, "\(size)")
            }
        }
        let (collections, _) = try collectionsState()
        environment.pictures.rest = .always
        let large = Renderer.render(collections, size: Size(width: 120, height: 40), environment: environment)
        XCTAssertTrue(large.wantedPictures.isEmpty, "no thumbnail in the collections preview")
    }

    /// Runs async work to completion from a synchronous XCTest method.
    private func awaitResult<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let done = expectation(description: "done")
        nonisolated(unsafe) var result: Result<T, any Error>?
        Task {
            do { result = .success(try await work()) } catch { result = .failure(error) }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        return try XCTUnwrap(result).get()
    }
}
