/// "About the shop": the shop's description and its policies, read as one page that scrolls.
public struct AboutState: Hashable, Sendable {
    /// The first line of the page on screen.
    public var offset: Int

    public init(offset: Int = 0) { self.offset = offset }
}
