import Foundation
import ProgramRuns
import Testing
@testable import Storefront

/// The `storefront` executable that `swift build --build-tests` puts in .build/debug.
enum BuiltExecutable {
    static let url: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent(".build/debug/storefront")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }()
}

/// Runs the built executable and checks what a user or a script sees: stdout, stderr, exit status.
@Suite(.enabled(if: BuiltExecutable.url != nil, "build the storefront executable first"))
struct CommandLineTests {
    /// The test's own cache (catalog indexes, saved answers), shared by its commands.
    let cache = TemporaryDirectory()

    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProgramRun {
        // No settings file of the machine running the tests (there is none under a new directory).
        let variables = ProcessInfo.processInfo.environment.merging(
            ["XDG_CONFIG_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("storefront-tests-\(UUID().uuidString)").path,
             "XDG_CACHE_HOME": cache.url.path].merging(environment) { $1 }) { $1 }
        return try await ProgramRun.run(try #require(BuiltExecutable.url).path, arguments, environment: variables)
    }

    func writeCatalog(_ text: String, in directory: TemporaryDirectory) throws -> String {
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let file = directory.url.appendingPathComponent("catalog.json")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test func theCheckoutDemoRepeatsItselfForASeed() async throws {
        let first = try await run(["checkout-demo", "--scenario", "complete", "--seed", "1"])
        let again = try await run(["checkout-demo", "--scenario", "complete", "--seed", "1"])
        #expect(first.status == 0 && !first.stdout.isEmpty, "\(first.stderr)")
        #expect(again.stdout == first.stdout, "same seed, same lines")
        #expect(first.stdout.contains("gid://shopify/CartLine/1?cart="))
        let other = try await run(["checkout-demo", "--scenario", "complete", "--seed", "2"])
        let cart = { (text: String) in text.components(separatedBy: "?cart=").dropFirst().first?.prefix(26) }
        #expect(other.status == 0 && cart(other.stdout) != nil && cart(other.stdout) != cart(first.stdout), "another seed, another cart")
    }

    @Test func aBadCatalogIsOneLineAndStatusTwo() async throws {
        let directory = TemporaryDirectory()
        let broken = try writeCatalog("{\n  \"shop\": [\n", in: directory)
        for arguments in [["--catalog", broken, "search", "tea"], ["search", "tea", "--catalog", broken], ["collections", "--catalog", broken]] {
            let result = try await run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "storefront: \(broken): expected an object but found an array at shop\n")
        }
        let missing = try await run(["product", "x", "--catalog", "/nonexistent/catalog.json"])
        #expect(missing.status == 2 && missing.stderr == "storefront: /nonexistent/catalog.json: no such file\n")
        let syntax = try await run(["search", "tea", "--catalog", try writeCatalog("{\"shop\": {\"name\": \"x\",,", in: directory)])
        #expect(syntax.status == 2 && syntax.stderr.contains("is not valid JSON") && syntax.stderr.contains("line 1, column 23"))
    }

    @Test func aBadQueryPointsAtThePosition() async throws {
        let result = try await run(["search", "tag:gift", "price:=5"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("storefront: invalid search query at position 15: ':=' is not a comparison"))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3 && lines[1] == "  tag:gift price:=5" && lines[2] == "                ^")
    }

    @Test func searchJSONHasTheSummaryFields() async throws {
        let directory = TemporaryDirectory()
        let path = try writeCatalog(Fixtures.catalogJSON, in: directory)
        let result = try await run(["--catalog", path, "search", "-tag:*", "--json"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        let towel = try #require(array.first)
        #expect(towel["handle"] as? String == "tea-towel" && towel["title"] as? String == "Linen Tea Towel")
        #expect(towel["minPrice"] as? String == "19.00" && towel["maxPrice"] as? String == "19.00")
        #expect(towel["currencyCode"] as? String == "EUR" && towel["availableForSale"] as? Bool == true)
        #expect(towel["vendor"] as? String == "Linnea Home" && towel["productType"] as? String == "Kitchenware")
        #expect((towel["tags"] as? [String]) == [])
    }

    @Test func productAndCollections() async throws {
        let directory = TemporaryDirectory()
        let path = try writeCatalog(Fixtures.catalogJSON, in: directory)
        let product = try await run(["product", "gooseneck-kettle", "--json", "--catalog", path])
        #expect(product.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(product.stdout.utf8)) as? [String: Any])
        #expect((json["variants"] as? [[String: Any]])?.count == 2 && (json["options"] as? [[String: Any]])?.count == 1)
        let human = try await run(["product", "gooseneck-kettle", "--catalog", path])
        #expect(human.stdout.hasPrefix("Gooseneck Kettle\n") && human.stdout.contains("sold out"))
        let unknown = try await run(["product", "nope", "--catalog", path])
        #expect(unknown.status == 1 && unknown.stderr == "storefront: no product with the handle \"nope\"\n")
        let collections = try await run(["collections", "--catalog", path])
        #expect(collections.status == 0 && collections.stdout.split(separator: "\n").count == 5)
        let collectionsJSON = try await run(["collections", "--json", "--catalog", path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(collectionsJSON.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["handle"] as? String } == ["coffee", "tea", "kitchen", "gifts"])
    }

    /// The catalog's commands say the same whether they read the catalog file, write its index
    /// as they do, or answer from the index the command before wrote.
    @Test(.enabled(if: CatalogIndexFiles.isEnabled(), "the catalog index is off"))
    func catalogCommandsAnswerTheSameFromTheIndex() async throws {
        let directory = TemporaryDirectory()
        let path = try writeCatalog(Fixtures.catalogJSON, in: directory)
        let commands = [["search", "tea", "--json"], ["search", "-tag:sale", "--limit", "3"], ["search", "--limit", "0"], ["search", "--limit", "0", "--json"], ["search", "price:<12 OR vendor:kestrel"],
                        ["product", "gooseneck-kettle", "--json"], ["product", "sencha"], ["product", "nope"],
                        ["collections", "--json"], ["collections"], ["search", "tea", "--country", "JP", "--json"],
                        ["collections", "--country", "JP", "--json"], ["product", "sencha", "--country", "JP", "--json"]]
        let index = cache.url.appendingPathComponent("storefront/catalog-index")
        for command in commands {
            let fromFile = try await run(command + ["--catalog", path], environment: ["STOREFRONT_CATALOG_INDEX": "off"])
            #expect(!FileManager.default.fileExists(atPath: index.path), "off writes no index")
            let building = try await run(command + ["--catalog", path])
            let fromIndex = try await run(command + ["--catalog", path])
            for other in [building, fromIndex] {
                #expect(other.stdout == fromFile.stdout && other.stderr == fromFile.stderr && other.status == fromFile.status, "\(command)")
            }
            try? FileManager.default.removeItem(at: index)
        }
    }

    /// Two commands started together on a catalog without an index both answer, and leave one
    /// whole index that the next command reads.
    @Test(.enabled(if: CatalogIndexFiles.isEnabled(), "the catalog index is off"))
    func twoCommandsAtOnceLeaveOneIndex() async throws {
        let directory = TemporaryDirectory()
        let path = try writeCatalog(Fixtures.catalogJSON, in: directory)
        let expected = try await run(["search", "tea", "--json", "--catalog", path], environment: ["STOREFRONT_CATALOG_INDEX": "off"])
        async let first = run(["search", "tea", "--json", "--catalog", path])
        async let second = run(["search", "tea", "--json", "--catalog", path])
        let results = try await [first, second]
        #expect(results.map(\.stdout) == [expected.stdout, expected.stdout])
        let index = cache.url.appendingPathComponent("storefront/catalog-index")
        let files = try FileManager.default.contentsOfDirectory(atPath: index.path)
        #expect(files.count == 1 && files[0].hasSuffix(".sqlite"), "\(files)")
        #expect(CatalogIndexFiles.open(catalogPath: path, cache: cache.url.appendingPathComponent("storefront")) != nil)
        let again = try await run(["search", "tea", "--json", "--catalog", path])
        #expect(again.stdout == expected.stdout)
    }

    @Test func columnsAreAlignedByDisplayWidth() async throws {
        let directory = TemporaryDirectory()
        let path = try writeCatalog(Fixtures.catalogJSON, in: directory)
        let result = try await run(["search", "tag:japanese OR tag:blend", "--catalog", path])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // The vendor column starts at the same display column on every line, CJK titles included.
        let vendorColumns = lines.dropFirst().map { line -> Int in
            let vendor = ["Yamane Tea Garden", "Kestrel Roastery"].first { line.contains($0) }!
            let prefix = String(line[..<line.range(of: vendor)!.lowerBound])
            return prefix.unicodeScalars.reduce(0) { $0 + (($1.value >= 0x3000 && $1.value <= 0x9FFF) ? 2 : 1) }
        }
        #expect(Set(vendorColumns).count == 1, "\(lines)")
    }

    /// Usage mistakes are status 64, as --help says; a limit out of range says what is allowed.
    @Test func usageMistakesAreStatus64() async throws {
        let unknown = try await run(["serch", "tea"])
        #expect(unknown.status == 64)
        let option = try await run(["collections", "--bogus"])
        #expect(option.status == 64)
        let limit = try await run(["search", "tea", "--limit", "-1"])
        #expect(limit.status == 64)
        #expect(limit.stderr.contains("--limit must be 1–250, or 0 for every match (was -1)"), "\(limit.stderr)")
        #expect(!limit.stderr.contains("Missing value"))
        // A required choice left out or misspelt is the command line's mistake too.
        let noScenario = try await run(["checkout-demo"])
        #expect(noScenario.status == 64)
        #expect(noScenario.stderr.contains("choose a scenario with --scenario NAME (see --list)"), "\(noScenario.stderr)")
        let unknownScenario = try await run(["checkout-demo", "--scenario", "nope"])
        #expect(unknownScenario.status == 64)
        #expect(unknownScenario.stderr.contains("unknown scenario \"nope\""), "\(unknownScenario.stderr)")
        let help = try await run(["--help"])
        // The help is wrapped to the terminal's width: the words, wherever the lines break.
        #expect(help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("64 when the command line itself is wrong"))
    }

    @Test func anEmptyResultIsAnEmptyJSONArray() async throws {
        let result = try await run(["search", "zebra-that-is-not-there", "--json"])
        #expect(result.status == 0 && result.stdout == "[]\n")
    }

    /// A product without options: no "Default Title" row in the text; the JSON keeps the API's name.
    @Test func aProductWithoutOptionsHasNoDefaultTitleRow() async throws {
        let text = try await run(["product", "cold-brew-concentrate"])
        #expect(text.status == 0 && !text.stdout.contains("Default Title") && text.stdout.contains("PRICE"))
        let json = try await run(["product", "cold-brew-concentrate", "--json"])
        #expect(json.stdout.contains("\"Default Title\""))
    }

    /// Words as a POSIX shell splits them: whitespace separates, single quotes keep everything.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, started = false
        for character in line {
            if character == "'" { quoted.toggle(); started = true; continue }
            if character == " " && !quoted {
                if started { words.append(word) }
                word = ""; started = false
                continue
            }
            word.append(character); started = true
        }
        if started { words.append(word) }
        return words
    }

    /// Every `storefront search ...` example in `search --help` and in the README, run as a shell
    /// would run it, finds products in the shop's own catalog.
    @Test func everySearchExampleFindsProducts() async throws {
        let help = try await run(["search", "--help"])
        #expect(help.status == 0)
        let root = try #require(BuiltExecutable.url).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var examples: [String] = []
        for text in [help.stdout, readme] {
            for line in text.split(separator: "\n") {
                // Several examples can share a README line, each in backquotes.
                let pieces = line.contains("`") ? line.split(separator: "`").map(String.init) : [String(line)]
                for piece in pieces {
                    let trimmed = piece.trimmingCharacters(in: .whitespaces)
                    guard trimmed.hasPrefix("storefront search "), !trimmed.contains("QUERY"), !trimmed.contains("foo:") else { continue }
                    examples.append(trimmed)
                }
            }
        }
        #expect(examples.count >= 8, "\(examples)")
        for example in examples {
            let words = Self.shellWords(example)
            let result = try await run(Array(words.dropFirst()))
            #expect(result.status == 0 && !result.stdout.hasPrefix("No products match") && !result.stdout.isEmpty,
                    "\(example) → \(result.status) \(result.stdout) \(result.stderr)")
        }
    }
}
