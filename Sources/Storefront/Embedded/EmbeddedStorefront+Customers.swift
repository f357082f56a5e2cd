import Foundation
import StorefrontModels

extension EmbeddedStorefront {
    /// Lets carts carry a customer: tokens are resolved through `directory` (nil turns it off).
    public func setCustomerDirectory(_ directory: (any CustomerDirectory)?) {
        customers = directory
    }

    /// The buyer identity as the store keeps it: `customer` is the store's to set, from the access
    /// token, and the customer's email, phone and country fill what the buyer left empty. A token
    /// the directory does not know is a user error on `customerAccessToken`.
    func resolveCustomer(_ requested: BuyerIdentity) async throws -> Result<BuyerIdentity, CartUserError> {
        var identity = requested
        identity.customer = nil
        guard let token = requested.customerAccessToken else { return .success(identity) }
        let field = ["buyerIdentity", "customerAccessToken"]
        guard let customers else {
            return .failure(CartUserError(code: .invalid, field: field, message: "This store does not accept customer accounts."))
        }
        let found: Customer?
        do {
            found = try await customers.customer(accessToken: token)
        } catch let error as StorefrontError {
            throw error
        } catch {
            throw StorefrontError.transport("Could not look up the customer: \(error)")
        }
        guard let customer = found?.sanitized() else {
            return .failure(CartUserError(code: .invalid, field: field, message: "The customer access token is invalid or has expired."))
        }
        identity.customer = customer
        identity.email = identity.email ?? customer.email
        identity.phone = identity.phone ?? customer.phone
        identity.countryCode = identity.countryCode ?? customer.defaultAddress?.countryCode?.uppercased()
        return .success(identity)
    }
}
