import Foundation

/// The names an API version goes by in a request path: "2026-04" (year and a release month) or
/// "unstable". Anything else is not a version, and the path is not the API's.
enum APIVersion {
    static func isVersion(_ text: String) -> Bool {
        if text == "unstable" { return true }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]) else { return false }
        return year >= 2017 && (1...12).contains(month) && parts.joined().allSatisfy(\.isASCII)
    }
}
