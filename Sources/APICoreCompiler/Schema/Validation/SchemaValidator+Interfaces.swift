/// Interface implementations (specification 3.6 and 3.7, "IsValidImplementation"): what an object or interface
/// declares it implements must be interfaces, declared once, transitively complete, and each of their fields must be
/// provided with a covariant type and the same arguments.
extension SchemaValidator {
    static func checkImplementations(
        of type: SchemaType,
        interfaces: [String],
        _ context: inout SchemaValidationContext
    ) {
        let schema = context.schema
        let typeName = type.name
        let declared = Set(interfaces)
        var seen: Set<String> = []
        for interfaceName in interfaces {
            guard seen.insert(interfaceName).inserted else {
                context.error(
                    "Type \"\(typeName)\" can only implement \"\(interfaceName)\" once. Remove the repetition.",
                    at: type.location, rule: "UniqueImplementations")
                continue
            }
            guard let interfaceType = schema.type(named: interfaceName) else {
                context.error(
                    "Type \"\(typeName)\" implements unknown interface \"\(interfaceName)\". "
                        + context.unknownTypeHint(interfaceName), at: type.location, rule: "KnownTypeNames")
                continue
            }
            guard case .interface(let interface) = interfaceType else {
                context.error(
                    "Type \"\(typeName)\" can only implement interfaces; \"\(interfaceName)\" is "
                        + "\(SchemaValidationContext.kindPhrase(interfaceType)).",
                    at: type.location, rule: "ImplementsInterfaces")
                continue
            }
            guard interfaceName != typeName else {
                context.error(
                    "Interface \"\(typeName)\" cannot implement itself. Remove \"\(typeName)\" from its interfaces.",
                    at: type.location, rule: "ImplementsInterfaces")
                continue
            }
            for ancestor in interface.interfaces where !declared.contains(ancestor) {
                if ancestor == typeName {
                    context.error(
                        "Interface \"\(typeName)\" cannot implement \"\(interfaceName)\", which implements "
                            + "\"\(typeName)\": the implementations would be circular.",
                        at: type.location, rule: "ImplementsInterfaces")
                } else {
                    context.error(
                        "Type \"\(typeName)\" must also implement \"\(ancestor)\", because \"\(interfaceName)\" "
                            + "implements it. Add \"& \(ancestor)\" to its interfaces.",
                        at: type.location, rule: "ImplementsInterfaces")
                }
            }
            checkFields(of: type, implement: interface, &context)
        }
    }

    private static func checkFields(
        of type: SchemaType,
        implement interface: InterfaceType,
        _ context: inout SchemaValidationContext
    ) {
        let typeName = type.name
        for interfaceField in interface.fields {
            let interfaceCoordinate = { "\(interface.name).\(interfaceField.name)" }
            guard let field = type.field(named: interfaceField.name) else {
                context.error(
                    "Type \"\(typeName)\" must define field \"\(interfaceField.name): \(interfaceField.type)\" of "
                        + "interface \"\(interface.name)\".",
                    at: type.location, rule: "ImplementsInterfaces")
                continue
            }
            let coordinate = { "\(typeName).\(field.name)" }
            if !TypeRelations.isSubtype(field.type, of: interfaceField.type, in: context.schema) {
                context.error(
                    "Field \"\(coordinate())\" must be of type \"\(interfaceField.type)\" or a subtype, as "
                        + "\"\(interfaceCoordinate())\" is; it is \"\(field.type)\".",
                    at: field.location, related: [interfaceField.location], rule: "ImplementsInterfaces")
            }
            for interfaceArgument in interfaceField.arguments {
                guard let argument = field.argument(named: interfaceArgument.name) else {
                    context.error(
                        "Field \"\(coordinate())\" must accept argument \"\(interfaceArgument.name): "
                            + "\(interfaceArgument.type)\" of \"\(interfaceCoordinate())\".",
                        at: field.location, related: [interfaceArgument.location], rule: "ImplementsInterfaces")
                    continue
                }
                if argument.type != interfaceArgument.type {
                    context.error(
                        "Argument \"\(coordinate())(\(argument.name):)\" must be of type \"\(interfaceArgument.type)\", "
                            + "as in \"\(interfaceCoordinate())\"; it is \"\(argument.type)\".",
                        at: argument.location, related: [interfaceArgument.location], rule: "ImplementsInterfaces")
                }
            }
            for argument in field.arguments
            where argument.isRequired && interfaceField.argument(named: argument.name) == nil {
                context.error(
                    "Argument \"\(coordinate())(\(argument.name):)\" must be optional (nullable or with a default "
                        + "value), because \"\(interfaceCoordinate())\" does not define it.",
                    at: argument.location, rule: "ImplementsInterfaces")
            }
        }
    }
}
