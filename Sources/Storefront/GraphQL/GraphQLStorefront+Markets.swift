import Foundation
import StorefrontModels

/// Markets over the Storefront API: every document carries `@inContext(country:, language:)`, so
/// a buyer's country is the configuration's, on a view sharing the cache and transport.
extension GraphQLStorefront {
    public func inContext(_ context: BuyerContext) -> any StorefrontClient {
        var configuration = configuration
        configuration.country = context.country
        configuration.language = context.language
        return withConfiguration(configuration)
    }

    public func localization() async throws -> Localization {
        try await execute(.localization, as: LocalizationData.self).value.localization.model
    }
}
