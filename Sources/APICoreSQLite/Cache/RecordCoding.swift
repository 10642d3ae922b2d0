import APICoreCache
import APICoreGraphQL
import APICoreJSON
import Foundation
import GRDB

/// Records to and from what a row stores: a compact binary encoding (a BLOB); rows written by earlier versions hold
/// the record's `Record/storageJSON` as text, which still reads, and are rewritten in binary when next merged.
///
/// Reading JSON text back meant parsing it into JSON values and converting those into a record: most of the cost of a
/// SQLite read. The binary form is read in one pass straight into the record's values. Its layout, all integers as
/// unsigned LEB128 varints (signed ones zigzag-encoded) and strings as a length and UTF-8 bytes:
///
/// ```
/// record   = 0xA2 float64 count field* count expiry* count written*
/// field    = string value
/// expiry   = string float64            (seconds since 1970, IEEE 754 bits, little-endian)
/// written  = string float64            (a field's write time, when older than the record's)
/// value    = 0x00                      null
///          | 0x01 | 0x02               false | true
///          | 0x03 zigzag               integer
///          | 0x04 float64              double
///          | 0x05 string               string
///          | 0x06 count value*         JSON array (a leaf)
///          | 0x07 count (string value)*  JSON object (a leaf)
///          | 0x08 string               reference to a record key
///          | 0x09 count value*         list of record values
///          | 0x0A string               number kept as its text (JSONValue.numberText)
///          | 0x0B value                a field error (RecordValue.error): the error's JSON, without its path
/// ```
///
/// The float64 after the marker is the record's write time (`Record/writtenAt`, NaN when not known), and `written*`
/// lists the fields written before it (`Record/earlierWriteTimes`). Rows written before write times were kept start
/// with 0xA1 and have neither: they still read, with no write time, and are rewritten as 0xA2 when next merged.
///
/// Inside a JSON array or object only the JSON tags (0x00-0x07 and 0x0A) appear. The number text and error tags came
/// last, so rows written before them read unchanged.
enum RecordCoding {
    /// The first byte of a binary record; a JSON text record starts with `{`.
    static let binaryMarker: UInt8 = 0xA2
    /// The first byte of a binary record written before write times were kept.
    static let binaryMarkerWithoutWriteTimes: UInt8 = 0xA1

    private enum Tag: UInt8 {
        case null = 0, `false`, `true`, integer, double, string, array, object, reference, list, numberText, error
    }

    // MARK: - Writing

    /// The record's binary encoding.
    static func data(of record: Record) -> Data {
        var bytes: [UInt8] = []
        encode(record, into: &bytes)
        return Data(bytes)
    }

    /// Replaces `bytes` with the record's binary encoding, reusing their storage: a merge encodes each of its records
    /// into one buffer.
    static func encode(_ record: Record, into bytes: inout [UInt8]) {
        var writer = Writer()
        // The buffer moves into the writer and back, so appending never copies it.
        swap(&writer.bytes, &bytes)
        defer { swap(&writer.bytes, &bytes) }
        writer.bytes.removeAll(keepingCapacity: true)
        writer.bytes.reserveCapacity(64 + 32 * record.fields.count)
        writer.bytes.append(binaryMarker)
        writer.float64(record.writtenAt?.timeIntervalSince1970 ?? .nan)
        writer.varint(UInt64(record.fields.count))
        for (name, value) in record.fields {
            writer.string(name)
            writer.value(value)
        }
        writer.varint(UInt64(record.expirations.count))
        for (name, date) in record.expirations {
            writer.string(name)
            writer.float64(date.timeIntervalSince1970)
        }
        writer.varint(UInt64(record.earlierWriteTimes.count))
        for (name, date) in record.earlierWriteTimes {
            writer.string(name)
            writer.float64(date.timeIntervalSince1970)
        }
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func varint(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func float64(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ string: String) {
            var string = string
            string.withUTF8 { utf8 in
                varint(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func tag(_ tag: Tag) {
            bytes.append(tag.rawValue)
        }

        mutating func value(_ value: RecordValue) {
            switch value {
            case .value(let json):
                self.json(json)
            case .reference(let key):
                tag(.reference)
                string(key.rawValue)
            case .list(let elements):
                tag(.list)
                varint(UInt64(elements.count))
                for element in elements { self.value(element) }
            case .error(let error):
                tag(.error)
                json(error.jsonValue)
            }
        }

        mutating func json(_ json: JSONValue) {
            switch json {
            case .null:
                tag(.null)
            case .bool(let flag):
                tag(flag ? .true : .false)
            case .int(let integer):
                tag(.integer)
                varint(UInt64(bitPattern: (integer << 1) ^ (integer >> 63)))
            case .double(let double):
                tag(.double)
                float64(double)
            case .numberText(let text):
                tag(.numberText)
                string(text)
            case .string(let text):
                tag(.string)
                string(text)
            case .array(let elements):
                tag(.array)
                varint(UInt64(elements.count))
                for element in elements { self.json(element) }
            case .object(let object):
                tag(.object)
                varint(UInt64(object.count))
                for (name, member) in object.members {
                    string(name)
                    self.json(member)
                }
            }
        }
    }

    // MARK: - Reading

    /// Reads a stored row's record, binary or JSON text; a row that does not read is `.corruptRecord` naming the key.
    static func record(key: CacheKey, stored: DatabaseValue) throws(CacheError) -> Record {
        switch stored.storage {
        case .blob(let data):
            return try record(key: key, data: data)
        case .string(let text):
            return try record(key: key, text: text)
        case .null, .int64, .double:
            throw CacheError(.corruptRecord, key: key, reason: "the stored record is neither binary nor text")
        }
    }

    /// Reads a binary record.
    static func record(key: CacheKey, data: Data) throws(CacheError) -> Record {
        try data.withUnsafeBytes { bytes in
            Result { () throws(CacheError) in try record(key: key, binary: bytes) }
        }.get()
    }

    /// Reads a binary record from bytes that stay where they are (a row's, while its statement is on it).
    static func record(key: CacheKey, binary bytes: UnsafeRawBufferPointer) throws(CacheError) -> Record {
        var reader = Reader(bytes: bytes)
        guard let decoded = reader.record(key: key) else {
            throw CacheError(.corruptRecord, key: key, reason: "the stored binary record is malformed")
        }
        return decoded
    }

    /// Reads a record stored as JSON text, as rows written before the binary encoding hold them.
    static func record(key: CacheKey, text: String) throws(CacheError) -> Record {
        let json: JSONValue
        do {
            json = try JSONReader().read(text)
        } catch {
            throw CacheError(.corruptRecord, key: key, reason: "the stored record is not JSON", underlying: error)
        }
        guard case .object(let object) = json, let record = Record(key: key, storageJSON: object) else {
            throw CacheError(.corruptRecord, key: key, reason: "the stored JSON is not a record")
        }
        return record
    }

    /// Reads the binary layout; every method returns `nil` (and the read fails) on bytes it could not have written.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        /// Nesting deeper than this is not something the writer produces from a response; refusing it keeps a
        /// corrupt row from exhausting the stack.
        static let maximumDepth = 256

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func record(key: CacheKey) -> Record? {
            let marker = byte()
            let hasWriteTimes = marker == RecordCoding.binaryMarker
            guard hasWriteTimes || marker == RecordCoding.binaryMarkerWithoutWriteTimes else { return nil }
            var writtenAt: Date?
            if hasWriteTimes {
                guard let seconds = float64() else { return nil }
                if !seconds.isNaN { writtenAt = Date(timeIntervalSince1970: seconds) }
            }
            guard let fieldCount = count() else { return nil }
            var fields = RecordFields()
            fields.reserveCapacity(fieldCount)
            for _ in 0..<fieldCount {
                guard let name = string(), let value = value(depth: 0) else { return nil }
                fields[name] = value
            }
            guard let expiryCount = count() else { return nil }
            var expirations: [String: Date] = [:]
            for _ in 0..<expiryCount {
                guard let name = string(), let seconds = float64() else { return nil }
                expirations[name] = Date(timeIntervalSince1970: seconds)
            }
            var record = Record(key: key, fields: fields, expirations: expirations, writtenAt: writtenAt)
            if hasWriteTimes {
                guard let writtenCount = count() else { return nil }
                for _ in 0..<writtenCount {
                    guard let name = string(), let seconds = float64() else { return nil }
                    record.earlierWriteTimes[name] = Date(timeIntervalSince1970: seconds)
                }
            }
            guard position == bytes.count else { return nil }
            return record
        }

        mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func varint() -> UInt64? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while let byte = byte() {
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return result }
                shift += 7
                if shift > 63 { return nil }
            }
            return nil
        }

        /// A count of elements that each take at least one byte, so a corrupt count cannot ask for a huge reservation.
        mutating func count() -> Int? {
            guard let count = varint(), count <= UInt64(bytes.count - position) else { return nil }
            return Int(count)
        }

        mutating func float64() -> Double? {
            guard bytes.count - position >= 8 else { return nil }
            var bits: UInt64 = 0
            withUnsafeMutableBytes(of: &bits) {
                $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<position + 8]))
            }
            position += 8
            return Double(bitPattern: UInt64(littleEndian: bits))
        }

        mutating func string() -> String? {
            guard let length = count() else { return nil }
            let utf8 = UnsafeRawBufferPointer(rebasing: bytes[position..<position + length])
            position += length
            return String(decoding: utf8.bindMemory(to: UInt8.self), as: UTF8.self)
        }

        mutating func value(depth: Int) -> RecordValue? {
            guard depth < Self.maximumDepth, let raw = byte(), let tag = Tag(rawValue: raw) else { return nil }
            switch tag {
            case .reference:
                return string().map { .reference(CacheKey($0)) }
            case .list:
                guard let count = count() else { return nil }
                var elements: [RecordValue] = []
                elements.reserveCapacity(count)
                for _ in 0..<count {
                    guard let element = value(depth: depth + 1) else { return nil }
                    elements.append(element)
                }
                return .list(elements)
            case .error:
                guard let error = json(depth: depth + 1), case .object = error else { return nil }
                return .error(GraphQLError(json: error))
            default:
                return json(tag, depth: depth).map { .value($0) }
            }
        }

        mutating func json(depth: Int) -> JSONValue? {
            guard depth < Self.maximumDepth, let raw = byte(), let tag = Tag(rawValue: raw) else { return nil }
            return json(tag, depth: depth)
        }

        mutating func json(_ tag: Tag, depth: Int) -> JSONValue? {
            switch tag {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .integer:
                guard let zigzag = varint() else { return nil }
                return .int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
            case .double: return float64().map { .double($0) }
            case .numberText:
                guard let text = string(), JSONValue.isNumberText(text) else { return nil }
                return .numberText(text)
            case .string: return string().map { .string($0) }
            case .array:
                guard let count = count() else { return nil }
                var elements: [JSONValue] = []
                elements.reserveCapacity(count)
                for _ in 0..<count {
                    guard let element = json(depth: depth + 1) else { return nil }
                    elements.append(element)
                }
                return .array(elements)
            case .object:
                guard let count = count() else { return nil }
                var keys: [String] = []
                var values: [JSONValue] = []
                keys.reserveCapacity(count)
                values.reserveCapacity(count)
                for _ in 0..<count {
                    guard let name = string(), let member = json(depth: depth + 1) else { return nil }
                    keys.append(name)
                    values.append(member)
                }
                guard Set(keys).count == keys.count else { return nil }
                return .object(JSONObject(uniqueKeys: keys, values: values))
            case .reference, .list, .error:
                return nil  // record values never sit inside a JSON leaf
            }
        }
    }

    /// The first moment one of the record's fields expires.
    static func earliestExpiry(of record: Record) -> Date? {
        record.expirations.values.min()
    }
}
