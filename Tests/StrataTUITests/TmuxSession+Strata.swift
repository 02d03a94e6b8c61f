import Foundation

extension TmuxSession {
    /// The real `strata` run with `arguments` in a UTF-8 xterm of `width` x `height`; when it ends, `exit=STATUS` is
    /// written to `exitFile`.
    convenience init(strata arguments: [String], exitFile: URL, width: Int, height: Int) throws {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        try self.init(
            command:
                "TERM=xterm-256color LANG=C.UTF-8 LC_ALL= '\(FirstUseEndToEndTests.binary)' \(quoted); echo \"exit=$?\" > '\(exitFile.path)'",
            width: width, height: height)
    }

    /// The text of `file` once it holds `marker` (waiting up to 20 seconds, as a program ends after a key), or what
    /// it holds then ("" when it was never written).
    static func text(of file: URL, once marker: String = "exit=") -> String {
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if text.contains(marker) { break }
            usleep(50_000)
        }
        return text
    }
}
