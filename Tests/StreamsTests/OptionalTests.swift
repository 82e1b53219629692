import Testing
@testable import Streams

// OptionalProtocol: what lets operators such as skipNil() be written for streams of optionals.

/// Unwraps through the protocol only, as generic operators do.
private func unwrapped<O: OptionalProtocol>(_ value: O) -> O.Wrapped? { value.optional }

/// Rebuilds through the protocol only.
private func rebuilt<O: OptionalProtocol>(_ value: O.Wrapped?, as _: O.Type) -> O { O(reconstructing: value) }

@Suite("OptionalProtocol")
struct OptionalProtocolTests {
    @Test("optional gives the optional itself")
    func optionalProperty() {
        #expect(unwrapped(Int?.some(3)) == 3)
        #expect(unwrapped(Int?.none) == nil)
        #expect(unwrapped(String??.some(nil)) == .some(nil))
    }

    @Test("init(reconstructing:) rebuilds the optional it is given")
    func reconstructing() {
        #expect(rebuilt(5, as: Int?.self) == 5)
        #expect(rebuilt(nil, as: Int?.self) == nil)
        #expect(rebuilt(.some(nil), as: Int??.self) == .some(nil))
    }

    @Test("a conforming type can be created from nil through the protocol")
    func nilLiteral() {
        func makeNil<O: OptionalProtocol>(_: O.Type) -> O { nil }
        #expect(makeNil(Int?.self) == nil)
        #expect(unwrapped(makeNil(String?.self)) == nil)
    }
}
