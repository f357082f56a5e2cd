import Foundation

/// `serve`'s schema held against the real API's: every type it defines must be the API's type of
/// that name and kind, every field it answers the API's field with the same type (nullability and
/// list wrapping included) and the same arguments, its enum values and union members the API's,
/// its objects the API's interfaces. How much of the API the served types cover is counted too.
public struct SchemaConformance: Sendable {
    public struct Mismatch: Sendable, CustomStringConvertible {
        public var location: String
        public var problem: String
        public var description: String { "\(location): \(problem)" }
    }

    /// One root field of the API: whether `serve` has it, and the fields of the types reachable from
    /// it through served fields: those served (and in the API), and the API's.
    public struct RootCoverage: Sendable {
        public var root: String
        public var field: String
        public var served: Bool
        public var servedFields: Int
        public var apiFields: Int
    }

    public private(set) var typesCompared = 0
    public private(set) var fieldsCompared = 0
    public private(set) var inputFieldsCompared = 0
    public private(set) var argumentsCompared = 0
    public private(set) var enumValuesCompared = 0
    public private(set) var mismatches: [Mismatch] = []
    /// The API's enums served as scalars of the same name whose values were checked.
    public private(set) var enumsCheckedAsScalars: [String] = []
    /// Output fields of the served object and interface types in the API (`fieldsCompared` of
    /// them are served); input fields of the served input types in the API.
    public private(set) var apiFields = 0
    public private(set) var apiInputFields = 0
    public private(set) var roots: [RootCoverage] = []

    private let served: IntrospectedSchema
    private let api: IntrospectedSchema

    /// `enumsServedAsScalars` names the API's enums the served schema carries as scalars, with the
    /// values it accepts (nil: any enum-like name); those are compared by value, not by kind.
    public init(served: IntrospectedSchema, api: IntrospectedSchema, enumsServedAsScalars: [String: Set<String>?] = [:]) {
        self.served = served
        self.api = api
        for type in served.definedTypes {
            guard let apiType = api.types[type.name] else {
                mismatch(type.name, "a type the API does not have (\(type.kind))")
                continue
            }
            typesCompared += 1
            if type.kind != apiType.kind {
                if type.kind == "SCALAR", apiType.kind == "ENUM", let accepted = enumsServedAsScalars[type.name] {
                    compareAcceptedValues(type.name, accepted, apiType)
                } else {
                    mismatch(type.name, "\(type.kind) where the API has \(apiType.kind)")
                }
                continue
            }
            switch type.kind {
            case "OBJECT", "INTERFACE": compareFields(type, apiType)
            case "UNION": compareMembers(type, apiType, \.possibleTypes, "member")
            case "ENUM": compareEnum(type, apiType)
            case "INPUT_OBJECT": compareInputFields(type, apiType)
            default: break
            }
        }
        for (apiRoot, servedRoot) in [(api.queryType, served.queryType), (api.mutationType, served.mutationType)] {
            guard let apiRoot, let type = api.types[apiRoot] else { continue }
            for field in type.fields.sorted(by: { $0.name < $1.name }) {
                roots.append(coverage(root: apiRoot, field: field, servedRoot: servedRoot.flatMap { served.types[$0] }))
            }
        }
    }

    private mutating func mismatch(_ location: String, _ problem: String) {
        mismatches.append(Mismatch(location: location, problem: problem))
    }

    private mutating func compareFields(_ type: IntrospectedSchema.TypeDefinition, _ apiType: IntrospectedSchema.TypeDefinition) {
        apiFields += apiType.fields.count
        for field in type.fields {
            let location = "\(type.name).\(field.name)"
            guard let apiField = apiType.field(field.name) else {
                mismatch(location, "a field the API does not have")
                continue
            }
            fieldsCompared += 1
            if field.type != apiField.type { mismatch(location, "\(field.type) where the API has \(apiField.type)") }
            compareArguments(location, field.arguments, apiField.arguments)
        }
        compareMembers(type, apiType, \.interfaces, "interface")
    }

    private mutating func compareArguments(_ location: String, _ arguments: [IntrospectedSchema.InputValue],
                                           _ apiArguments: [IntrospectedSchema.InputValue]) {
        for argument in arguments {
            guard let apiArgument = apiArguments.first(where: { $0.name == argument.name }) else {
                mismatch("\(location)(\(argument.name):)", "an argument the API does not have")
                continue
            }
            argumentsCompared += 1
            compareValue("\(location)(\(argument.name):)", argument, apiArgument)
        }
        for apiArgument in apiArguments where !arguments.contains(where: { $0.name == apiArgument.name }) {
            mismatch("\(location)(\(apiArgument.name):)", "missing (the API takes \(apiArgument.type)\(Self.defaultText(apiArgument)))")
        }
    }

    /// The same type, and the same default where both give one; a default the API gives and the
    /// served schema does not changes what a client that leaves it out asks for.
    private mutating func compareValue(_ location: String, _ value: IntrospectedSchema.InputValue, _ apiValue: IntrospectedSchema.InputValue) {
        if value.type != apiValue.type { mismatch(location, "\(value.type) where the API has \(apiValue.type)") }
        switch (Self.normalised(value.defaultValue), Self.normalised(apiValue.defaultValue)) {
        case let (given?, apiGiven?) where given != apiGiven:
            mismatch(location, "default \(given) where the API's is \(apiGiven)")
        case let (nil, apiGiven?):
            mismatch(location, "no default where the API's is \(apiGiven)")
        case let (given?, nil):
            mismatch(location, "default \(given) where the API has none")
        default: break
        }
    }

    /// Without spaces, and a number as its value: a Float default written `0` is the one written `0.0`.
    static func normalised(_ literal: String?) -> String? {
        guard let text = literal?.filter({ !$0.isWhitespace }) else { return nil }
        if let number = Double(text), text.first.map({ $0.isNumber || $0 == "-" }) == true { return "\(number)" }
        return text
    }

    private static func defaultText(_ value: IntrospectedSchema.InputValue) -> String {
        value.defaultValue.map { " = \($0)" } ?? ""
    }

    private mutating func compareInputFields(_ type: IntrospectedSchema.TypeDefinition, _ apiType: IntrospectedSchema.TypeDefinition) {
        apiInputFields += apiType.inputFields.count
        for field in type.inputFields {
            let location = "\(type.name).\(field.name)"
            guard let apiField = apiType.inputFields.first(where: { $0.name == field.name }) else {
                mismatch(location, "an input field the API does not have")
                continue
            }
            inputFieldsCompared += 1
            compareValue(location, field, apiField)
        }
        // An optional input field left out is a smaller input; a required one changes what is valid.
        for apiField in apiType.inputFields where !type.inputFields.contains(where: { $0.name == apiField.name }) {
            if case .nonNull = apiField.type, apiField.defaultValue == nil {
                mismatch("\(type.name).\(apiField.name)", "missing, and the API requires it (\(apiField.type))")
            }
        }
    }

    private mutating func compareEnum(_ type: IntrospectedSchema.TypeDefinition, _ apiType: IntrospectedSchema.TypeDefinition) {
        enumValuesCompared += type.enumValues.count
        for value in type.enumValues where !apiType.enumValues.contains(value) {
            mismatch("\(type.name).\(value)", "an enum value the API does not have")
        }
    }

    /// An enum served as a scalar takes exactly the API's values (or, with no list, any of them).
    private mutating func compareAcceptedValues(_ name: String, _ accepted: Set<String>?, _ apiType: IntrospectedSchema.TypeDefinition) {
        enumsCheckedAsScalars.append(name)
        guard let accepted else { return }
        enumValuesCompared += accepted.count
        let apiValues = Set(apiType.enumValues)
        let extra = accepted.subtracting(apiValues).sorted(), refused = apiValues.subtracting(accepted).sorted()
        if !extra.isEmpty { mismatch(name, "accepts \(extra.joined(separator: " ")), not values of the API's enum") }
        if !refused.isEmpty { mismatch(name, "refuses the API's \(refused.joined(separator: " "))") }
    }

    /// Interfaces or union members: the served ones are the API's, and every one of the API's that
    /// the served schema defines is there too (else a fragment on it is refused).
    private mutating func compareMembers(_ type: IntrospectedSchema.TypeDefinition, _ apiType: IntrospectedSchema.TypeDefinition,
                                         _ members: KeyPath<IntrospectedSchema.TypeDefinition, [String]>, _ noun: String) {
        let mine = type[keyPath: members], theirs = apiType[keyPath: members]
        for name in mine where !theirs.contains(name) { mismatch(type.name, "\(noun) \(name), which the API's does not have") }
        for name in theirs where !mine.contains(name) && served.types[name] != nil {
            mismatch(type.name, "without the API's \(noun) \(name), which is served")
        }
    }

    /// Walks the output types reachable from a root field through served fields.
    private func coverage(root: String, field: IntrospectedSchema.Field, servedRoot: IntrospectedSchema.TypeDefinition?) -> RootCoverage {
        guard let servedField = servedRoot?.field(field.name) else {
            return RootCoverage(root: root, field: field.name, served: false, servedFields: 0, apiFields: 0)
        }
        var seen: Set<String> = [], queue = [servedField.type.namedType]
        var servedCount = 0, apiCount = 0
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let type = served.types[name], let apiType = api.types[name], type.kind == apiType.kind else {
                continue
            }
            queue += type.possibleTypes
            guard type.kind == "OBJECT" || type.kind == "INTERFACE" else { continue }
            servedCount += type.fields.filter { apiType.field($0.name) != nil }.count
            apiCount += apiType.fields.count
            queue += type.fields.map(\.type.namedType)
        }
        return RootCoverage(root: root, field: field.name, served: true, servedFields: servedCount, apiFields: apiCount)
    }
}
