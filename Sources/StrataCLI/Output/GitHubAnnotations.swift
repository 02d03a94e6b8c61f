/// Annotations as GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which the job's
/// log turns into annotations on the lines of the pull request's files.
enum GitHubAnnotations {
    /// One command line per annotation, in order.
    static func lines(_ annotations: [ReportAnnotation]) -> [String] {
        annotations.map { annotation in
            var properties: [String] = []
            if let file = annotation.file {
                properties.append("file=" + property(file))
                if let line = annotation.line { properties.append("line=\(line)") }
                if let column = annotation.column { properties.append("col=\(column)") }
            }
            properties.append("title=" + property(annotation.title))
            return "::\(annotation.level.rawValue) \(properties.joined(separator: ","))::\(data(annotation.message))"
        }
    }

    /// A message escaped as the runner reads it back: `%`, carriage return and line feed encoded.
    static func data(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// A property value escaped as the runner reads it back: also `:` and `,`, which end a value.
    static func property(_ text: String) -> String {
        data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
