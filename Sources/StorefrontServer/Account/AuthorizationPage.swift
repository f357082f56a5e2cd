import Foundation
import Storefront

/// The account server's pages: the login page for the demo customer, and short messages.
/// Everything put into them is HTML-escaped (the request's fields come from the browser).
enum AuthorizationPage {
    static func login(_ parameters: AuthorizationParameters, customer: Customer, shopName: String, action: String) -> String {
        let hidden = parameters.fields.map { #"<input type="hidden" name="\#(escape($0.0))" value="\#(escape($0.1))">"# }
            .joined(separator: "\n")
        let who = [customer.displayName, customer.email.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return document(title: "Log in to \(shopName)", body: """
            <h1>Log in to \(escape(shopName))</h1>
            <p>The app <code>\(escape(parameters.clientId))</code> asks to use your customer account.</p>
            <form method="post" action="\(escape(action))">
            \(hidden)
            <p>Continue as <strong>\(escape(who))</strong>?</p>
            <button type="submit" name="decision" value="approve">Log in</button>
            <button type="submit" name="decision" value="deny">Cancel</button>
            </form>
            """)
    }

    static func message(title: String, _ text: String) -> String {
        document(title: title, body: "<h1>\(escape(title))</h1>\n<p>\(escape(text))</p>")
    }

    private static func document(title: String, body: String) -> String {
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>\(escape(title))</title></head>\n<body>\n\(body)\n</body></html>\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
