import Foundation
import XCTest

/// `storefront serve` and `storefront mcp` run in the `storefront-server` program: `storefront`
/// parses them and becomes that program (same process id), so the terminal app links nothing of
/// the server; without it beside `storefront` or on PATH, one line says so and the status is 127.
final class ServerProgramEndToEndTests: XCTestCase {
    func testServeBecomesTheServerProgramUnderTheSameProcessID() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-server-e2e-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let serve = try StorefrontProcess(["serve", "--port", "0", "--state-dir", state.path], stateDirectory: state)
        let address = serve.waitForLine { $0.hasPrefix("Storefront API for ") ? $0 : nil }
        XCTAssertNotNil(address, "serve did not start: \(serve.text)")
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(serve.processIdentifier)/exe")
        XCTAssertEqual(URL(fileURLWithPath: program).lastPathComponent, "storefront-server")
        serve.stop()
    }

    /// The interactive storefront's options written before `serve` were taken by the one program
    /// and did nothing to serve; they still do nothing, rather than fail in the server program.
    func testTheStorefrontsOwnOptionsBeforeServeStillDoNothing() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-server-e2e-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let serve = try StorefrontProcess(["--plain", "--open", "cart", "--cart-on-account", "--checkout-protocol", "2025-10",
                                           "--country", "JP", "serve", "--port", "0", "--state-dir", state.path], stateDirectory: state)
        XCTAssertNotNil(serve.waitForLine { $0.hasPrefix("Storefront API for ") ? $0 : nil }, "serve did not start: \(serve.text)")
        serve.stop()
    }

    func testWithoutTheServerProgramServeAndMCPSaySoAndFail() throws {
        let storefront = try XCTUnwrap(TmuxSession.builtStorefront, "build the storefront executable first")
        let alone = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-alone-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: alone) }
        let copy = alone.appendingPathComponent("storefront")
        try FileManager.default.copyItem(atPath: storefront, toPath: copy.path)

        for arguments in [["serve", "--port", "0"], ["mcp"]] {
            let result = try run(copy, arguments, state: alone)
            XCTAssertEqual(result.status, 127, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, "storefront: serve and mcp need the storefront-server program, found neither in \(alone.path) nor on PATH\n")
            XCTAssertEqual(result.stdout, "")
        }
        // Their help is the storefront's own and needs no server.
        let help = try run(copy, ["serve", "--help"], state: alone)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--ssh-port"), help.stdout)
    }

    func testTheStorefrontProgramLinksNothingOfTheServer() throws {
        let storefront = try XCTUnwrap(TmuxSession.builtStorefront, "build the storefront executable first")
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [storefront]
        let pipe = Pipe()
        ldd.standardOutput = pipe
        try ldd.run()
        let libraries = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        XCTAssertFalse(libraries.isEmpty)
        for library in ["libcurl", "FoundationNetworking", "libgnutls", "libgssapi"] {
            XCTAssertFalse(libraries.contains(library), "storefront links \(library):\n\(libraries)")
        }
        // The server's modules leave their mangled names in any binary that has their code.
        let binary = try Data(contentsOf: URL(fileURLWithPath: storefront), options: .alwaysMapped)
        for module in ["11Hummingbird", "8Graphiti", "6NIOSSH", "14StorefrontSSH", "16StorefrontServer", "16StorefrontAgents"] {
            XCTAssertNil(binary.range(of: Data("$s\(module)".utf8)), "storefront has code of \(module.drop { $0.isNumber })")
        }
    }

    private func run(_ program: URL, _ arguments: [String], state: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ["PATH": state.appendingPathComponent("nothing-here").path, "HOME": state.path,
                               "XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": state.path, "XDG_CACHE_HOME": state.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
