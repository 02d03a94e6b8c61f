import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed XML file: its name, attributes, text, children and the line it starts on (for lint
/// findings that point into the `contents` file).
struct XMLTree {
    /// The element name.
    let name: String
    /// The attributes by name.
    let attributes: [String: String]
    /// The text directly inside the element, trimmed.
    var text: String
    /// The child elements, in document order.
    var children: [XMLTree]
    /// The line the element starts on (1-based).
    let line: Int

    /// The children named `name`.
    func children(named name: String) -> [XMLTree] { children.filter { $0.name == name } }

    /// The attribute as a boolean: "YES" (Xcode's spelling) or "true".
    func flag(_ attribute: String) -> Bool {
        guard let value = attributes[attribute] else { return false }
        return value == "YES" || value == "true"
    }

    /// Parses the file at `url`; throws `ModelBundleError.malformed` with the line of the first error.
    static func parse(_ url: URL) throws -> XMLTree {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ModelBundleError.malformed(
                path: url.path, line: nil, reason: "cannot be read (\(error.localizedDescription))")
        }
        if let refusal = refusal(of: data) {
            throw ModelBundleError.malformed(path: url.path, line: refusal.line, reason: refusal.reason)
        }
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        guard parsed, builder.failure == nil, let root = builder.root else {
            if builder.tooDeep {
                throw ModelBundleError.malformed(
                    path: url.path, line: builder.failureLine,
                    reason:
                        "nests elements more than \(maximumDepth) deep (Xcode's model files nest a few levels); Strata reads no deeper XML"
                )
            }
            let code = (builder.failure ?? parser.parserError).map { ($0 as NSError).code }
            let line = builder.failureLine ?? parser.lineNumber
            throw ModelBundleError.malformed(
                path: url.path, line: line > 0 ? line : nil,
                reason:
                    "is not well-formed XML (XMLParser error \(code.map(String.init) ?? "?"): the element on this line is not closed, quoted or nested as XML requires); fix it or save the model again in Xcode"
            )
        }
        return root
    }

    /// The largest file read (bytes): Xcode's model files are kilobytes; a bigger one is refused unread.
    static let maximumSize = 32 << 20
    /// The deepest element nesting read: Xcode's model files nest four or five levels.
    static let maximumDepth = 256

    /// Why `data` is refused before any XML parser sees it, and the line, or nil when it may be parsed.
    ///
    /// Model and mapping files never declare entities, so a document type with an internal subset (`[`), any
    /// `<!ENTITY` and any entity reference other than the five XML predefines and character references are refused:
    /// nothing is expanded (no "billion laughs") and no external entity is read or fetched. The external DTD a
    /// mapping model names (`<!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">`) is allowed and
    /// never loaded. Only UTF-8 (or ASCII) is read, so no other encoding can hide a declaration from this check.
    static func refusal(of data: Data) -> (line: Int?, reason: String)? {
        if data.count > maximumSize {
            return (
                nil,
                "is \(data.count) bytes, more than the \(maximumSize >> 20) MiB a model file may be; Strata reads no larger XML file"
            )
        }
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0) {
            return (1, "is not UTF-8 (Xcode writes model files in UTF-8); Strata reads no other encoding")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let line = invalidUTF8Line(bytes)
            return (line, "holds bytes that are not UTF-8 (Xcode writes model files in UTF-8); fix or restore the file")
        }
        func line(at index: String.Index) -> Int { text[..<index].reduce(1) { $1 == "\n" ? $0 + 1 : $0 } }
        if let declaration = text.range(of: "<?xml"), let end = text[declaration.upperBound...].range(of: "?>"),
            let encoding = text[declaration.upperBound..<end.lowerBound].range(of: "encoding")
        {
            let rest = text[encoding.upperBound..<end.lowerBound].drop {
                $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'"
            }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }.lowercased()
            if name != "utf-8" && name != "utf8" && name != "us-ascii" && name != "ascii" {
                return (
                    line(at: encoding.lowerBound),
                    "declares the encoding \(name.isEmpty ? "(none)" : name); Strata reads model files only in UTF-8, as Xcode writes them"
                )
            }
        }
        if let entity = text.range(of: "<!ENTITY") {
            return (
                line(at: entity.lowerBound),
                "declares an XML entity (<!ENTITY), which model files never do; Strata refuses it so that no entity is expanded and no external file or URL is read"
            )
        }
        if let doctype = text.range(of: "<!DOCTYPE") {
            let tail = text[doctype.upperBound...]
            let close = tail.firstIndex(of: ">") ?? tail.endIndex
            if tail[..<close].contains("[") {
                return (
                    line(at: doctype.lowerBound),
                    "has a document type with an internal subset (<!DOCTYPE … [ … ]>), which model files never have; Strata refuses it so that no entity is expanded and no external file or URL is read"
                )
            }
        }
        var index = text.startIndex
        while let ampersand = text[index...].firstIndex(of: "&") {
            let after = text.index(after: ampersand)
            let name = text[after...].prefix { $0 != ";" && !$0.isWhitespace && $0 != "<" && $0 != "&" }
            let known = ["lt", "gt", "amp", "apos", "quot"].contains(name) || name.hasPrefix("#")
            if !known {
                return (
                    line(at: ampersand),
                    "refers to the XML entity &\(name.prefix(40)); (only &lt; &gt; &amp; &apos; &quot; and character references are read); Strata expands no other entity"
                )
            }
            index = after
        }
        return nil
    }

    /// The line of the first byte that is not UTF-8.
    private static func invalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var low = 0
        var high = bytes.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if String(validating: bytes[..<middle], as: UTF8.self) != nil { low = middle } else { high = middle }
        }
        // `low` bytes decode (a split character at the end counts as failing, so step back to a line start).
        return bytes[..<low].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    /// Collects elements as the parser reports them.
    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLTree] = []
        var root: XMLTree?
        /// The first error, and the line the parser was on when it met it.
        var failure: (any Error)?
        var failureLine: Int?
        /// The document nests deeper than `maximumDepth`.
        var tooDeep = false

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard stack.count < XMLTree.maximumDepth else {
                if failure == nil {
                    failure = ModelBundleError.malformed(
                        path: "", line: parser.lineNumber,
                        reason: "nests elements more than \(XMLTree.maximumDepth) deep")
                    failureLine = parser.lineNumber
                    tooDeep = true
                }
                parser.abortParsing()
                return
            }
            stack.append(
                XMLTree(name: elementName, attributes: attributes, text: "", children: [], line: parser.lineNumber))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            guard var element = stack.popLast() else { return }
            element.text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            guard failure == nil else { return }
            failure = parseError
            failureLine = parser.lineNumber
        }
    }
}
