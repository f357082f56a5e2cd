@testable import Storefront
import Testing

/// What the error bar says about an HTTP failure: the status's meaning, never the page's markup.
struct HTTPErrorMessageTests {
    static let gatewayPage = """
        <!DOCTYPE html> <html lang="en"> <head><title>503 Service Unavailable</title></head> \
        <body><h1>Service Unavailable</h1></body></html>
        """

    @Test func aBusyStorefrontsHTMLPageIsNotShown() {
        let message = StorefrontError.http(status: 503, bodySnippet: Self.gatewayPage, retryAfter: nil).description
        #expect(message == "The storefront is busy (HTTP 503); try again shortly.")
    }

    @Test(arguments: [429, 430, 500, 502, 504, 400, 404, 418, 302])
    func noStatusShowsMarkup(status: Int) {
        let message = StorefrontError.http(status: status, bodySnippet: Self.gatewayPage, retryAfter: nil).description
        #expect(!message.contains("<") && !message.contains("DOCTYPE"), "\(message)")
        #expect(message.contains("HTTP \(status)"))
    }

    @Test func aRefusalsOneLineReasonIsKept() {
        let message = StorefrontError.http(status: 430, bodySnippet: "Your request was blocked for security reasons.", retryAfter: nil).description
        #expect(message == "The storefront is limiting requests (HTTP 430); try again shortly. Your request was blocked for security reasons.")
        let json = StorefrontError.http(status: 400, bodySnippet: #"{"errors":"bad"}"#, retryAfter: nil).description
        #expect(json == "The storefront refused the request (HTTP 400).")
    }

    @Test func aWebPageInsteadOfDataSaysSo() {
        let message = StorefrontError.notJSON(bodySnippet: "<html><head><title>Sign in to the network</title></head></html>").description
        #expect(!message.contains("<"))
        #expect(message.contains("web page"))
    }
}
