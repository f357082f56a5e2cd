import ArgumentParser
import Foundation
import Storefront

/// How a command fails: one clear message on stderr and an exit status, never a stack trace.
public enum CommandFailure: Error, CustomStringConvertible {
    /// Bad input (catalog, query): status 2.
    case input(String)
    /// Something asked for does not exist: status 1.
    case notFound(String)
    /// The storefront could not be reached or did not answer usefully: status 3.
    case unavailable(String)

    public var description: String {
        switch self {
        case .input(let message), .notFound(let message), .unavailable(let message): return message
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .input: return ExitCode(2)
        case .notFound: return ExitCode(1)
        case .unavailable: return ExitCode(3)
        }
    }
}

extension AsyncParsableCommand {
    /// GraphQL error codes that say "not now" rather than "not like this".
    public static var tryLaterCodes: Set<String> { ["THROTTLED", "INTERNAL_SERVER_ERROR", "SHOP_INACTIVE"] }

    /// Runs `body`, turning a `CommandFailure` into its message on stderr and its exit status.
    public func reportingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            // Messages quote what was typed (a path, a handle): nothing in them may reach the terminal as a control.
            FileHandle.standardError.write(Data("storefront: \(TextSanitizer.clean(failure.description))\n".utf8))
            throw failure.exitCode
        } catch let error as StorefrontError {
            // From the Storefront API: the request was wrong (a query it rejects) or it failed.
            let failure: CommandFailure
            switch error {
            case .graphQL(let errors) where errors.contains(where: { Self.tryLaterCodes.contains($0.code ?? "") }):
                // The shop is busy or broken, not the request: try later.
                failure = .unavailable(error.description)
            case .invalidArgument, .invalidSearch, .invalidCursor, .graphQL: failure = .input(error.description)
            default: failure = .unavailable(error.description)
            }
            FileHandle.standardError.write(Data("storefront: \(failure.description)\n".utf8))
            throw failure.exitCode
        }
    }
}
