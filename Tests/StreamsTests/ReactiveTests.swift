import Foundation
import Testing
@testable import Streams

/// A type of the client's with reactive extensions.
final class Thermometer: ReactiveExtensionsProvider {
    let readings = MutableProperty(20.0)
}

extension Reactive where Base: Thermometer {
    var temperature: Property<Double> { Property(capturing: base.readings) }
}

@Suite("Reactive extensions")
struct ReactiveTests {
    @Test("a client type's extensions are reached through .reactive")
    func clientExtension() {
        let thermometer = Thermometer()
        var seen: [Double] = []
        thermometer.reactive.temperature.producer.startWithValues { seen.append($0) }
        thermometer.readings.value = 21.5
        #expect(seen == [20.0, 21.5])
        #expect(Thermometer.reactive == Reactive<Thermometer>.self)
    }
}
