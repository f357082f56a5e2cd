import Foundation
import Storefront

/// The process `storefront-bench crash` kills: the app's embedded store on a state directory,
/// writing carts and orders as fast as it can and saying each one on standard output only once
/// the store has returned (the write is kept). One line per acknowledgement:
/// `cart ID LINES` and `order SESSION NAME CART-ID`.
enum CrashWriter {
    static func main(_ arguments: [String]) async throws {
        guard arguments.count == 2 else { throw CrashError("crash-writer needs a state directory and a catalog") }
        let path = arguments[0]
        let catalog = try CatalogLoader.load(contentsOf: arguments[1])
        let storefront = EmbeddedStorefront(catalog: catalog, stateDirectory: URL(fileURLWithPath: path))
        // An acknowledgement must mean "on disk": a store that fell back to memory stops here.
        await storefront.setStorageProblemHandler { problem in
            FileHandle.standardError.write(Data("crash-writer: \(problem)\n".utf8))
            exit(5)
        }
        guard await storefront.savesChanges else { throw CrashError("\(path) cannot be written") }
        let variants = try CrashLoad.variants(of: catalog)
        var round = 0
        while true {
            round += 1
            try await CrashLoad.round(round, variants: variants, client: storefront, placeOrder: { try await storefront.placeOrder($0) },
                                      acknowledge: acknowledge)
        }
    }

    /// Straight to the file descriptor: nothing waits in a buffer when the kill comes.
    static func acknowledge(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// What both writers do, one round: a cart with one line, three more lines one by one, and on
/// every other round an order for it.
enum CrashLoad {
    /// Variants whose stock is not tracked, so orders never run the shelf empty.
    static func variants(of catalog: StoreCatalog) throws -> [ProductVariant] {
        let untracked = catalog.products.flatMap(\.variants).filter { $0.availableForSale && $0.quantityAvailable == nil }
        guard untracked.count >= 4 else { throw CrashError("the catalog has fewer than 4 untracked variants") }
        return Array(untracked.prefix(4))
    }

    /// The bundled catalog without stock counts (written beside the state directory), so any
    /// number of orders can be placed.
    static func untrackedCatalog(in directory: URL) throws -> URL {
        guard let path = CatalogLoader.bundledPath else { throw CrashError("the bundled catalog is missing") }
        let bundled = URL(fileURLWithPath: path)
        guard var json = try JSONSerialization.jsonObject(with: Data(contentsOf: bundled)) as? [String: Any],
              let products = json["products"] as? [[String: Any]] else { throw CrashError("\(bundled.path) is not a catalog") }
        json["products"] = products.map { product -> [String: Any] in
            var product = product
            product["variants"] = (product["variants"] as? [[String: Any]])?.map { variant -> [String: Any] in
                var variant = variant
                variant["inventory"] = nil
                return variant
            }
            return product
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("catalog.json")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        return file
    }

    static func round(_ round: Int, variants: [ProductVariant], client: any StorefrontClient,
                      placeOrder: (CheckoutCompletion) async throws -> Order, acknowledge: (String) -> Void) async throws {
        guard var cart = try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variants[0].id)])).cart else {
            throw CrashError("cartCreate returned no cart")
        }
        acknowledge("cart \(cart.id) \(cart.lines.count)")
        for variant in variants.dropFirst() {
            guard let changed = try await client.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: variant.id)]).cart else {
                throw CrashError("cartLinesAdd returned no cart")
            }
            cart = changed
            acknowledge("cart \(cart.id) \(cart.lines.count)")
        }
        guard round % 2 == 0 else { return }
        let order = try await placeOrder(draft(for: cart, session: "crash-\(UUID().uuidString)"))
        acknowledge("order \(order.draft.checkoutSessionId) \(order.name) \(cart.id)")
    }

    static func draft(for cart: Cart, session: String) -> CheckoutCompletion {
        CheckoutCompletion(checkoutSessionId: session, cartId: cart.id, email: "crash@example.com",
                           payment: PaymentToken(vaultToken: "vault-\(session)", brand: "Visa", lastFourDigits: "4242"))
    }
}

struct CrashError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
