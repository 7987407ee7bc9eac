import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real mpv without display or sound (`--vo=null --ao=null`), playing a generated test picture,
/// with its JSON IPC socket: tests pause, seek and change its speed through it, as a user would. The
/// picture is a short file mpv encodes first: its lavfi generator itself cannot seek backwards.
public final class HeadlessMPV {
    public let socketPath: String
    private let process = Process()
    private var fd: Int32 = -1

    /// Starts mpv paused at 0 on a `seconds` long test film (made in `directory`); `socket` is where it listens.
    public init(mpv: String, socket: String, directory: String, seconds: Int = 120, paused: Bool = true) throws {
        socketPath = socket
        let film = "\(directory)/test-\(seconds).mkv"
        if !FileManager.default.fileExists(atPath: film) {
            let encoder = Process()
            encoder.executableURL = URL(fileURLWithPath: mpv)
            encoder.arguments = ["--no-config", "--really-quiet", "--no-terminal", "--o=\(film)", "--ovc=mpeg4",
                                 "av://lavfi:testsrc=duration=\(seconds):size=64x64:rate=25"]
            encoder.standardInput = FileHandle.nullDevice
            encoder.standardOutput = FileHandle.nullDevice
            encoder.standardError = FileHandle.nullDevice
            try encoder.run()
            encoder.waitUntilExit()
        }
        process.executableURL = URL(fileURLWithPath: mpv)
        process.arguments = ["--no-config", "--vo=null", "--ao=null", "--idle=no", "--really-quiet", "--no-terminal"]
            + (paused ? ["--pause"] : []) + ["--input-ipc-server=\(socket)", film]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Connects to its socket (waiting for mpv to create it).
    public func connect(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(socketPath.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes); $0[bytes.count] = 0 }
            let ok = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            } == 0
            if ok { fd = s; return true }
            close(s)
            usleep(50_000)
        }
        return false
    }

    /// Sends one command (`["seek", 41, "absolute"]` as JSON text); its reply is not waited for.
    public func command(_ json: String) {
        let line = Array("{\"command\":\(json)}\n".utf8)
        _ = line.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        // Replies and events are drained so that mpv never blocks on a full socket.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
    }

    /// Asks for a property and waits for its value (the raw JSON of `data`).
    public func property(_ name: String, timeout: Double = 3) -> String? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
        let line = Array("{\"command\":[\"get_property\",\"\(name)\"],\"request_id\":77}\n".utf8)
        _ = line.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while Date() < deadline {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if n > 0 { text += String(decoding: buffer[..<n], as: UTF8.self) } else { usleep(5_000) }
            for reply in text.split(separator: "\n") where reply.contains("\"request_id\":77") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any],
                      let data = object["data"] else { return nil }
                return "\(data)"
            }
        }
        return nil
    }

    public var isRunning: Bool { process.isRunning }

    public func quit() {
        command(#"["quit"]"#)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
    }

    deinit {
        if fd >= 0 { close(fd) }
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        unlink(socketPath)
    }
}
