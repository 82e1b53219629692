/// A first-in, first-out queue in one contiguous array: appends at the end, takes from a head
/// index, and reuses its storage once emptied. The one queue type of the package: serializers,
/// sequencing and flattening runs, zip, the trampoline and async iteration all keep their
/// waiting items here.
///
/// Taking is O(1) amortized, and a taken element is released at once. The space of taken
/// elements is reclaimed when the queue empties (the storage is kept for reuse if it is small),
/// or once at least 1,024 elements, and at least half of the array, have been taken, so that a
/// queue fed while it drains (a million synchronous inner streams) does not keep every processed
/// element.
@usableFromInline
struct FIFOBuffer<Element> {
    @usableFromInline var elements: ContiguousArray<Element?> = []
    @usableFromInline var head = 0

    /// An empty queue.
    @inlinable
    init() {}

    /// The number of elements waiting.
    @inlinable
    var count: Int { elements.count - head }

    /// Whether no element is waiting.
    @inlinable
    var isEmpty: Bool { head == elements.count }

    /// Adds `element` at the end.
    @inlinable
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    /// Removes and returns the first element, or returns nil if none is waiting.
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head].take()
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: elements.capacity <= 64)
            head = 0
        } else if head >= 1024 && head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes every element, releasing the storage.
    @inlinable
    mutating func removeAll() {
        elements = []
        head = 0
    }
}
