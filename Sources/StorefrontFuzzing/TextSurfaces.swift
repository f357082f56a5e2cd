import CheckoutSheet
import Foundation
import Storefront

extension FuzzTarget {
    /// Search queries against the bundled catalog: an answer, or a positioned error.
    public static func search(catalog: StoreCatalog) -> FuzzTarget {
        FuzzTarget(surface: .search, generate: { random in
            switch random.int(0...5) {
            case 0: return HostileText.flood(&random, maximum: 6_000)
            case 1:
                let depth = random.int(0...3_000)
                let opener = random.pick(["(", "-(", "NOT ", "NOT (", "-"])
                return String(repeating: opener, count: depth) + "tea" + String(repeating: ")", count: random.int(0...depth))
            default: return HostileText.string(&random)
            }
        }, check: { query in
            do {
                _ = try catalog.products(matching: query)
                return nil
            } catch StorefrontError.invalidSearch(let error) {
                guard (1...query.count + 1).contains(error.position) || error.position == SearchQuery.maximumLength + 1 else {
                    return "error position \(error.position) outside the query (\(query.count) characters)"
                }
                if error.message.unicodeScalars.contains(where: TextSanitizer.isUnsafe) { return "the error message holds a control character" }
                if error.message.count > 400 { return "the error message is \(error.message.count) characters long" }
                return nil
            } catch {
                return "unexpected error: \(error)"
            }
        })
    }

    /// Bridge lines for `checkout replay`. Raw bytes that are not UTF-8 travel in the input as
    /// private-use scalars U+F700+byte (see `replayBytes`).
    public static let replay = FuzzTarget(surface: .replay, generate: { random in
        let names = ["completed", "error", "webPixels", "checkoutBlockingEvent", "unknown", "", "\u{1B}[31m"]
        func body(_ random: inout FuzzRandom) -> String {
            switch random.int(0...4) {
            case 0: return #"{\"orderDetails\":{\"id\":\"\#(HostileText.string(&random).jsonEscaped)\"}}"#
            case 1: return String(repeating: #"\\u0041"#, count: random.int(0...50_000))
            case 2: return String(repeating: "[", count: random.int(0...2_000))
            case 3: return #"{\"name\":\"page_viewed\",\"id\":\"x\",\"type\":\"standard\",\"data\":\#(String(repeating: "{\\\"a\\\":", count: random.int(0...300)))"#
            default: return HostileText.string(&random).jsonEscaped.jsonEscaped
            }
        }
        var line = #"{"name":"\#(random.pick(names).jsonEscaped)","body":"\#(body(&random))"}"#
        if random.chance(0.3) {
            // Cut, or insert a byte that is not UTF-8.
            var scalars = Array(line.unicodeScalars)
            let at = random.int(0...scalars.count)
            if random.chance(0.5) { scalars.removeSubrange(at...) } else {
                scalars.insert(Unicode.Scalar(0xF700 + UInt32(random.pick([0x80, 0xC0, 0xFF, 0xED, 0xF8])))!, at: at)
            }
            line = String(String.UnicodeScalarView(scalars))
        }
        return line
    }, check: { input in
        var replay = CheckoutReplay()
        let step = replay.feed(ReplayLineReader.Line(bytes: replayBytes(input), truncated: false))
        for line in step.output {
            guard let data = line.data(using: .utf8), (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
                return "an output line is not a JSON object: \(line.prefix(200))"
            }
            if line.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "an output line holds a raw control byte" }
        }
        if !step.understood && step.output.count != 1 { return "a line not understood gave \(step.output.count) lines, not one error" }
        return nil
    })

    /// The bytes a replay input stands for.
    public static func replayBytes(_ input: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in input.unicodeScalars {
            if (0xF700...0xF7FF).contains(scalar.value) { bytes.append(UInt8(scalar.value - 0xF700)) } else { bytes += Array(String(scalar).utf8) }
        }
        return bytes
    }
}

extension String {
    /// The text as the inside of a JSON string literal.
    var jsonEscaped: String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
