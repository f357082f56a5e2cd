import Foundation

do {
    let arguments = CommandLine.arguments.dropFirst()
    let catalog = arguments.firstIndex(of: "--catalog").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
    try await InteractiveSession.run(catalogPath: catalog)
} catch {
    FileHandle.standardError.write(Data("storefront: \(error)\n".utf8))
    exit(1)
}
