/// The bytes of a string with escapes as the reader decodes it.
///
/// The decoder stores whole eight-byte words and writes through ``start`` without checking each byte against the
/// end, so it asks for room with ``reserve(_:keeping:)`` before each step, for as many bytes as that step may write.
/// All of the buffer is initialized, so any of it may be overwritten.
struct JSONByteBuffer: ~Copyable {
    /// The first byte of the buffer; it moves when the buffer grows.
    private(set) var start: UnsafeMutablePointer<UInt8>

    /// The number of bytes the buffer holds room for.
    private(set) var capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0, "a buffer needs room for at least one byte")
        start = .allocate(capacity: capacity)
        start.initialize(repeating: 0, count: capacity)
        self.capacity = capacity
    }

    deinit {
        start.deallocate()
    }

    /// Makes room for at least `minimumCapacity` bytes, keeping the first `count` of those written so far.
    @inline(__always)
    mutating func reserve(_ minimumCapacity: Int, keeping count: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity, keeping: count) }
    }

    @inline(never)
    private mutating func grow(to minimumCapacity: Int, keeping count: Int) {
        let newCapacity = max(minimumCapacity, capacity * 2)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(repeating: 0, count: newCapacity)
        newStart.update(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }
}
