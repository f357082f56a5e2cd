// The models and the catalog are their own modules; a file that imports Storefront sees them too,
// as it did when they were part of it.
@_exported import StorefrontCatalog
@_exported import StorefrontModels
