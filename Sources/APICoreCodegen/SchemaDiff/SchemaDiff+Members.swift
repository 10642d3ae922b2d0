import APICoreCompiler

extension SchemaDiff {
    mutating func compareEnums(_ oldEnum: EnumType, _ newEnum: EnumType) {
        for value in newEnum.values where !oldEnum.hasValue(value.name) {
            add(
                .valueAddedToEnum, "\(value.name) was added to enum type \(oldEnum.name).",
                SchemaChange.Path(type: oldEnum.name, member: value.name), value.location)
        }
        for value in oldEnum.values where !newEnum.hasValue(value.name) {
            add(
                .valueRemovedFromEnum, "\(value.name) was removed from enum type \(oldEnum.name).",
                SchemaChange.Path(type: oldEnum.name, member: value.name), newEnum.location)
        }
    }

    mutating func compareUnions(_ oldUnion: UnionType, _ newUnion: UnionType) {
        for member in newUnion.members where !oldUnion.members.contains(member) {
            add(
                .typeAddedToUnion, "\(member) was added to union type \(oldUnion.name).",
                SchemaChange.Path(type: oldUnion.name, member: member), newUnion.location)
        }
        for member in oldUnion.members where !newUnion.members.contains(member) {
            add(
                .typeRemovedFromUnion, "\(member) was removed from union type \(oldUnion.name).",
                SchemaChange.Path(type: oldUnion.name, member: member), newUnion.location)
        }
    }

    mutating func compareInterfaces(
        of typeName: String, _ oldInterfaces: [String], _ newInterfaces: [String], _ location: SourceLocation
    ) {
        for interface in newInterfaces where !oldInterfaces.contains(interface) {
            add(
                .implementedInterfaceAdded, "\(interface) added to interfaces implemented by \(typeName).",
                SchemaChange.Path(type: typeName, member: interface), location)
        }
        for interface in oldInterfaces where !newInterfaces.contains(interface) {
            add(
                .implementedInterfaceRemoved, "\(typeName) no longer implements interface \(interface).",
                SchemaChange.Path(type: typeName, member: interface), location)
        }
    }

    mutating func compareInputObjects(_ oldInput: InputObjectType, _ newInput: InputObjectType) {
        let name = oldInput.name
        for field in newInput.fields where oldInput.field(named: field.name) == nil {
            let path = SchemaChange.Path(type: name, member: field.name)
            if field.isRequired {
                add(
                    .requiredInputFieldAdded, "A required field \(field.name) on input type \(name) was added.", path,
                    field.location)
            } else {
                add(
                    .optionalInputFieldAdded, "An optional field \(field.name) on input type \(name) was added.",
                    path, field.location)
            }
        }
        for oldField in oldInput.fields {
            guard let newField = newInput.field(named: oldField.name) else {
                reportFieldRemoved(oldField.name, of: name, at: newInput.location)
                continue
            }
            compareFieldType(
                oldField.name, of: name, from: oldField.type, to: newField.type, at: newField.location,
                isSafe: TypeChangeSafety.isSafeForInput)
        }
    }

    mutating func compareFields(
        of typeName: String, _ oldFields: [SchemaField], _ newFields: [SchemaField], newType: SchemaType
    ) {
        for oldField in oldFields {
            guard let newField = newType.field(named: oldField.name) else {
                reportFieldRemoved(oldField.name, of: typeName, at: newType.location)
                continue
            }
            compareArguments(of: typeName, oldField, newField)
            compareFieldType(
                oldField.name, of: typeName, from: oldField.type, to: newField.type, at: newField.location,
                isSafe: TypeChangeSafety.isSafeForOutput)
        }
    }

    /// Reports that the field `name` of `typeName` was removed; `location` is the new type's.
    private mutating func reportFieldRemoved(_ name: String, of typeName: String, at location: SourceLocation) {
        let path = SchemaChange.Path(type: typeName, member: name)
        add(.fieldRemoved, "\(typeName).\(name) was removed.", path, location)
    }

    /// Reports a change of the type of the field `name` of `typeName` that `isSafe` does not allow.
    private mutating func compareFieldType(
        _ name: String,
        of typeName: String,
        from oldType: TypeReference,
        to newType: TypeReference,
        at location: SourceLocation,
        isSafe: (TypeReference, TypeReference) -> Bool
    ) {
        guard !isSafe(oldType, newType) else { return }
        add(
            .fieldChangedKind, "\(typeName).\(name) changed type from \(oldType) to \(newType).",
            SchemaChange.Path(type: typeName, member: name), location)
    }

    private mutating func compareArguments(of typeName: String, _ oldField: SchemaField, _ newField: SchemaField) {
        let owner = "\(typeName).\(oldField.name)"
        for oldArgument in oldField.arguments {
            let path = SchemaChange.Path(type: typeName, member: oldField.name, argument: oldArgument.name)
            guard let newArgument = newField.argument(named: oldArgument.name) else {
                add(.argumentRemoved, "\(owner) arg \(oldArgument.name) was removed.", path, newField.location)
                continue
            }
            if !TypeChangeSafety.isSafeForInput(from: oldArgument.type, to: newArgument.type) {
                add(
                    .argumentChangedKind,
                    "\(owner) arg \(oldArgument.name) has changed type from \(oldArgument.type) to "
                        + "\(newArgument.type).", path, newArgument.location)
            } else if let oldDefault = oldArgument.defaultValue {
                guard let newDefault = newArgument.defaultValue else {
                    add(
                        .argumentChangedDefaultValue, "\(owner) arg \(oldArgument.name) defaultValue was removed.",
                        path, newArgument.location)
                    continue
                }
                let oldText = DefaultValueText(schema: old).text(of: oldDefault, as: oldArgument.type)
                let newText = DefaultValueText(schema: new).text(of: newDefault, as: newArgument.type)
                if oldText != newText {
                    add(
                        .argumentChangedDefaultValue,
                        "\(owner) arg \(oldArgument.name) has changed defaultValue from \(oldText) to \(newText).",
                        path, newArgument.location)
                }
            }
        }
        for newArgument in newField.arguments where oldField.argument(named: newArgument.name) == nil {
            let path = SchemaChange.Path(type: typeName, member: oldField.name, argument: newArgument.name)
            if newArgument.isRequired {
                add(
                    .requiredArgumentAdded, "A required arg \(newArgument.name) on \(owner) was added.", path,
                    newArgument.location)
            } else {
                add(
                    .optionalArgumentAdded, "An optional arg \(newArgument.name) on \(owner) was added.", path,
                    newArgument.location)
            }
        }
    }
}
