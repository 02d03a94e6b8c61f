import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// "Run this built program with these arguments": the compiled level's answer when an app's `strata` was built.
/// Option resolution throws it up to the command line's entry (`StrataCommandLine.run`), the one place that replaces
/// this process with it; nothing on the way runs the command further.
struct CompiledHandOff: Error, Equatable {
    /// The app's `strata`, built in the compiled level's cache.
    let binary: URL
    /// Its command line: this one without the options that chose and read the sources, with `--plan NAME`.
    let arguments: [String]

    /// Replaces this process with `binary` run with `arguments`; returns why when it cannot (then nothing was run).
    func exec() -> String {
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(binary.path, argv)
        return String(cString: strerror(errno))
    }
}
