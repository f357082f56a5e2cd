import AppCore
import CheckoutSheet
import Foundation
import NIOConcurrencyHelpers
import Storefront
import TerminalUI

extension FuzzTarget {
    /// Bracketed pastes of up to about a megabyte (controls, UTF-8 fragments, escape sequences
    /// inside) typed into the search field of the terminal app, read in the app's batches with a
    /// frame after each, and Ctrl-C at a random point. The input's first line is `ctrlc=N` (the
    /// key the interrupt arrives after); the rest is the paste. Each is a finding if the app
    /// traps, if Ctrl-C does not quit it once the batch in hand is handled (as the run loop
    /// does), or if a text field holds more than its bound. How fast it went is `stats`' to
    /// report (the benchmark prints it), not a pass or fail: a busy machine is slow, not wrong.
    public static func pastes(catalog: StoreCatalog, stateDirectory: URL, stats: PasteStats = PasteStats()) -> FuzzTarget {
        FuzzTarget(surface: .pastes, generate: { random in
            let body = pasteBody(&random)
            let interrupt = random.chance(0.2) ? body.count : random.int(0...max(0, body.count))
            return "ctrlc=\(interrupt)\n" + body
        }, check: { input in
            // Shrinking may cut the first line: the interrupt then comes after the whole input.
            var text = Substring(input)
            var interrupt = Int.max
            if let newline = input.firstIndex(of: "\n"), input.hasPrefix("ctrlc="),
               let offset = Int(input[input.index(input.startIndex, offsetBy: 6)..<newline]) {
                interrupt = offset
                text = input[input.index(after: newline)...]
            }
            let keys = PasteKeys.keys(for: text)
            return await MainActor.run {
                PasteRun(catalog: catalog, stateDirectory: stateDirectory)
                    .check(keys: keys, bytes: text.utf8.count, interruptAt: interrupt, stats: stats)
            }
        })
    }

    static let pastePieces = [
        "tea ", "kettle", "a", " ", "é", "e\u{301}", "\u{301}", "🇳🇱", "👩‍👩‍👧", "漢字", "\u{FFFD}", "\u{FEFF}", "\u{202E}",
        "\u{1B}[31m", "\u{1B}[2J", "\u{1B}]52;c;aGk=\u{07}", "\u{1B}[200~", "\u{1B}[201~", "\u{1B}", "\u{9B}", "\u{7F}",
        "\u{0}", "\u{8}", "\t", "\r", "\n", "\r\n", "\u{1A}", "\u{1C}", "q", "/", "?", "c",
    ]

    /// A paste between the terminal's brackets: mostly text, sometimes a flood of one piece.
    static func pasteBody(_ random: inout FuzzRandom) -> String {
        let size = random.chance(0.3) ? random.int(0...(1 << 20)) : random.length(upTo: 64 << 10)
        var body = "\u{1B}[200~"
        if random.chance(0.5) {
            let pieces = (0..<random.int(1...8)).map { _ in random.pick(pastePieces) }
            let unit = pieces.joined()
            body += String(repeating: unit, count: max(1, size / max(1, unit.utf8.count)))
        } else {
            var built = ""
            while built.utf8.count < size {
                built += random.chance(0.6) ? String(repeating: random.pick(["x", "tea", "é", "漢"]), count: random.int(1...512))
                    : random.pick(pastePieces)
            }
            body += built
        }
        return body + "\u{1B}[201~"
    }
}

/// What curses delivers for the bytes of a paste: a key per scalar (`wget_wch` reads one at a
/// time, so a combining mark arrives as a key of its own), controls as named keys, an escape
/// followed by a character as Alt with it. Ctrl-C (0x03) is not a key: it is SIGINT.
enum PasteKeys {
    static func keys(for text: Substring) -> [Key] {
        var keys: [Key] = []
        var escaped = false
        for scalar in text.unicodeScalars where scalar.value != 0x03 {
            let key = Key.from(curses: scalar.value, isKeyCode: false)
            if escaped {
                escaped = false
                if scalar.value != 0x1B, case .character(let character)? = key {
                    keys.append(.alt(character))
                    continue
                }
                keys.append(.escape)
            }
            if scalar.value == 0x1B {
                escaped = true
            } else if let key {
                keys.append(key)
            }
        }
        if escaped { keys.append(.escape) }
        return keys
    }
}

/// One paste into a fresh app on the search screen, over a terminal that draws nothing.
@MainActor
struct PasteRun {
    let app: TerminalApp
    let store: AppStore
    let driver = SilentTerminal()
    let environment = RenderEnvironment(profile: .monochrome, timeZone: TimeZone(identifier: "UTC") ?? .current)

    init(catalog: StoreCatalog, stateDirectory: URL) {
        let storefront = EmbeddedStorefront(catalog: catalog, stateDirectory: stateDirectory)
        let dependencies = AppDependencies(storefront: storefront, checkout: CheckoutSheet(webViews: SimulatedCheckoutServer(backend: storefront)))
        store = AppStore(dependencies: dependencies)
        app = TerminalApp(store: store, dependencies: dependencies, driver: driver, environment: environment)
        store.send(.navigation(.openSearch))
    }

    func check(keys: [Key], bytes: Int, interruptAt: Int, stats: PasteStats) -> String? {
        let clock = ContinuousClock()
        let began = clock.now
        var typed = 0
        var longestBatch = Duration.zero
        while typed < keys.count && !store.state.shouldQuit {
            // One turn of the run loop, and its frame: an interrupt that arrives during it waits
            // for both.
            let batchBegan = clock.now
            app.takeTurn { () -> Key? in
                guard typed < keys.count else { return nil }
                defer { typed += 1 }
                return keys[typed]
            }
            _ = Renderer.render(store.state, size: driver.size, environment: environment)
            longestBatch = max(longestBatch, batchBegan.duration(to: clock.now))
            if interruptAt < typed {
                // The interrupt was read during this turn: the run loop quits on it next.
                store.send(.navigation(.quit))
                guard store.state.shouldQuit else { return "Ctrl-C after \(interruptAt) keys did not quit" }
                break
            }
        }
        let time = began.duration(to: clock.now)
        // The searches the typing scheduled are not waited for.
        store.cancelAllEffects()
        stats.record(bytes: keys.isEmpty ? 0 : bytes * typed / keys.count, time: time, longestBatch: longestBatch)
        // Every edit and frame walks a field: its bounds bound their work.
        let state = store.state
        for (name, text, most) in [("search", state.search.query, SearchQuery.maximumLength + 1),
                                   ("discount code", state.cart.discountCodeText, CartTextField.discountCode.maximumLength),
                                   ("cart note", state.cart.noteText, CartTextField.note.maximumLength)]
        where text.count > most || text.utf8.count > FieldText.byteLimit(most) {
            return "the \(name) field holds \(text.count) characters in \(text.utf8.count) bytes, over its \(most) (\(FieldText.byteLimit(most)) bytes)"
        }
        return nil
    }
}

/// How fast pastes were typed, over a run: bytes per millisecond overall and for the slowest
/// paste, and the longest batch of keys (what a Ctrl-C read with it waits for).
public final class PasteStats: Sendable {
    private struct Totals {
        var bytes = 0
        var time = Duration.zero
        var slowest: (bytes: Int, time: Duration)?
        var longestBatch = Duration.zero
    }
    private let totals = NIOLockedValueBox(Totals())

    public init() {}

    func record(bytes: Int, time: Duration, longestBatch: Duration) {
        totals.withLockedValue { totals in
            totals.bytes += bytes
            totals.time += time
            totals.longestBatch = max(totals.longestBatch, longestBatch)
            // The slowest by bytes per millisecond, among pastes big enough to be timed.
            guard bytes >= 16 << 10 else { return }
            if totals.slowest.map({ Double(bytes) * $0.time.inMilliseconds < Double($0.bytes) * time.inMilliseconds }) ?? true {
                totals.slowest = (bytes, time)
            }
        }
    }

    public var summary: String {
        totals.withLockedValue { totals in
            var line = String(format: "typed %.1f MB in %.1f s (%.0f bytes/ms)", Double(totals.bytes) / 1e6,
                              totals.time.inMilliseconds / 1000, Double(totals.bytes) / max(totals.time.inMilliseconds, 0.001))
            if let slowest = totals.slowest {
                line += String(format: "; slowest paste %.0f bytes/ms (%ld bytes in %.0f ms)", Double(slowest.bytes) / max(slowest.time.inMilliseconds, 0.001),
                               slowest.bytes, slowest.time.inMilliseconds)
            }
            return line + String(format: "; longest turn %.1f ms (what a Ctrl-C waits for; the turn takes no chunk of %ld keys after %.0f ms)",
                                 totals.longestBatch.inMilliseconds, TerminalApp.keysPerChunk, TerminalApp.turnBudget.inMilliseconds)
        }
    }
}

extension Duration {
    var inMilliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}

/// A terminal that shows nothing and has no input of its own: the keys are handed to the app.
final class SilentTerminal: TerminalDriver {
    let size = Size(width: 100, height: 30)
    let profile: ColorProfile = .monochrome
    var inputDescriptor: Int32 { -1 }
    func draw(_ grid: Grid) {}
    func nextKey() -> Key? { nil }
    func stop() {}
}
