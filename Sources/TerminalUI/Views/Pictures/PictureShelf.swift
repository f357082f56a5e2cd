import Pictures

/// The pictures converted so far, as rendering sees them: a value, so `render` stays a pure
/// function. A view that finds its picture missing draws a placeholder and lists the picture in
/// `Grid.wantedPictures`; the app converts it off the main actor and puts it on the shelf.
public struct PictureShelf: Hashable, Sendable {
    public enum Lookup: Hashable, Sendable {
        case ready(CellPicture)
        /// Missing, broken or not a PNG: a quiet placeholder for good.
        case failed
        /// Not converted yet.
        case missing
    }

    private var ready: [PictureKey: CellPicture] = [:]
    private var failed: Set<String> = []
    private var order: [PictureKey] = []
    /// Pictures kept for rendering; older ones are converted again (from the loader's cache) if needed.
    public let capacity: Int
    /// Which selection's preview shows its picture: the app follows the selection's rests.
    public var rest: PreviewRest = .always

    public init(capacity: Int = 48) { self.capacity = capacity }

    public func lookup(_ key: PictureKey) -> Lookup {
        if let picture = ready[key] { return .ready(picture) }
        return failed.contains(key.url) ? .failed : .missing
    }

    public mutating func store(_ result: Result<CellPicture, PictureError>, for key: PictureKey) {
        switch result {
        case .success(let picture):
            ready[key] = picture
            order.removeAll { $0 == key }
            order.append(key)
            while order.count > capacity { ready[order.removeFirst()] = nil }
        case .failure:
            failed.insert(key.url)
        }
    }
}

extension ColorProfile {
    /// The colour depth pictures are converted at on this terminal.
    public var pictureDepth: PictureDepth {
        switch self {
        case .monochrome: return .monochrome
        case .ansi8: return .ansi8
        case .ansi16: return .ansi16
        case .ansi256: return .ansi256
        case .trueColor: return .truecolor
        }
    }
}
