import ArgumentParser
import Foundation
import StorefrontCommandLine

/// `storefront serve`: parsed here, so its help, the manual and the completions are the
/// storefront's own; run by the server program (`ServerProgram`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = ServeOptions.configuration

    @OptionGroup var options: ServeOptions

    func run() async throws { try ServerProgram.run() }
}

/// `storefront mcp`: parsed here, run by the server program (`ServerProgram`).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = MCPOptions.configuration

    @OptionGroup var options: MCPOptions

    func run() async throws { try ServerProgram.run() }
}

/// `serve` and `mcp` run in `storefront-server`, so that this program links none of the server's
/// libraries (GraphQL, Hummingbird, SSH, MCP and the curl-based networking it brings), which made
/// every start of the terminal app slower. This process becomes that program (execv) with the
/// same arguments: the same process id, standard input and output, signals and exit status.
enum ServerProgram {
    /// Exit status when the server program is not found (as a shell says of a missing command).
    static let notFoundStatus: Int32 = 127
    /// Exit status when it is found but cannot be run.
    static let notRunnableStatus: Int32 = 126

    static func run() throws {
        guard let path = SiblingProgram.find(SiblingProgram.server) else {
            let beside = SiblingProgram.runningProgram().map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "this program"
            FileHandle.standardError.write(Data("storefront: serve and mcp need the \(SiblingProgram.server) program, found neither in \(beside) nor on PATH\n".utf8))
            throw ExitCode(notFoundStatus)
        }
        let reason = SiblingProgram.replaceProcess(with: path, arguments: Array(CommandLine.arguments.dropFirst()))
        FileHandle.standardError.write(Data("storefront: cannot run \(path): \(reason)\n".utf8))
        throw ExitCode(notRunnableStatus)
    }
}
