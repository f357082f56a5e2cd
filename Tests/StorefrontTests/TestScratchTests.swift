import Foundation
import TestScratch
import Testing

/// The test process keeps its temporary files under a directory of its own, removed at exit.
struct TestScratchTests {
    @Test func temporaryFilesGoUnderTheProcessesOwnDirectory() throws {
        let scratch = String(cString: storefront_test_scratch())
        #expect(scratch.contains("/storefront-tests."), "\(scratch)")
        #expect(ProcessInfo.processInfo.environment["TMPDIR"] == scratch)
        #expect(FileManager.default.temporaryDirectory.standardizedFileURL.path.hasPrefix(scratch))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: scratch, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func theTreeIsRemovedWithoutFollowingLinks() throws {
        let fileManager = FileManager.default
        let outside = fileManager.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        let tree = fileManager.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)")
        try fileManager.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("file"))
        try fileManager.createDirectory(at: tree.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: tree.appendingPathComponent("a/b/c.json"))
        try Data().write(to: tree.appendingPathComponent(".lock"))
        try fileManager.createSymbolicLink(at: tree.appendingPathComponent("a/link"), withDestinationURL: outside)

        #expect(storefront_test_remove_tree(tree.path) == 0)
        #expect(!fileManager.fileExists(atPath: tree.path))
        #expect(fileManager.fileExists(atPath: outside.appendingPathComponent("file").path), "a link's target is not removed")
        try fileManager.removeItem(at: outside)
    }
}
