import Foundation
import Graphiti
import GraphQL

/// The schema the local server serves: the Storefront API's names, types, connections and
/// payloads for everything the client uses, plus the `@inContext` and `@defer` directives.
///
/// Where it differs from the real API:
/// - the fields and arguments the client's documents use and what starter storefronts commonly
///   select (`ParityFields`, `MenuFields`); anything else is a validation error, as an unknown
///   field would be;
/// - `CountryCode`, `LanguageCode`, `CurrencyCode`, `CartErrorCode` and `CartWarningCode` are
///   scalars of those names rather than enums (see `ScalarText`), taking only the API's values
///   for the first three (`EnumCodes`);
/// - search answers products, then pages, then articles (not one order by relevance); its sort
///   order, `reverse` and `productFilters` apply to the products;
/// - storefront filters cover availability, price, product type, vendor, tags and variant options;
///   a category or metafield filter matches no product (the catalog holds neither);
/// - `ProductVariant.image` is the variant's own image, without the API's fallback to the product's;
/// - `@inContext` picks the buyer's market (prices, currency, what is sold, translated text).
enum StorefrontSchema {
    /// Built once: the schema does not depend on the storefront (that comes with each request).
    static let shared = Result { try make() }

    static func make() throws -> GraphQLSchema {
        // The key-path fields are noted as the partial schemas declare them.
        try DirectFields.$collecting.withValue(DirectFields()) { try build() }
    }

    private static func build() throws -> GraphQLSchema {
        let partials: [PartialSchema<StorefrontResolver, RequestContext>] = [
            ScalarSchema(), EnumSchema(), ParitySchema(), ShopSchema(), ProductSchema(), SellingPlanSchema(), CollectionSchema(), SearchSchema(), FilterSchema(), CartSchema(),
            CartDeliverySchema(), CartGiftCardSchema(), CartDiscountSchema(), CartMetafieldSchema(),
            LocalizationSchema(), OnlineStoreSchema(),
        ]
        let built = try SchemaBuilder(StorefrontResolver.self, RequestContext.self)
            .setCoders(to: ArgumentCoders.make())
            .setQueryName(to: "QueryRoot")
            .setMutationName(to: "Mutation")
            .use(partials: partials)
            .build()
            .schema
        // Nor an interface that implements another: a cart line is a Node, as in the API.
        if let line = built.typeMap["BaseCartLine"] as? GraphQLInterfaceType, let node = built.typeMap["Node"] as? GraphQLInterfaceType {
            line.interfaces = { [node] }
        }
        // Graphiti has no way to declare a directive; the same types go into a schema that has one.
        return try GraphQLSchema(query: built.queryType, mutation: built.mutationType,
                                 types: Array(built.typeMap.values).filter { !$0.name.hasPrefix("__") },
                                 directives: built.directives + [InContextDirective.make(in: built), DeferDirective.make()])
            .notingServedFields()
            .notingNullListElements()
            .chargingExecutionBudget()
    }
}
