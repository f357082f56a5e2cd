import CustomerAccount
import Foundation
import Testing

struct BrowserLauncherTests {
    /// A directory holding an executable `xdg-open`.
    func pathWithXdgOpen() throws -> String {
        let directory = temporaryStateDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tool = directory.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: tool)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        return directory.path
    }

    @Test func aBrowserOpensOnlyInAGraphicalSessionWithXdgOpen() throws {
        let path = try pathWithXdgOpen()
        #expect(BrowserLauncher.canOpen(environment: ["PATH": path, "DISPLAY": ":0"]))
        #expect(BrowserLauncher.canOpen(environment: ["PATH": path, "WAYLAND_DISPLAY": "wayland-0"]))
        // Over SSH: no display.
        #expect(!BrowserLauncher.canOpen(environment: ["PATH": path]))
        #expect(!BrowserLauncher.canOpen(environment: ["PATH": path, "DISPLAY": ""]))
        // A display but nothing to open it with.
        #expect(!BrowserLauncher.canOpen(environment: ["PATH": "/nonexistent", "DISPLAY": ":0"]))
        #expect(!BrowserLauncher.open(URL(string: "http://127.0.0.1/")!, environment: ["PATH": path]))
    }
}
