/// A growable stack that the reader keeps the elements of all open arrays and objects on.
///
/// Closing a container moves its elements off the top of the stack into an exactly sized array, without the
/// reference counting that copying out of an `Array` and removing the originals would cost.
struct JSONMoveStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int

    /// The number of elements on the stack.
    private(set) var count = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a stack needs room for at least one element")
        storage = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// The topmost element.
    var last: Element {
        precondition(count > 0, "the stack is empty")
        return storage[count - 1]
    }

    /// The element at `index`, counted from the bottom.
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        return storage[index]
    }

    /// Pushes `element` on top.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Removes the topmost element and returns it.
    mutating func popLast() -> Element {
        precondition(count > 0, "the stack is empty")
        count -= 1
        return (storage + count).move()
    }

    /// Removes the topmost element.
    mutating func removeLast() {
        precondition(count > 0, "the stack is empty")
        count -= 1
        (storage + count).deinitialize(count: 1)
    }

    /// Removes the elements from `start` to the top.
    mutating func removeAll(from start: Int) {
        precondition(start >= 0 && start <= count, "start out of range")
        (storage + start).deinitialize(count: count - start)
        count = start
    }

    /// Removes the elements from `start` to the top and returns them in order.
    ///
    /// `placeholder` must be a value that holds no references, such as `.null` or `""`: short arrays are allocated
    /// filled with it, and it is overwritten without being deinitialized, which leaks nothing for such a value.
    mutating func popArray(from start: Int, placeholder: Element) -> [Element] {
        precondition(start >= 0 && start <= count, "start out of range")
        let length = count - start
        guard length > 0 else { return [] }
        let source = storage + start
        count = start
        if var array = JSONMoveStack.shortArray(repeating: placeholder, count: length) {
            array.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.moveInitialize(from: source, count: length)
            }
            return array
        }
        return [Element](unsafeUninitializedCapacity: length) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: length)
            initialized = length
        }
    }

    /// An array of `count` copies of `element` for counts up to 16, else `nil`.
    ///
    /// Array literals allocate their storage with the element type known at compile time. Every other way to
    /// allocate an array calls into the standard library's unspecialized code, which looks the storage type up in
    /// the runtime's metadata cache each time: that lookup cost about a third of the time of reading a typical
    /// response, whose objects and arrays are mostly short.
    @inline(__always)
    private static func shortArray(repeating element: Element, count: Int) -> [Element]? {
        let e = element
        switch count {
        case 1: return [e]
        case 2: return [e, e]
        case 3: return [e, e, e]
        case 4: return [e, e, e, e]
        case 5: return [e, e, e, e, e]
        case 6: return [e, e, e, e, e, e]
        case 7: return [e, e, e, e, e, e, e]
        case 8: return [e, e, e, e, e, e, e, e]
        case 9: return [e, e, e, e, e, e, e, e, e]
        case 10: return [e, e, e, e, e, e, e, e, e, e]
        case 11: return [e, e, e, e, e, e, e, e, e, e, e]
        case 12: return [e, e, e, e, e, e, e, e, e, e, e, e]
        case 13: return [e, e, e, e, e, e, e, e, e, e, e, e, e]
        case 14: return [e, e, e, e, e, e, e, e, e, e, e, e, e, e]
        case 15: return [e, e, e, e, e, e, e, e, e, e, e, e, e, e, e]
        case 16: return [e, e, e, e, e, e, e, e, e, e, e, e, e, e, e, e]
        default: return nil
        }
    }

    /// Calls `body` with the elements from `start` to the top.
    func withElements<Result>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        precondition(start >= 0 && start <= count, "start out of range")
        return body(UnsafeBufferPointer(start: storage + start, count: count - start))
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
