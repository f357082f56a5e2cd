import Determinism
import Foundation

/// What a picture is wanted as: which image, in how many cells, at which colour depth.
public struct PictureKey: Hashable, Sendable, Codable, CustomStringConvertible {
    public var url: String
    public var columns: Int
    public var rows: Int
    public var depth: PictureDepth

    public init(url: String, columns: Int, rows: Int, depth: PictureDepth) {
        self.url = url; self.columns = columns; self.rows = rows; self.depth = depth
    }

    public var description: String { "\(url) \(columns)x\(rows) \(depth.rawValue)" }
}

/// Fetches, decodes and converts pictures off the main actor, and keeps the results: converted
/// pictures in memory and on disk (by key), decoded images in memory (by URL, so another size does
/// not fetch again). A failure is remembered too, so a broken picture is not asked for on every frame.
public actor PictureLoader {
    public typealias Fetch = @Sendable (String) async throws -> Data

    private let fetch: Fetch
    private let directory: URL?
    private let memoryLimit: Int
    private var pictures: [PictureKey: CellPicture] = [:]
    private var order: [PictureKey] = []
    private var images: [String: RGBAImage] = [:]
    private var failures: [String: PictureError] = [:]
    private var inFlight: [PictureKey: Task<Result<CellPicture, PictureError>, Never>] = [:]
    /// Conversions run, for tests and the benchmark (a cached picture is not converted again).
    public private(set) var conversions = 0

    /// - Parameters:
    ///   - fetch: the bytes of an image URL (the storefront's picture source).
    ///   - cacheDirectory: where converted pictures are kept between runs; nil keeps them in memory only.
    public init(fetch: @escaping Fetch, cacheDirectory: URL?, memoryLimit: Int = 64) {
        self.fetch = fetch; self.directory = cacheDirectory; self.memoryLimit = memoryLimit
    }

    /// `$XDG_CACHE_HOME/storefront/pictures` (`~/.cache/storefront/pictures`).
    public static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let base: URL
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = URL(fileURLWithPath: cache, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        } else {
            return nil
        }
        return base.appendingPathComponent("storefront/pictures", isDirectory: true)
    }

    public func picture(_ key: PictureKey) async -> Result<CellPicture, PictureError> {
        if let picture = pictures[key] { return .success(picture) }
        if let failure = failures[key.url] { return .failure(failure) }
        if let running = inFlight[key] { return await running.value }
        let task = Task { await self.load(key) }
        inFlight[key] = task
        let result = await task.value
        inFlight[key] = nil
        switch result {
        case .success(let picture): remember(picture, for: key)
        case .failure(let error): failures[key.url] = error
        }
        return result
    }

    private func load(_ key: PictureKey) async -> Result<CellPicture, PictureError> {
        if let stored = readFromDisk(key) { return .success(stored) }
        let image: RGBAImage
        if let decoded = images[key.url] {
            image = decoded
        } else {
            do {
                let data = try await fetch(key.url)
                // Big pictures are scaled down before they are kept: a cell holds at most a few pixels.
                image = try RGBAImage(png: data).scaledDown(maxWidth: 512, maxHeight: 512)
            } catch let error as PictureError {
                return .failure(error)
            } catch {
                return .failure(.unavailable(String(describing: error)))
            }
            images[key.url] = image
        }
        conversions += 1
        let picture = PictureConverter.convert(image, columns: key.columns, rows: key.rows, depth: key.depth)
        writeToDisk(picture, for: key)
        return .success(picture)
    }

    private func remember(_ picture: CellPicture, for key: PictureKey) {
        pictures[key] = picture
        order.removeAll { $0 == key }
        order.append(key)
        while order.count > memoryLimit { pictures[order.removeFirst()] = nil }
    }

    // MARK: Disk

    private struct Stored: Codable {
        var key: PictureKey
        var picture: CellPicture
    }

    private func file(for key: PictureKey) -> URL? {
        directory?.appendingPathComponent(Self.digest(key.description) + ".json")
    }

    private func readFromDisk(_ key: PictureKey) -> CellPicture? {
        guard let url = file(for: key), let data = try? Data(contentsOf: url),
              let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.key == key,
              stored.picture.columns == key.columns, stored.picture.rows == key.rows else { return nil }
        return stored.picture
    }

    private func writeToDisk(_ picture: CellPicture, for key: PictureKey) {
        guard let directory, let url = file(for: key),
              let data = try? JSONEncoder().encode(Stored(key: key, picture: picture)) else { return }
        // A cache: a full or read-only disk only costs the next run a conversion.
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
    }

    /// FNV-1a, 64 bits, as hex: a file name for a key (the key itself is stored and checked).
    static func digest(_ text: String) -> String { String(StableHash.fnv1a(text), radix: 16) }
}
