import Foundation
import Graphiti
import Storefront

/// The Storefront API's scalars, and its large enums served as scalars (see `EnumCode`). Each is
/// written as its text directly: every ID, amount and date of an answer goes through here.
final class ScalarSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Self.scalar(IDScalar.self)
        Self.scalar(DecimalScalar.self)
        Self.scalar(DateTimeScalar.self)
        Self.scalar(URLScalar.self)
        Self.scalar(JSONScalar.self)
        Self.scalar(UnsignedInt64Scalar.self)
        Self.scalar(HTMLScalar.self)
        Self.scalar(ColorScalar.self)
        Self.scalar(CountryCodeScalar.self)
        Self.scalar(LanguageCodeScalar.self)
        Self.scalar(CurrencyCodeScalar.self)
        Self.scalar(CartErrorCodeScalar.self)
        Self.scalar(CartWarningCodeScalar.self)
    }

    /// The scalar of `Kind`, under its name, written as its text.
    private static func scalar<Kind: ScalarKind>(_: Kind.Type) -> Scalar<StorefrontResolver, RequestContext, ScalarText<Kind>> {
        Scalar(ScalarText<Kind>.self, as: Kind.name, serialize: ScalarText<Kind>.serialize, parseValue: ScalarText<Kind>.parseValue)
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
