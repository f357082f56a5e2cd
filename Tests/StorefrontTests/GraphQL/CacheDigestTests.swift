import Testing
@testable import Storefront

struct CacheDigestTests {
    @Test func hexDigestIsSHA256WithLeadingZeros() {
        // FIPS 180-2's "abc" example; its digest has bytes below 0x10, so padding is exercised.
        #expect(CacheDigest.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(CacheDigest.hex("").count == 64)
    }
}
