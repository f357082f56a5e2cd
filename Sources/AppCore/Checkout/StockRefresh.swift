import Storefront

/// Puts a product read again after an order wherever the app holds a copy of it: the lists of
/// collections and their previews, search results and the product screen.
enum StockRefresh {
    static func replace(_ product: Product, in state: inout AppState) {
        for handle in state.collectionProducts.keys {
            replace(product, in: &state.collectionProducts[handle]!.items)
        }
        replace(product, in: &state.search.results.items)
        for index in state.collections.items.indices {
            replace(product, in: &state.collections.items[index].productsPreview)
        }
        if state.productDetail?.product?.id == product.id {
            state.productDetail = ProductDetailState(product: product, keepingChoicesOf: state.productDetail)
        }
    }

    private static func replace(_ product: Product, in products: inout [Product]) {
        for index in products.indices where products[index].id == product.id && products[index] != product {
            products[index] = product
        }
    }
}
