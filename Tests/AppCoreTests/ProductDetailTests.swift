import XCTest
import AppCore
import AppCoreTesting
import Storefront

@MainActor
final class ProductDetailTests: XCTestCase {
    func options(_ size: String, _ color: String) -> [SelectedOption] {
        [SelectedOption(name: "Size", value: size), SelectedOption(name: "Color", value: color)]
    }

    func detailState(_ product: Product) -> AppState {
        AppState(screens: [.collections, .productDetail(handle: product.handle)], productDetail: ProductDetailState(product: product))
    }

    func testTheFirstAvailableVariantIsSelected() {
        let detail = ProductDetailState(product: Fixtures.shirt(firstAvailable: false))
        XCTAssertEqual(detail.selectedOptions, options("S", "Blue"))
        XCTAssertEqual(detail.selectedVariant?.id, "shirt-s-blue")
        XCTAssertEqual(detail.quantity, 1)
        XCTAssertTrue(detail.canAddToCart)
    }

    func testOptionValuesResolveToAVariantAndBoundTheQuantity() async {
        let env = TestEnvironment()
        let store = env.store(detailState(Fixtures.shirt()))

        await store.send(.productDetail(.incrementQuantity)) { $0.productDetail?.quantity = 2 }
        await store.send(.productDetail(.incrementQuantity)) { $0.productDetail?.quantity = 3 }
        // Size M: the M / Red variant has 2 in stock, so the quantity drops to 2.
        await store.send(.productDetail(.selectOptionValue(by: 1))) {
            $0.productDetail?.selectedOptions = self.options("M", "Red")
            $0.productDetail?.quantity = 2
        }
        XCTAssertEqual(store.state.productDetail?.selectedVariant?.id, "shirt-m-red")
        await store.send(.productDetail(.incrementQuantity))
        // Past the last value nothing changes.
        await store.send(.productDetail(.selectOptionValue(by: 1)))
        await store.send(.productDetail(.focusOption(by: 1))) { $0.productDetail?.focusedOptionIndex = 1 }
        await store.send(.productDetail(.focusOption(by: 1)))
        await store.send(.productDetail(.selectOptionValue(by: 1))) { $0.productDetail?.selectedOptions = self.options("M", "Blue") }
        XCTAssertNil(store.state.productDetail?.selectedVariant)
        await store.send(.productDetail(.addToCart))
        await store.receive(.productDetail(.delegate(.failed(AppError(message: "Shirt shirt: this combination is not available; choose another."))))) { $0.errorMessage = "Shirt shirt: this combination is not available; choose another." }
        await store.send(.productDetail(.decrementQuantity)) { $0.productDetail?.quantity = 1 }
        await store.send(.productDetail(.decrementQuantity))
        await store.send(.productDetail(.selectOptionValue(by: -1))) { $0.productDetail?.selectedOptions = self.options("M", "Red") }
        await store.finish()
    }

    func testASoldOutVariantCannotBeAdded() async {
        let env = TestEnvironment()
        var product = Fixtures.shirt()
        product.variants = product.variants.map { var v = $0; v.availableForSale = false; v.quantityAvailable = 0; return v }
        let store = env.store(detailState(product))
        await store.send(.productDetail(.addToCart))
        await store.receive(.productDetail(.delegate(.failed(AppError(message: "Shirt shirt is sold out."))))) { $0.errorMessage = "Shirt shirt is sold out." }
        await store.finish()
    }

    /// One choice sold out while others are not: the message names the choice.
    func testASoldOutChoiceIsNamed() async {
        let env = TestEnvironment()
        var detail = ProductDetailState(product: Fixtures.shirt(firstAvailable: false))
        detail.selectedOptions = options("S", "Red")
        let store = env.store(AppState(screens: [.collections, .productDetail(handle: "shirt")], productDetail: detail))
        await store.send(.productDetail(.addToCart))
        await store.receive(.productDetail(.delegate(.failed(AppError(message: "Shirt shirt: S / Red is sold out; choose another."))))) { $0.errorMessage = "Shirt shirt: S / Red is sold out; choose another." }
        await store.finish()
    }

    func testReloadKeepsChoicesAndMarksAMissingProduct() async {
        var env = TestEnvironment()
        let answers = Gate<Int, Product?>()
        let calls = Recorder<String>()
        env.storefront.onProduct = { handle in
            calls.record(handle)
            return try await answers.wait(for: calls.values.count)
        }
        var state = detailState(Fixtures.shirt())
        state.productDetail?.selectedOptions = options("S", "Blue")
        state.productDetail?.quantity = 4
        let store = env.store(state)

        await store.send(.productDetail(.reload)) { $0.setLoading([.product(handle: "shirt")]) }
        // A second reload while the first runs asks for nothing.
        await store.send(.productDetail(.reload))
        var restocked = Fixtures.shirt(stock: 3)
        restocked.title = "Shirt (restocked)"
        answers.answer(1, with: restocked)
        await store.receive(.productDetail(.response(handle: "shirt", .success(restocked)))) {
            $0.setLoading([])
            $0.productDetail?.product = restocked
            $0.productDetail?.quantity = 3
        }
        await store.send(.productDetail(.reload)) { $0.setLoading([.product(handle: "shirt")]) }
        answers.answer(2, with: nil)
        await store.receive(.productDetail(.response(handle: "shirt", .success(nil)))) {
            $0.setLoading([])
            $0.productDetail?.product = nil
            $0.productDetail?.notFound = true
            $0.productDetail?.wentAway = true
        }
        await store.finish()
        XCTAssertEqual(calls.values, ["shirt", "shirt"])
    }

    func testAResponseForAnotherProductIsIgnored() async {
        let env = TestEnvironment()
        let store = env.store(detailState(Fixtures.shirt()))
        await store.send(.productDetail(.response(handle: "other", .success(Fixtures.shirt(handle: "other")))))
        await store.send(.productDetail(.response(handle: "shirt", .failure(AppError(message: "boom")))))
        await store.receive(.productDetail(.delegate(.failed(AppError(message: "boom"))))) { $0.errorMessage = "boom" }
        await store.finish()
    }
}
