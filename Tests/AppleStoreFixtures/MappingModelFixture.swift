import Foundation

/// `.xcmappingmodel` bundles written by the tests in the layout of Xcode's `xcmapping.xml` (Tests/CoreDataModels/README.md:
/// an `XDDEVMAPPINGMODEL` naming the two versions, `XDDEVENTITYMAPPING` objects, and per entity mapping its
/// `XDDEVATTRIBUTEMAPPING` / `XDDEVRELATIONSHIPMAPPING` objects by `idrefs`). A property mapping's expression is
/// `valueexpressiondata`: the base64 of an NSKeyedArchiver archive of the `NSExpression`, written here as an XML
/// property list with the classes and keys Foundation archives (`NSKeyPathExpression` with `NSOperand`,
/// `NSSelectorName` and `NSArguments`, `NSVariableExpression`'s `NSVariable`, `NSKeyPathSpecifierExpression`'s
/// `NSKeyPath`, `NSConstantValueExpression`'s `NSConstantValue`).
public enum MappingModelFixture {
    /// What fills a property.
    public enum Value: Sendable {
        /// Xcode's generated expression (`autogenerateexpression`): the source property of the same name.
        case generated
        /// `$source.name`.
        case source(String)
        /// A constant string.
        case text(String)
        /// `FUNCTION($entityPolicy, "selector", $source.name)`: a function only Core Data evaluates.
        case function(String, source: String)
        /// `$source.a.b`: a key path through to-one relationships (`valueForKeyPath:` with the dotted path).
        case keyPath(String)
        /// `FUNCTION($source.name, "selector")`: a Foundation method on the source's value.
        case selector(String, source: String)
        /// `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "mapping",
        /// $source.name)`: the destination objects an entity mapping made from the related source objects.
        case manager(mapping: String, source: String)
        /// `FUNCTION($source, "valueForKeyPath:", "a.b")`: a key path written as a function.
        case valueForKeyPath(String)
        /// `FUNCTION($entityPolicy, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", "name",
        /// $source.name)`: the same, through the entity mapping of the relationship's destination.
        case entityPolicy(relationship: String)
        /// Xcode's generated relationship mapping through an entity mapping: `sourcemappingname` and `sourcekeypath`
        /// (`$source` for the source object itself), no archived expression.
        case through(mapping: String, keyPath: String)
        /// `FUNCTION($manager, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", "name",
        /// FUNCTION($source, "valueForKey:", "name"))`: as Core Data's inferred mapping writes a relationship.
        case sourceRelationship(String)
    }

    /// One entity mapping: name, source and destination entity, type, policy class, attributes and relationships.
    public struct EntityMapping: Sendable {
        let name: String
        let source: String?
        let destination: String?
        let type: String
        let policy: String?
        let attributes: [(String, Value)]
        let relationships: [String]
        let relationshipValues: [(String, Value)]
        let filter: String?

        /// An entity mapping; `relationships` are Xcode's generated relationship mappings, `relationshipValues`
        /// relationship mappings with the expression given, `filter` its source filter predicate.
        public init(
            _ name: String, source: String?, destination: String?, type: String, policy: String? = nil,
            attributes: [(String, Value)] = [], relationships: [String] = [],
            relationshipValues: [(String, Value)] = [], filter: String? = nil
        ) {
            self.filter = filter
            self.relationshipValues = relationshipValues
            self.name = name
            self.source = source
            self.destination = destination
            self.type = type
            self.policy = policy
            self.attributes = attributes
            self.relationships = relationships
        }
    }

    /// Writes `NAME.xcmappingmodel/xcmapping.xml` into `folder`, mapping version `source` of model `model` to
    /// `destination`.
    public static func write(
        _ name: String, model: String, source: String, destination: String, mappings: [EntityMapping], in folder: URL
    ) throws -> URL {
        var objects: [String] = []
        var next = 200
        func id() -> String {
            next += 1
            return "z\(next)"
        }
        var entityIDs: [String] = []
        for (number, mapping) in mappings.enumerated() {
            var attributeIDs: [String] = []
            for (property, value) in mapping.attributes {
                let identifier = id()
                attributeIDs.append(identifier)
                objects.append(propertyObject(identifier, "XDDEVATTRIBUTEMAPPING", property, value))
            }
            var relationshipIDs: [String] = []
            for property in mapping.relationships {
                let identifier = id()
                relationshipIDs.append(identifier)
                objects.append(propertyObject(identifier, "XDDEVRELATIONSHIPMAPPING", property, .generated))
            }
            for (property, value) in mapping.relationshipValues {
                let identifier = id()
                relationshipIDs.append(identifier)
                objects.append(propertyObject(identifier, "XDDEVRELATIONSHIPMAPPING", property, value))
            }
            let identifier = id()
            entityIDs.append(identifier)
            var lines = [
                "    <object type=\"XDDEVENTITYMAPPING\" id=\"\(identifier)\">",
                "        <attribute name=\"mappingnumber\" type=\"int16\">\(number + 1)</attribute>",
                "        <attribute name=\"name\" type=\"string\">\(mapping.name)</attribute>",
                "        <attribute name=\"mappingtypename\" type=\"string\">\(mapping.type)</attribute>",
            ]
            if let source = mapping.source {
                lines.append("        <attribute name=\"sourcename\" type=\"string\">\(source)</attribute>")
            }
            if let destination = mapping.destination {
                lines.append("        <attribute name=\"destinationname\" type=\"string\">\(destination)</attribute>")
            }
            if let filter = mapping.filter {
                lines.append(
                    "        <attribute name=\"sourcefilterpredicatestring\" type=\"string\">\(filter.replacingOccurrences(of: "<", with: "&lt;"))</attribute>"
                )
                lines.append("        <attribute name=\"autogenerateexpression\" type=\"bool\">1</attribute>")
            }
            if let policy = mapping.policy {
                lines.append(
                    "        <attribute name=\"migrationpolicyclassname\" type=\"string\">\(policy)</attribute>")
            }
            lines.append(
                "        <relationship name=\"attributemappings\" type=\"0/0\" destination=\"XDDEVATTRIBUTEMAPPING\" idrefs=\"\(attributeIDs.joined(separator: " "))\"></relationship>"
            )
            lines.append(
                "        <relationship name=\"relationshipmappings\" type=\"0/0\" destination=\"XDDEVRELATIONSHIPMAPPING\" idrefs=\"\(relationshipIDs.joined(separator: " "))\"></relationship>"
            )
            lines.append("    </object>")
            objects.append(lines.joined(separator: "\n"))
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">

            <database>
                <databaseInfo>
                    <version>134481920</version>
                    <UUID>7E2B9C41-0D3A-4F58-8B6E-1A9C2D4E6F80</UUID>
                    <nextObjectID>\(next + 1)</nextObjectID>
                    <metadata></metadata>
                </databaseInfo>
                <object type="XDDEVMAPPINGMODEL" id="z200">
                    <attribute name="sourcemodelpath" type="string">\(model)/\(model).xcdatamodeld/\(source).xcdatamodel</attribute>
                    <attribute name="destinationmodelpath" type="string">\(model)/\(model).xcdatamodeld/\(destination).xcdatamodel</attribute>
                    <relationship name="entitymappings" type="0/0" destination="XDDEVENTITYMAPPING" idrefs="\(entityIDs.joined(separator: " "))"></relationship>
                </object>
            \(objects.joined(separator: "\n"))
            </database>
            """
        let bundle = folder.appendingPathComponent("\(name).xcmappingmodel")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: bundle.appendingPathComponent("xcmapping.xml"))
        return bundle
    }

    private static func propertyObject(_ identifier: String, _ type: String, _ name: String, _ value: Value) -> String {
        var lines = [
            "    <object type=\"\(type)\" id=\"\(identifier)\">",
            "        <attribute name=\"name\" type=\"string\">\(name)</attribute>",
        ]
        if case .generated = value {
            lines.append("        <attribute name=\"autogenerateexpression\" type=\"bool\">1</attribute>")
        } else if case .through(let mapping, let keyPath) = value {
            lines.append("        <attribute name=\"sourcemappingname\" type=\"string\">\(mapping)</attribute>")
            lines.append("        <attribute name=\"sourcekeypath\" type=\"string\">\(keyPath)</attribute>")
            lines.append("        <attribute name=\"autogenerateexpression\" type=\"bool\">1</attribute>")
        } else {
            lines.append("        <attribute name=\"autogenerateexpression\" type=\"bool\">0</attribute>")
            lines.append(
                "        <attribute name=\"valueexpressiondata\" type=\"binary\">\(Data(archive(value).utf8).base64EncodedString())</attribute>"
            )
        }
        lines.append("    </object>")
        return lines.joined(separator: "\n")
    }

    /// The keyed archive of the expression `value` stands for, as an XML property list.
    static func archive(_ value: Value) -> String {
        var objects = ["<string>$null</string>"]
        func add(_ xml: String) -> Int {
            objects.append(xml)
            return objects.count - 1
        }
        func uid(_ index: Int) -> String { "<dict><key>CF$UID</key><integer>\(index)</integer></dict>" }
        func className(_ name: String) -> Int {
            add(
                "<dict><key>$classname</key><string>\(name)</string><key>$classes</key><array><string>\(name)</string><string>NSExpression</string><string>NSObject</string></array></dict>"
            )
        }
        func keyPath(_ operand: Int, _ path: String) -> Int {
            let specifier = add(
                "<dict><key>NSExpressionType</key><integer>10</integer><key>NSKeyPath</key>\(uid(add("<string>\(path)</string>")))<key>$class</key>\(uid(className("NSKeyPathSpecifierExpression")))</dict>"
            )
            let arguments = add(
                "<dict><key>NS.objects</key><array>\(uid(specifier))</array><key>$class</key>\(uid(add("<dict><key>$classname</key><string>NSArray</string><key>$classes</key><array><string>NSArray</string><string>NSObject</string></array></dict>")))</dict>"
            )
            return add(
                "<dict><key>NSExpressionType</key><integer>3</integer><key>NSSelectorName</key>\(uid(add("<string>\(path.contains(".") ? "valueForKeyPath:" : "valueForKey:")</string>")))<key>NSOperand</key>\(uid(operand))<key>NSArguments</key>\(uid(arguments))<key>$class</key>\(uid(className("NSKeyPathExpression")))</dict>"
            )
        }
        func array(_ elements: [Int]) -> Int {
            add(
                "<dict><key>NS.objects</key><array>\(elements.map(uid).joined())</array><key>$class</key>\(uid(add("<dict><key>$classname</key><string>NSArray</string><key>$classes</key><array><string>NSArray</string><string>NSObject</string></array></dict>")))</dict>"
            )
        }
        func constant(_ text: String) -> Int {
            add(
                "<dict><key>NSExpressionType</key><integer>0</integer><key>NSConstantValue</key>\(uid(add("<string>\(text)</string>")))<key>$class</key>\(uid(className("NSConstantValueExpression")))</dict>"
            )
        }
        func function(_ operand: Int, _ selector: String, _ arguments: [Int]) -> Int {
            add(
                "<dict><key>NSExpressionType</key><integer>4</integer><key>NSSelectorName</key>\(uid(add("<string>\(selector)</string>")))<key>NSOperand</key>\(uid(operand))<key>NSArguments</key>\(uid(array(arguments)))<key>$class</key>\(uid(className("NSFunctionExpression")))</dict>"
            )
        }
        func variable(_ name: String) -> Int {
            add(
                "<dict><key>NSExpressionType</key><integer>2</integer><key>NSVariable</key>\(uid(add("<string>\(name)</string>")))<key>$class</key>\(uid(className("NSVariableExpression")))</dict>"
            )
        }
        let root: Int
        switch value {
        case .sourceRelationship(let name):
            root = function(
                variable("manager"), "destinationInstancesForSourceRelationshipNamed:sourceInstances:",
                [constant(name), function(variable("source"), "valueForKey:", [constant(name)])])
        case .generated, .source, .through:
            let path: String
            if case .source(let name) = value { path = name } else { path = "" }
            root = keyPath(variable("source"), path)
        case .text(let text):
            root = constant(text)
        case .keyPath(let path):
            root = keyPath(variable("source"), path)
        case .selector(let selector, let source):
            root = function(keyPath(variable("source"), source), selector, [])
        case .valueForKeyPath(let path):
            root = function(variable("source"), "valueForKeyPath:", [constant(path)])
        case .manager(let mapping, let source):
            root = function(
                variable("manager"), "destinationInstancesForEntityMappingNamed:sourceInstances:",
                [constant(mapping), keyPath(variable("source"), source)])
        case .entityPolicy(let relationship):
            root = function(
                variable("entityPolicy"), "destinationInstancesForSourceRelationshipNamed:sourceInstances:",
                [constant(relationship), keyPath(variable("source"), relationship)])
        case .function(let selector, let source):
            let argument = keyPath(variable("source"), source)
            let arguments = add(
                "<dict><key>NS.objects</key><array>\(uid(argument))</array><key>$class</key>\(uid(add("<dict><key>$classname</key><string>NSArray</string><key>$classes</key><array><string>NSArray</string><string>NSObject</string></array></dict>")))</dict>"
            )
            root = add(
                "<dict><key>NSExpressionType</key><integer>4</integer><key>NSSelectorName</key>\(uid(add("<string>\(selector)</string>")))<key>NSOperand</key>\(uid(variable("entityPolicy")))<key>NSArguments</key>\(uid(arguments))<key>$class</key>\(uid(className("NSFunctionExpression")))</dict>"
            )
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>$archiver</key><string>NSKeyedArchiver</string><key>$version</key><integer>100000</integer><key>$top</key><dict><key>root</key>\(uid(root))</dict><key>$objects</key><array>\(objects.joined())</array></dict></plist>
            """
    }
}
