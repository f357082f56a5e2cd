import Storefront

/// A screen the storefront can open at start: `cart`, `orders`, `about [POLICY]`, `search QUERY`,
/// `product HANDLE` (what `ssh -t shop cart` asks for). Parsed from one string and nothing else: the text is never
/// handed to a shell, and anything that is not one of these names is refused with a reason.
public enum DeepLink: Hashable, Sendable {
    case cart
    case orders
    /// About the shop, at one of its policies when named.
    case about(ShopPolicy.Kind?)
    case search(String)
    case product(handle: String)

    public static let usage = "cart, orders, about [POLICY], search QUERY or product HANDLE"
    static let maximumLength = 200

    /// The link in `text`, or a one-line reason it is not one.
    public static func parse(_ text: String) -> Result<DeepLink, DeepLinkError> {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.count <= maximumLength else { return .failure(.tooLong) }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(.controlCharacters)
        }
        let name = trimmed.prefix { $0 != " " && $0 != "\t" }
        let argument = trimmed.dropFirst(name.count).trimmingWhitespace()
        switch name {
        case "cart", "orders":
            guard argument.isEmpty else { return .failure(.unexpectedArgument(String(name))) }
            return .success(name == "cart" ? .cart : .orders)
        case "about":
            guard !argument.isEmpty else { return .success(.about(nil)) }
            guard let kind = ShopPolicy.Kind(name: argument) else { return .failure(.unknownPolicy(argument)) }
            return .success(.about(kind))
        case "search":
            guard !argument.isEmpty else { return .failure(.missingArgument("search", "QUERY")) }
            return .success(.search(argument))
        case "product":
            guard !argument.isEmpty else { return .failure(.missingArgument("product", "HANDLE")) }
            guard argument.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }) else {
                return .failure(.badHandle)
            }
            return .success(.product(handle: argument.lowercased()))
        default:
            return .failure(.unknown(trimmed))
        }
    }

    /// The string `parse` reads back: what the SSH server passes to a session's storefront.
    public var argument: String {
        switch self {
        case .cart: return "cart"
        case .orders: return "orders"
        case .about(let kind): return kind.map { "about \($0.shortName)" } ?? "about"
        case .search(let query): return "search \(query)"
        case .product(let handle): return "product \(handle)"
        }
    }
}

/// Why a string is not a deep link, as one line for the person who typed it.
public enum DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknown(String)
    case unexpectedArgument(String)
    case missingArgument(String, String)
    case badHandle
    case unknownPolicy(String)
    case controlCharacters
    case tooLong

    /// For a command sent over SSH, where the shopper may expect a shell: the refusal says none ran.
    public var overSSH: String {
        guard case .unknown = self else { return description }
        return String(description.dropLast()) + " (nothing is run by a shell)."
    }

    public var description: String {
        switch self {
        case .unknown(let text):
            return "\"\(text)\" is not a screen to open; try \(DeepLink.usage)."
        case .unexpectedArgument(let name): return "\(name) takes nothing after it; try \(DeepLink.usage)."
        case .missingArgument(let name, let what): return "\(name) needs a \(what): \(name) \(what)."
        case .badHandle: return "A product handle has only letters, digits and dashes (e.g. house-espresso-blend)."
        case .unknownPolicy(let name): return "\"\(name)\" is not a policy of the shop; try \(ShopPolicy.Kind.names)."
        case .controlCharacters: return "Control characters are not accepted; try \(DeepLink.usage)."
        case .tooLong: return "That is too long (\(DeepLink.maximumLength) characters at most); try \(DeepLink.usage)."
        }
    }
}

extension StringProtocol {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
