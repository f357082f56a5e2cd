import Foundation
import StorefrontModels

extension StorefrontClient {
    // Listings with counts and filters are what `serve` answers; a storefront over the network
    // (the app never asks it for these) says it does not list them so.
    public func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys, reverse: Bool,
                                   filters: [ProductFilter]) async throws -> Listing<Product> {
        throw StorefrontError.invalidArgument("this storefront does not filter a collection's products")
    }

    public func search(query: String, page: PageArguments, sortKey: ProductSortKeys, reverse: Bool,
                       unavailableProducts: UnavailableProducts, filters: [ProductFilter]) async throws -> Listing<Product> {
        throw StorefrontError.invalidArgument("this storefront does not filter search results")
    }

    public func collections(_ page: PageArguments, query: String?, sortKey: CollectionSortKeys,
                            reverse: Bool) async throws -> Listing<Collection> {
        throw StorefrontError.invalidArgument("this storefront does not search collections")
    }
}
