import APICoreGraphQL
import APICoreJSON
import APICoreScalars
import Foundation

// Model types shared by the JSONValueDecoder and JSONValueEncoder tests.

enum TestRole: String, Codable, Equatable {
    case admin
    case member
}

enum TestPriority: Int, Codable, Equatable {
    case low = 1
    case high = 2
}

struct TestAddress: Codable, Equatable {
    var street: String
    var city: String
    var postcode: String?
}

struct TestUser: Codable, Equatable {
    var id: Int64
    var name: String
    var email: String?
    var role: TestRole
    var address: TestAddress
    var tags: [String]
    var score: Double
}

struct TestTeam: Codable, Equatable {
    var users: [TestUser]
    var priority: TestPriority
    var budget: [String: Int]
}

struct TestNumbers: Codable, Equatable {
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var float: Float
    var double: Double
}

struct TestProduct: Codable, Equatable {
    var sku: String
    var price: Decimal
    var thumbnail: Data
    var homepage: URL
    var released: Date
    var dimensions: [[Double]]
}

/// Keys whose snake-case forms Foundation's `convertFromSnakeCase` maps back exactly.
struct TestAccount: Codable, Equatable {
    var firstName: String
    var lastName: String
    var accountNumber: Int
    var isActive: Bool
    var nickname: String?
    var metadata: [String: String]
}

/// Keys whose snake-case forms are not what Foundation's `convertFromSnakeCase` maps back to.
struct TestAcronyms: Codable, Equatable {
    var userID: Int
    var myURLValue: String
    var htmlBody: String

    enum CodingKeys: String, CodingKey {
        case userID
        case myURLValue
        case htmlBody
        case leadingUnderscore = "_leadingValue"
        case trailingUnderscore = "trailingValue_"
    }

    var leadingUnderscore: Int
    var trailingUnderscore: Int
}

/// A payload with arbitrary JSON embedded.
struct TestEnvelope: Codable, Equatable {
    var kind: String
    var payload: JSONValue
    var extensions: JSONObject?
}

/// Tells a member that is absent from one that is `null`.
struct TestPatch: Codable, Equatable {
    enum Field: Equatable {
        case absent
        case null
        case value(String)
    }

    var title: Field

    enum CodingKeys: String, CodingKey {
        case title
    }

    init(title: Field) {
        self.title = title
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if !container.contains(.title) {
            title = .absent
        } else if try container.decodeNil(forKey: .title) {
            title = .null
        } else {
            title = .value(try container.decode(String.self, forKey: .title))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch title {
        case .absent: break
        case .null: try container.encodeNil(forKey: .title)
        case .value(let value): try container.encode(value, forKey: .title)
        }
    }
}

class TestAnimal: Codable {
    var name: String

    init(name: String) {
        self.name = name
    }
}

final class TestDog: TestAnimal, Equatable {
    var breed: String

    init(name: String, breed: String) {
        self.breed = breed
        super.init(name: name)
    }

    enum CodingKeys: String, CodingKey {
        case breed
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }

    static func == (lhs: TestDog, rhs: TestDog) -> Bool {
        lhs.name == rhs.name && lhs.breed == rhs.breed
    }
}

/// Uses nested containers directly, the way hand-written `Codable` types flatten or group members.
struct TestGeometry: Codable, Equatable {
    var x: Double
    var y: Double
    var corners: [Int]

    enum CodingKeys: String, CodingKey {
        case position
        case corners
    }

    enum PositionKeys: String, CodingKey {
        case x
        case y
    }

    init(x: Double, y: Double, corners: [Int]) {
        self.x = x
        self.y = y
        self.corners = corners
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let position = try container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position)
        x = try position.decode(Double.self, forKey: .x)
        y = try position.decode(Double.self, forKey: .y)
        var corners = try container.nestedUnkeyedContainer(forKey: .corners)
        var values: [Int] = []
        while !corners.isAtEnd {
            var pair = try corners.nestedUnkeyedContainer()
            values.append(try pair.decode(Int.self))
        }
        self.corners = values
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var position = container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position)
        var corners = container.nestedUnkeyedContainer(forKey: .corners)
        try position.encode(x, forKey: .x)
        for corner in self.corners {
            var pair = corners.nestedUnkeyedContainer()
            try pair.encode(corner)
        }
        // Written after the sibling container was opened, to check that open containers are read at the end.
        try position.encode(y, forKey: .y)
    }
}

extension TestUser {
    static let ada = TestUser(
        id: 9_007_199_254_740_993, name: "Ada", email: "ada@example.com", role: .admin,
        address: TestAddress(street: "1 Analytical Way", city: "London", postcode: nil), tags: ["math", "engines"],
        score: 99.5)

    static let grace = TestUser(
        id: 2, name: "Grace", email: nil, role: .member,
        address: TestAddress(street: "2 Compiler Road", city: "Arlington", postcode: "22201"), tags: [], score: 42)
}
