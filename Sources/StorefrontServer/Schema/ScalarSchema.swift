import Foundation
import Graphiti
import Storefront

/// The Storefront API's scalars, and its large enums served as scalars (see `EnumCode`).
final class ScalarSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Scalar(GraphID.self, as: IDScalar.name)
        Scalar(DecimalAmount.self, as: DecimalScalar.name)
        Scalar(DateTimeValue.self, as: DateTimeScalar.name)
        Scalar(URLValue.self, as: URLScalar.name)
        Scalar(JSONValue.self, as: JSONScalar.name)
        Scalar(UnsignedInt64Value.self, as: UnsignedInt64Scalar.name)
        Scalar(HTMLValue.self, as: HTMLScalar.name)
        Scalar(ColorValue.self, as: ColorScalar.name)
        Scalar(CountryCode.self, as: CountryCodeScalar.name)
        Scalar(LanguageCode.self, as: LanguageCodeScalar.name)
        Scalar(CurrencyCode.self, as: CurrencyCodeScalar.name)
        Scalar(CartErrorCodeValue.self, as: CartErrorCodeScalar.name)
        Scalar(CartWarningCodeValue.self, as: CartWarningCodeScalar.name)
    }
}

/// The small enums: sort keys, search types, recommendation intents.
final class EnumSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Enum(ProductSortKeys.self) {
            Value(.bestSelling)
            Value(.createdAt)
            Value(.id)
            Value(.price)
            Value(.productType)
            Value(.relevance)
            Value(.title)
            Value(.updatedAt)
            Value(.vendor)
        }
        Enum(ProductCollectionSortKeys.self) {
            Value(.bestSelling)
            Value(.collectionDefault)
            Value(.created)
            Value(.id)
            Value(.manual)
            Value(.price)
            Value(.relevance)
            Value(.title)
        }
        Enum(CollectionSortKeys.self) {
            Value(.id)
            Value(.relevance)
            Value(.title)
            Value(.updatedAt)
        }
        Enum(SearchType.self) {
            Value(.article)
            Value(.page)
            Value(.product)
        }
        Enum(PredictiveSearchType.self) {
            Value(.article)
            Value(.collection)
            Value(.page)
            Value(.product)
            Value(.query)
        }
        Enum(SearchSortKeys.self) {
            Value(.price)
            Value(.relevance)
        }
        Enum(ProductRecommendationIntent.self) {
            Value(.complementary)
            Value(.related)
        }
    }
}
