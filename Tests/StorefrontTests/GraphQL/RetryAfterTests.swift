import Foundation
import Testing
@testable import Storefront

struct RetryAfterTests {
    let now = Date(timeIntervalSince1970: 1_445_412_480) // Wed, 21 Oct 2015 07:28:00 GMT

    @Test func seconds() {
        #expect(RetryAfter.seconds(from: "120", now: now) == 120)
        #expect(RetryAfter.seconds(from: " 1.5 ", now: now) == 1.5)
    }

    @Test func httpDate() {
        #expect(RetryAfter.seconds(from: "Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
        #expect(RetryAfter.seconds(from: "Wednesday, 21-Oct-15 07:29:00 GMT", now: now) == 60)
    }

    @Test func pastDatesAndNegativeSecondsMeanNow() {
        #expect(RetryAfter.seconds(from: "Wed, 21 Oct 2015 07:00:00 GMT", now: now) == 0)
        #expect(RetryAfter.seconds(from: "-5", now: now) == 0)
    }

    @Test func garbageIsIgnored() {
        #expect(RetryAfter.seconds(from: "soon", now: now) == nil)
        #expect(RetryAfter.seconds(from: "", now: now) == nil)
        #expect(RetryAfter.seconds(from: nil, now: now) == nil)
    }
}
