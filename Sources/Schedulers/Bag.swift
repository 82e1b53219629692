/// An unordered-removal, insertion-ordered collection that hands out a token for each insertion.
///
/// Iteration follows insertion order. Removal takes the token returned by `insert(_:)`.
///
/// - Complexity: `insert` is amortized O(1); `remove(using:)` is O(log n) to find the element
///   plus O(n) to close the gap.
public struct Bag<Element> {
    /// Identifies one insertion into a bag.
    public struct Token: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    fileprivate var elements: ContiguousArray<Element> = []
    fileprivate var tokens: ContiguousArray<UInt64> = []
    private var nextToken: UInt64 = 0

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding `elements`, in order.
    public init<S: Sequence>(_ elements: S) where S.Iterator.Element == Element {
        for element in elements { _ = insert(element) }
    }

    /// Inserts `value` after every element already present.
    ///
    /// - Returns: The token that removes this insertion.
    @discardableResult
    public mutating func insert(_ value: Element) -> Token {
        let token = nextToken
        nextToken &+= 1
        elements.append(value)
        tokens.append(token)
        return Token(value: token)
    }

    /// Removes the element inserted with `token`.
    ///
    /// - Returns: The removed element, or `nil` if it was already removed.
    @discardableResult
    public mutating func remove(using token: Token) -> Element? {
        // Tokens are handed out in increasing order and removal keeps the order, so the token
        // array is sorted: binary search finds the slot.
        var low = 0
        var high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid] < token.value { low = mid + 1 } else { high = mid }
        }
        guard low < tokens.count, tokens[low] == token.value else { return nil }
        tokens.remove(at: low)
        return elements.remove(at: low)
    }
}

extension Bag: RandomAccessCollection {
    /// The position of the first element.
    public var startIndex: Int { elements.startIndex }

    /// The position after the last element.
    public var endIndex: Int { elements.endIndex }

    /// The element at `index`, in insertion order.
    public subscript(index: Int) -> Element { elements[index] }

    /// An iterator over the elements in insertion order.
    public func makeIterator() -> Iterator {
        Iterator(base: elements.makeIterator())
    }

    /// Iterates over a bag in insertion order.
    public struct Iterator: IteratorProtocol {
        fileprivate var base: ContiguousArray<Element>.Iterator

        /// The next element, or `nil` at the end.
        public mutating func next() -> Element? { base.next() }
    }
}

extension Bag: Sendable where Element: Sendable {}
