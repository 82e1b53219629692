/// A first-in, first-out queue in one contiguous array: appends at the end, takes from a head
/// index, and reuses its storage once emptied.
///
/// Taking is O(1); the space of taken elements is reclaimed when the queue empties, or when
/// more than half of a large array has been taken.
struct FIFOBuffer<Element> {
    private var elements: ContiguousArray<Element?> = []
    private var head = 0

    /// The number of elements waiting.
    var count: Int { elements.count - head }

    /// Whether no element is waiting.
    var isEmpty: Bool { head == elements.count }

    /// Adds `element` at the end.
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    /// Removes and returns the first element, or returns nil if none is waiting.
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        // Taken elements are released at once, not when the queue next empties.
        let element = elements[head].take()
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes every element.
    mutating func removeAll() {
        elements.removeAll()
        head = 0
    }
}
