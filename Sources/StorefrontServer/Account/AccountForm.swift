import Hummingbird
import Storefront

/// The account server's form bodies and query strings, read with Hummingbird's form decoder. The
/// app writes them with its own encoder (`FormEncoding`); reading them with other code means a
/// mistake in one cannot be cancelled out by the same mistake in the other.
enum AccountForm {
    /// The fields by name. A name given twice (RFC 6749 §3.1: parameters are sent at most once), a
    /// bracketed name or an escape that does not decode is an `invalid_request`.
    static func fields(_ text: String) -> Result<[(String, String)], OAuthFailure> {
        do {
            let fields = try decoder.decode([String: String].self, from: text)
            return .success(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        } catch let error as URLEncodedFormError {
            return .failure(.invalidRequest("The form cannot be read: \(reason(error))."))
        } catch {
            return .failure(.invalidRequest("The form cannot be read: every field must be a single text value."))
        }
    }

    /// In our words: the decoder's own message repeats the sender's text, controls and all.
    private static func reason(_ error: URLEncodedFormError) -> String {
        switch error.code {
        case .duplicateKeys: return "\(String(TextSanitizer.cleanLine(error.value).prefix(64))) is sent more than once"
        case .failedToPercentDecode: return "a %-escape does not decode"
        default: return "a field's name is not plain text"
        }
    }

    private static let decoder = URLEncodedFormDecoder()
}
