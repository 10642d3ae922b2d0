import APICoreGraphQL
import APICoreJSON

/// The plans of a read: each selection set's steps, worked out once per read with the read's variables.
extension CacheDataReader {
    /// The steps of one selection set in this read: storage keys worked out and `@include`/`@skip` decided, once per
    /// read, since both depend on the variables. A class, so that the plans of what a step leads to are worked out on
    /// first use and kept on the step.
    final class Plan {
        let steps: [Step]
        /// The most fields an object read with this plan can hold, its fragments' and type cases' included.
        let capacity: Int
        /// The fields of this plan and of its fragments, type cases and deferred parts, at every depth, whose response
        /// key another of them also has (or that are reached twice): the only ones an object read with this plan can
        /// meet twice, which must then merge. Sorted, each once: the `__typename` generated code selects in each
        /// fragment and type case, and few others.
        let repeatedFields: [ObjectIdentifier]

        init(steps: [Step], capacity: Int) {
            self.steps = steps
            self.capacity = capacity
            var fields: [FieldStep] = []
            Self.collectFields(of: steps, into: &fields)
            var counts: [String: Int] = [:]
            for field in fields { counts[field.responseKey, default: 0] += 1 }
            repeatedFields = Set(
                fields.lazy.filter { counts[$0.responseKey, default: 0] > 1 }.map { ObjectIdentifier($0) }
            ).sorted()
        }

        /// Whether an object read with this plan may meet `field`'s response key twice: a scan of a few identities,
        /// a binary search of more.
        func mayRepeat(_ field: FieldStep) -> Bool {
            let id = ObjectIdentifier(field)
            if repeatedFields.count <= 8 { return repeatedFields.contains(id) }
            var low = 0
            var high = repeatedFields.count
            while low < high {
                let middle = (low + high) / 2
                if repeatedFields[middle] < id { low = middle + 1 } else { high = middle }
            }
            return low < repeatedFields.count && repeatedFields[low] == id
        }

        private static func collectFields(of steps: [Step], into fields: inout [FieldStep]) {
            for step in steps {
                switch step {
                case .field(let field): fields.append(field)
                case .fragment(let spread), .typeCase(let spread), .deferred(let spread):
                    collectFields(of: spread.plan.steps, into: &fields)
                }
            }
        }
    }

    /// A selection of a plan.
    enum Step {
        case field(FieldStep)
        case fragment(SpreadStep)
        case typeCase(SpreadStep)
        case deferred(SpreadStep)
    }

    /// A selected field. A class, so that iterating a plan retains one reference per step.
    final class FieldStep {
        let responseKey: String
        let storageKey: String
        let type: GraphQLOutputType
        let leafType: (any GraphQLLeafValue.Type)?
        let isImplicitTypename: Bool
        /// Whether it is a key field the generator added, which a record may lack.
        let isImplicitKey: Bool
        /// The selection set of a field of an object type (or a list of them).
        let selectionSet: GraphQLSelectionTree?
        /// The plan of ``selectionSet``, once first needed.
        var selectionPlan: Plan?

        init(
            responseKey: String, storageKey: String, type: GraphQLOutputType,
            leafType: (any GraphQLLeafValue.Type)?, isImplicitTypename: Bool, isImplicitKey: Bool
        ) {
            self.responseKey = responseKey
            self.storageKey = storageKey
            self.type = type
            self.leafType = leafType
            self.isImplicitTypename = isImplicitTypename
            self.isImplicitKey = isImplicitKey
            if case .object(let selectionSet) = type.namedType {
                self.selectionSet = selectionSet
            } else {
                selectionSet = nil
            }
        }
    }

    /// A fragment, type case or deferred part read from the same record, with its plan.
    final class SpreadStep {
        let selectionSet: GraphQLSelectionTree
        let plan: Plan

        init(selectionSet: GraphQLSelectionTree, plan: Plan) {
            self.selectionSet = selectionSet
            self.plan = plan
        }
    }

    /// The plan of a selection set, worked out on first use in this read (fragments and type cases are planned with
    /// it; fields of object types when first read).
    mutating func plan(for type: GraphQLSelectionTree) -> Plan {
        let id = type.id
        if let plan = plans[id] { return plan }
        var steps: [Step] = []
        appendSteps(of: type, to: &steps)
        var capacity = 0
        for step in steps {
            switch step {
            case .field: capacity += 1
            case .fragment(let spread), .typeCase(let spread), .deferred(let spread): capacity += spread.plan.capacity
            }
        }
        let plan = Plan(steps: steps, capacity: capacity)
        plans[id] = plan
        return plan
    }

    mutating func appendSteps(of type: GraphQLSelectionTree, to steps: inout [Step]) {
        var planner = StepPlanner(typePolicies: typePolicies, variables: variables)
        GraphQLSelectionWalker(variables: variables).walk(type, visitor: &planner)
        for pending in planner.steps {
            switch pending {
            case .field(let field): steps.append(.field(field))
            case .spread(let tree, .fragment):
                steps.append(.fragment(SpreadStep(selectionSet: tree, plan: plan(for: tree))))
            case .spread(let tree, .typeCase):
                steps.append(.typeCase(SpreadStep(selectionSet: tree, plan: plan(for: tree))))
            case .spread(let tree, .deferred):
                steps.append(.deferred(SpreadStep(selectionSet: tree, plan: plan(for: tree))))
            }
        }
    }

    /// The steps of a selection set's plan, in order, before the plans of its fragments are worked out: every
    /// fragment, type case and deferred part is kept, whatever type a record turns out to have, and decided per
    /// record as it is read.
    struct StepPlanner: GraphQLSelectionVisitor {
        typealias Failure = Never

        enum Pending {
            case field(FieldStep)
            case spread(GraphQLSelectionTree, GraphQLSpreadKind)
        }

        let typePolicies: GraphQLTypePolicies
        let variables: JSONObject
        var steps: [Pending] = []

        var typename: String? { nil }

        mutating func visit(_ field: GraphQLField, of parent: GraphQLParentType) {
            let policy = typePolicies.fieldPolicy(for: parent.name, field: field.name)
            steps.append(
                .field(
                    FieldStep(
                        responseKey: field.responseKey,
                        storageKey: field.storageKey(variables: variables, policy: policy),
                        type: field.type, leafType: field.leafType, isImplicitTypename: field.isImplicitTypename,
                        isImplicitKey: field.isImplicitKey)))
        }

        mutating func enter(_ tree: GraphQLSelectionTree, as kind: GraphQLSpreadKind) -> Bool {
            steps.append(.spread(tree, kind))
            return false
        }

        func typeCaseApplies(_ tree: GraphQLSelectionTree, within parent: GraphQLParentType) -> Bool { true }
    }

    /// The plan of an object field's selection set, kept on the field once worked out.
    mutating func selectionPlan(of field: FieldStep, _ selectionSet: GraphQLSelectionTree) -> Plan {
        if let plan = field.selectionPlan { return plan }
        let plan = plan(for: selectionSet)
        field.selectionPlan = plan
        return plan
    }
}
