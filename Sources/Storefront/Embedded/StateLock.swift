import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import StorefrontModels
#endif

/// An exclusive advisory lock (`flock`) on `.lock` in a state directory, held while a process
/// reads, changes and writes its files, so two processes on one directory take turns instead of
/// writing over each other. The kernel drops it when the process ends, even by SIGKILL.
struct StateLock: ~Copyable {
    private let fd: Int32

    init(directory: URL) throws {
        let path = directory.appendingPathComponent(".lock").path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StorefrontError.storage("Could not open \(path): \(String(cString: strerror(errno)))")
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw StorefrontError.storage("Could not lock \(path): \(reason)")
            }
        }
        self.fd = fd
    }

    deinit {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
