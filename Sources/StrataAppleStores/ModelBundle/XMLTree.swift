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
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        guard parsed, builder.failure == nil, let root = builder.root else {
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

    /// Collects elements as the parser reports them.
    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLTree] = []
        var root: XMLTree?
        /// The first error, and the line the parser was on when it met it.
        var failure: (any Error)?
        var failureLine: Int?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
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
