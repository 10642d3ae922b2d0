import APICoreCache
import APICoreGraphQL
import APICoreScalars
import Foundation

/// Records with every kind of value a record can hold.
enum SampleRecords {
    /// An integer above 2^53 that a `Double` cannot hold exactly.
    static let bigInteger: Int64 = 9_007_199_254_740_993

    static let expiry = Date(timeIntervalSince1970: 1_800_000_000.5)

    static let human = Record(
        key: "Human:1000",
        fields: [
            "__typename": .value(.string("Human")),
            "id": .value(.string("1000")),
            "name": .value(.string("Luke Skywalker — \"farm boy\"")),
            "height": .value(.double(1.72)),
            "mass": .null,
            "isJedi": .value(.bool(true)),
            "databaseID": .value(.int(bigInteger)),
            "metadata": .value(.object(["tags": .array([.string("a"), .null]), "rank": .int(-3)])),
            "scores": .value(.array([.int(1), .double(2.5), .null])),
            "homeworld": .reference("Planet:1"),
            "friends": .list([.reference("Human:1002"), .reference("Droid:2001"), .null]),
            "friendsGrid": .list([.list([.reference("Human:1002")]), .list([]), .null]),
            "appearsIn": .list([.value(.string("NEWHOPE")), .value(.string("EMPIRE"))]),
        ],
        expirations: ["name": expiry, "friends": expiry.addingTimeInterval(60)])

    static let queryRoot = Record(
        key: .queryRoot,
        fields: ["hero(episode:\"JEDI\")": .reference("Human:1000"), "droid(id:\"2001\")": .reference("Droid:2001")])

    static let droid = Record(
        key: "Droid:2001",
        fields: ["__typename": .value(.string("Droid")), "name": .value(.string("R2-D2")), "primaryFunction": .null])

    static var all: RecordSet { RecordSet([human, queryRoot, droid]) }
}
