import Storefront

/// A failed request, kept as a value so actions and state stay `Equatable`.
public struct AppError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the buyer reads in the error bar.
    public var message: String
    /// Set when the failure is a search query that does not parse.
    public var searchSyntax: SearchSyntaxError?
    /// Set when the store refused the customer's login: why, for "log in again".
    public var loginRequired: String?

    public init(message: String, searchSyntax: SearchSyntaxError? = nil) {
        self.message = message; self.searchSyntax = searchSyntax
    }

    public init(_ error: any Error) {
        switch error {
        case let error as AppError:
            self = error
        case let refused as LoginRequired:
            self.init(message: "Your login is no longer accepted (\(refused.reason)).")
            loginRequired = refused.reason
        case StorefrontError.invalidSearch(let syntax):
            self.init(message: syntax.description, searchSyntax: syntax)
        case let error as StorefrontError:
            self.init(message: error.description)
        default:
            self.init(message: String(describing: error))
        }
    }

    public var description: String { message }
}

extension Result where Failure == AppError {
    /// Runs `body`, turning any thrown error into an `AppError`.
    public static func capture(_ body: () async throws -> Success) async -> Result<Success, AppError> {
        do { return .success(try await body()) } catch { return .failure(AppError(error)) }
    }
}

/// The store or the account server refused the customer's login (a revoked or expired token that
/// could not be refreshed): the session has ended and the customer logs in again.
public struct LoginRequired: Error, Hashable, Sendable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
}
