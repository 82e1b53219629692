// The `swift run streams-demo` walkthrough: small, real pipelines built with Streams. Each
// section prints a header, then what its observers receive. The output is the same on every run.

import Dispatch
import Foundation
import Streams

// MARK: - Helpers

/// Prints a section header.
func section(_ title: String) {
    print("\n== \(title) ==")
}

/// Seconds of virtual time elapsed since the reference date a `TestScheduler` starts at.
func virtualSeconds(_ scheduler: TestScheduler) -> String {
    let seconds = scheduler.currentDate.timeIntervalSinceReferenceDate
    return String(format: "%.1f", seconds)
}

// MARK: - 1. A sensor pipeline across queues

/// The readings the simulated sensor reports, in degrees Celsius.
let sensorReadings: [Double] = [21.4, 21.6, 21.9, 22.3, 22.1, 21.8]

/// A simulated temperature sensor: a cold producer that, each time it is started, reports one
/// reading every `interval` on `scheduler`, then completes.
///
/// The timer is added to the run's lifetime, so completing the run or disposing it stops the
/// timer and releases everything the timer action captured.
func temperatureSensor(
    readings: [Double],
    every interval: DispatchTimeInterval,
    on scheduler: QueueScheduler
) -> SignalProducer<Double, Never> {
    SignalProducer { observer, lifetime in
        guard !readings.isEmpty else { return observer.sendCompleted() }
        var next = 0
        lifetime += scheduler.schedule(after: interval, interval: interval) {
            guard next < readings.count else { return }
            observer.send(value: readings[next])
            next += 1
            if next == readings.count { observer.sendCompleted() }
        }
    }
}

/// Starts the sensor on one queue and displays its readings on another, hopping by hand with
/// `schedule`, then waits for the display queue to report the end of the stream.
func sensorPipeline() {
    section("1. A temperature sensor on one queue, displayed on another")

    let sensorQueue = QueueScheduler(name: "demo.sensor")
    let displayQueue = QueueScheduler(name: "demo.display")
    let finished = DispatchSemaphore(value: 0)

    // State owned by the display queue: only closures running there touch it.
    var count = 0
    var lowest = Double.infinity
    var highest = -Double.infinity

    print("starting the sensor: \(sensorReadings.count) readings, one every 20 ms")
    let run = temperatureSensor(readings: sensorReadings, every: .milliseconds(20), on: sensorQueue)
        .start { event in
            // Called on the sensor queue, one event at a time. Hand the event to the display queue.
            displayQueue.schedule {
                dispatchPrecondition(condition: .onQueue(displayQueue.queue))
                switch event {
                case let .value(celsius):
                    count += 1
                    lowest = min(lowest, celsius)
                    highest = max(highest, celsius)
                    print("  reading \(count): \(celsius) °C")
                case .completed:
                    print("  sensor completed: \(count) readings, from \(lowest) to \(highest) °C")
                    finished.signal()
                case .failed, .interrupted:
                    print("  sensor stopped early: \(event)")
                    finished.signal()
                }
            }
        }

    if finished.wait(timeout: .now() + .seconds(5)) == .timedOut {
        print("the sensor did not finish in time")
        exit(1)
    }
    print("the run has ended: isDisposed == \(run.isDisposed)")
}

// MARK: - 2. A hot signal: serialized, reentrant, in order

/// Two observers of one signal; the first answers a value by sending another one into the same
/// signal. The answer is queued and reaches both observers after the current delivery.
func reentrantDelivery() {
    section("2. One signal, two observers, an event sent from inside an observer")

    let (messages, input) = Signal<String, Never>.pipe()
    messages.observeValues { message in
        print("  first observer:  \(message)")
        if message == "ping" {
            print("  first observer sends \"pong\" from inside its callback")
            input.send(value: "pong")
        }
    }
    messages.observeValues { message in
        print("  second observer: \(message)")
    }
    messages.observeCompleted {
        print("  completed")
    }

    input.send(value: "ping")
    input.sendCompleted()
    print("  sending \"too late\" after completion: nothing is delivered")
    input.send(value: "too late")
}

/// Many threads send into one signal at once; its observer is never called concurrently, so a
/// plain variable is enough to count what arrives.
func serializedDelivery() {
    section("2b. Eight threads sending into one signal")

    let (numbers, input) = Signal<Int, Never>.pipe()
    var received = 0
    var sum = 0
    numbers.observeValues { number in
        received += 1
        sum += number
    }

    DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for index in 0..<1_000 {
            input.send(value: thread * 1_000 + index)
        }
    }
    input.sendCompleted()
    print("  received \(received) values, sum \(sum) (expected 8000 values, sum \((0..<8_000).reduce(0, +)))")
}

// MARK: - 3. A cold producer stopped from inside its observer

/// A synchronous producer of a thousand values, interrupted by its own observer after three.
///
/// `start` returns only when a synchronous run is over, so the observer gets the run's interrupt
/// handle from `startWithSignal`, which hands it over before the first value is sent.
func earlyDisposal() {
    section("3. A producer of 1000 values, disposed from inside its observer")

    let numbers = SignalProducer<Int, Never>(1...1_000)
    var seen: [Int] = []
    numbers.startWithSignal { signal, interruptHandle in
        signal.observe { event in
            print("  \(event)")
            guard case let .value(number) = event else { return }
            seen.append(number)
            if number == 3 {
                print("  observer disposes the run")
                interruptHandle.dispose()
            }
        }
        print("  observer attached; the run starts when this closure returns")
    }
    print("  the run stopped after \(seen.count) of 1000 values")

    let again = SignalProducer<Int, Never>(1...1_000)
    var total = 0
    again.startWithValues { total += $0 }
    print("  a new start runs anew: \(total) is the sum of all 1000")
}

// MARK: - 4. Virtual time

/// A heartbeat on a `TestScheduler`: nothing happens until the demo moves virtual time.
func virtualTime() {
    section("4. A heartbeat in virtual time with TestScheduler")

    let clock = TestScheduler()
    let heartbeat = SignalProducer<Int, Never> { observer, lifetime in
        var beat = 0
        lifetime += clock.schedule(after: .seconds(1), interval: .seconds(1)) {
            beat += 1
            observer.send(value: beat)
            if beat == 3 { observer.sendCompleted() }
        }
    }

    heartbeat.start { event in
        print("  t = \(virtualSeconds(clock)) s: \(event)")
    }
    print("  started at t = \(virtualSeconds(clock)) s; nothing has happened yet")
    print("  advance by 1.5 s")
    clock.advance(by: .milliseconds(1_500))
    print("  advance by 1 s")
    clock.advance(by: .seconds(1))
    print("  run the remaining work")
    clock.run()
}

// MARK: - 5. Lifetimes

/// An object whose observation lasts exactly as long as the object.
final class Thermostat {
    /// What the demo calls it.
    let name: String
    /// Ends when the thermostat is deallocated.
    let lifetime: Lifetime
    private let token: Lifetime.Token

    init(name: String, readings: Signal<Double, Never>) {
        let (lifetime, token) = Lifetime.make()
        self.name = name
        self.lifetime = lifetime
        self.token = token
        lifetime += readings.observeValues { celsius in
            print("  \(name) sees \(celsius) °C")
        }
        lifetime.observeEnded {
            print("  \(name)'s lifetime ended; its observation is disposed")
        }
    }
}

/// Ties an observation to an object's lifetime, then releases the object.
func lifetimes() {
    section("5. An observation that ends with its owner's Lifetime")

    let (readings, input) = Signal<Double, Never>.pipe()
    var thermostat: Thermostat? = Thermostat(name: "hall thermostat", readings: readings)
    input.send(value: 20.5)
    print("  releasing the \(thermostat?.name ?? "thermostat")")
    thermostat = nil
    input.send(value: 21.0)
    print("  21.0 was sent after the release; no observer was left to see it")
    input.sendCompleted()
}

// MARK: - 6. Recursion

/// A hundred thousand recursive steps on a scheduler that runs actions inline, in constant
/// stack: the steps run one after another in a loop instead of nesting.
func recursion() {
    section("6. A hundred thousand recursive steps with scheduleRecursively")

    var steps = 0
    ImmediateScheduler().scheduleRecursively { reschedule in
        steps += 1
        if steps < 100_000 { reschedule() }
    }
    print("  ran \(steps) steps without growing the stack")
}

// MARK: - 7. Search as you type

/// A simulated search service: answers `query` after 0.4 s of virtual time on `clock`.
func search(_ query: String, on clock: TestScheduler) -> SignalProducer<[String], Never> {
    let catalog = ["stream", "streams", "strength", "signal", "sink", "schedule"]
    return SignalProducer(value: catalog.filter { $0.hasPrefix(query) })
        .delay(0.4, on: clock)
        .on(started: { print("  t = \(virtualSeconds(clock)) s: searching for \"\(query)\"") })
}

/// Keystrokes debounced, repeated queries skipped, and only the latest search's answer kept.
func searchAsYouType() {
    section("7. Search as you type: debounce, skipRepeats and flatMap(.latest)")

    let clock = TestScheduler()
    let query = MutableProperty("")
    query.signal
        .debounce(0.2, on: clock)
        .skipRepeats()
        .filter { !$0.isEmpty }
        .flatMap(.latest) { search($0, on: clock) }
        .observeValues { results in
            print("  t = \(virtualSeconds(clock)) s: results \(results)")
        }

    // Typing "str", a pause, then "stre" and "s" quickly: the search for "s" starts before the
    // one for "stre" answers, so flatMap(.latest) disposes the stale search and its answer never
    // shows.
    for (delay, text) in [(0.1, "s"), (0.1, "st"), (0.1, "str"), (0.5, "stre"), (0.3, "s")] {
        clock.advance(by: delay)
        print("  t = \(virtualSeconds(clock)) s: typed \"\(text)\"")
        query.value = text
    }
    clock.run()
}

// MARK: - 8. A sign-up form

enum FormError: Swift.Error, CustomStringConvertible {
    case missingAt
    case tooShort

    var description: String {
        switch self {
        case .missingAt: return "an email address needs an @"
        case .tooShort: return "a password needs 8 characters"
        }
    }
}

/// A form whose submit action is enabled only while both fields are valid.
func signUpForm() {
    section("8. A sign-up form: validated properties enable the submit Action")

    let email = ValidatingProperty<String, FormError>("") { $0.contains("@") ? .valid : .invalid(.missingAt) }
    let password = ValidatingProperty<String, FormError>("") { $0.count >= 8 ? .valid : .invalid(.tooShort) }
    let credentials = Property.combineLatest(email.result, password.result).map { email, password -> (String, String)? in
        guard let email = email.value, let password = password.value else { return nil }
        return (email, password)
    }
    let submit = Action<Void, String, Never>(unwrapping: credentials) { credentials in
        SignalProducer(value: "account created for \(credentials.0)")
    }

    submit.isEnabled.producer.startWithValues { print("  submit enabled: \($0)") }
    submit.values.observeValues { print("  \($0)") }
    for (name, field) in [("email", email), ("password", password)] {
        field.result.signal.observeValues { result in
            if let error = result.error { print("  \(name): \(error)") }
        }
    }

    for (field, text) in [(email, "ada.example.com"), (email, "ada@example.com"),
                          (password, "secret"), (password, "correct horse")] {
        print("  typed \(field === email ? "email" : "password") \"\(text)\"")
        field.value = text
    }
    print("  submit tapped (the action is disabled while it runs)")
    submit.apply().start()
}

// MARK: - 9. One request, shared and replayed

/// A request that takes one second of virtual time and is shared by every screen that shows
/// its answer, including those that subscribe after it finished.
func sharedRequest() {
    section("9. One network-like request shared by three subscribers with replay(upTo:)")

    let clock = TestScheduler()
    let profile = SignalProducer<String, Never> { observer, _ in
        print("  t = \(virtualSeconds(clock)) s: request sent")
        observer.send(value: "profile of Ada")
        observer.sendCompleted()
    }.delay(1, on: clock)

    let shared = profile.replay(upTo: 1)
    shared.producer.startWithValues { print("  t = \(virtualSeconds(clock)) s: header shows \($0)") }
    shared.producer.startWithValues { print("  t = \(virtualSeconds(clock)) s: sidebar shows \($0)") }
    shared.connect()
    clock.run()
    shared.producer.startWithValues { print("  later: settings screen shows \($0) from the replay") }
}

// MARK: - 10. Eventing: owner-bound observation and a typed bus

/// A cart posts its changes on a bus; a badge receives them by type, a screen observes the
/// cart's total bound to itself, and both stop by themselves when they go away.
struct CartChanged { let items: Int }
struct ItemRemoved { let name: String }

final class Cart {
    let total = LastValueSignal<Double>()
    private let bus: PostOffice
    private var items: [(String, Double)] = []
    init(bus: PostOffice) { self.bus = bus }

    func add(_ name: String, price: Double) {
        items.append((name, price))
        total.send(value: items.reduce(0) { $0 + $1.1 })
        bus.post(CartChanged(items: items.count), sender: self)
    }
}

final class CartBadge {
    let name: String
    init(name: String, bus: PostOffice) {
        self.name = name
        bus.register(self, CartBadge.update)
    }
    func update(_ change: CartChanged, sender: Cart) {
        print("  \(name): \(change.items) item\(change.items == 1 ? "" : "s")")
    }
}

final class CheckoutScreen {
    func show(_ total: Double) { print("  checkout screen: total \(total)") }
}

func eventing() {
    section("10. Eventing: a typed bus and observation bound to an owner")
    let bus = PostOffice(name: "shop")
    let cart = Cart(bus: bus)
    let badge = CartBadge(name: "badge", bus: bus)
    bus.register { (removed: ItemRemoved) in print("  never printed: nobody posts \(removed.name)") }
    cart.add("tea", price: 4.5)
    var screen: CheckoutScreen? = CheckoutScreen()
    cart.total.observe(with: screen!, call: CheckoutScreen.show)   // the last total at once
    cart.add("cups", price: 12.0)
    print("  the checkout screen closes")
    screen = nil
    cart.add("pot", price: 30.0)
    print("  \(bus), the screen's observation ended with the screen")
    withExtendedLifetime(badge) {}
}

/// A word lookup that takes a moment, as a network call would.
func definitionLength(of word: String) async -> Int {
    try? await Task.sleep(for: .milliseconds(5))
    return word.count * 10
}

/// A main-actor model that follows a property changed on a background queue.
@MainActor final class DownloadModel {
    private(set) var status = "waiting"
    private var observation: Disposable?

    init(progress: Property<Int>, onChange: @escaping @MainActor (String) -> Void) {
        observation = progress.producer.startWithValues(on: MainActor.self) { [weak self] percent in
            self?.status = percent < 100 ? "\(percent)%" : "done"
            onChange(self?.status ?? "")
        }
    }
}

func swiftConcurrency() async {
    section("11. Swift concurrency: for await, async producers, an async Action, the main actor")

    var squares: [Int] = []
    for await square in SignalProducer<Int, Never>(1...).map({ $0 * $0 }).values {
        squares.append(square)
        if squares.count == 5 { break }
    }
    print("  for await over an endless producer, pulled one value per next(): \(squares)")

    let (words, continuation) = AsyncStream.makeStream(of: String.self)
    for word in ["signal", "producer", "actor"] { continuation.yield(word) }
    continuation.finish()
    let lengths = await SignalProducer(words)
        .flatMap(.concat) { word in SignalProducer<Int, Never> { await definitionLength(of: word) } }
        .collect()
        .firstValue()
    print("  an AsyncStream and an async function as producers: \(lengths ?? [])")

    let (disposals, disposed) = AsyncStream.makeStream(of: Void.self)
    let ticks = SignalProducer.timer(interval: .milliseconds(2), on: QueueScheduler(name: "demo.ticks"))
        .on(disposed: { disposed.yield() })
    let reader = Task {
        var count = 0
        for await _ in ticks.values {
            count += 1
            if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return count
    }
    print("  ticks read before the loop's task was cancelled: \(await reader.value)")
    for await _ in disposals { break }
    print("  and cancelling the task disposed the timer's run")

    let lookUp = Action<String, Int, Never> { (word: String) async -> Int in
        await definitionLength(of: word)
    }
    do {
        let looked = try await lookUp.apply("stream").lastValue()
        print("  an Action with async work: \(looked ?? 0)")
    } catch {
        print("  the Action could not run: \(error)")
    }

    await mainActorModel()
}

@MainActor func mainActorModel() async {
    let progress = MutableProperty(0)
    let (updates, continuation) = AsyncStream.makeStream(of: String.self)
    let model = DownloadModel(progress: Property(progress)) { continuation.yield($0) }
    let network = QueueScheduler(name: "demo.download")
    for percent in [25, 50, 100] {
        network.schedule { progress.value = percent }
    }
    for await status in updates where status == "done" { break }
    print("  a @MainActor model followed a property changed on a background queue: \(model.status)")
}

// MARK: - Main

print("Streams demo")
sensorPipeline()
reentrantDelivery()
serializedDelivery()
earlyDisposal()
virtualTime()
lifetimes()
recursion()
searchAsYouType()
signUpForm()
sharedRequest()
eventing()

// MARK: - 10b. A script's top-level code

// Top-level code is isolated to the main actor, and until the program's first `await` the main
// queue has run nothing: the main thread is running this code. An observer written here is
// called on the thread that sends, while the script waits for it on a semaphore.
section("10b. A script: lines sent from a queue, waited for on a semaphore")
let (lines, lineInput) = Signal<String, Never>.pipe()
var receivedLines: [String] = []
let allLinesReceived = DispatchSemaphore(value: 0)
lines.observeValues { line in
    receivedLines.append(line)
    if receivedLines.count == 3 { allLinesReceived.signal() }
}
DispatchQueue.global().async {
    for line in ["alpha", "beta", "gamma"] { lineInput.send(value: line) }
}
allLinesReceived.wait()
print("  the script received \(receivedLines), sent from a queue")

await swiftConcurrency()
print("\nDemo finished.")
exit(0)
