import ArgumentParser

/// The `--json` flag every reporting command takes.
struct OutputOptions: ParsableArguments {
    /// Print the versioned JSON document instead of text.
    @Flag(
        name: .long, help: "Print a JSON document (its \"format\" key names the shape and its version) instead of text."
    )
    var json = false
}
