import Dispatch
import Foundation
import Testing
@testable import Streams

@Suite("Lifetime")
struct LifetimeTests {
    @Test("make() gives a lifetime that has not ended, and a token that ends it")
    func makeAndDispose() {
        let (lifetime, token) = Lifetime.make()
        #expect(!lifetime.hasEnded)
        var ended = 0
        lifetime.observeEnded { ended += 1 }
        #expect(ended == 0)
        token.dispose()
        #expect(lifetime.hasEnded)
        #expect(ended == 1)
        token.dispose()
        #expect(ended == 1)
    }

    @Test("the lifetime ends when its token is deallocated")
    func tokenDeinit() {
        var token: Lifetime.Token? = Lifetime.Token()
        let lifetime = Lifetime(token!)
        var ended = 0
        lifetime.observeEnded { ended += 1 }
        #expect(!lifetime.hasEnded)
        token = nil
        #expect(lifetime.hasEnded)
        #expect(ended == 1)
    }

    @Test("lifetimes made from the same token end together")
    func sharedToken() {
        let token = Lifetime.Token()
        let a = Lifetime(token)
        let b = Lifetime(token)
        var log: [String] = []
        a.observeEnded { log.append("a") }
        b.observeEnded { log.append("b") }
        token.dispose()
        #expect(a.hasEnded && b.hasEnded)
        #expect(log == ["a", "b"])
    }

    @Test("observeEnded actions run once each, in the order they were added")
    func observeEndedOrder() {
        let (lifetime, token) = Lifetime.make()
        var log: [Int] = []
        for index in 0..<5 { lifetime.observeEnded { log.append(index) } }
        token.dispose()
        #expect(log == Array(0..<5))
    }

    @Test("observeEnded on an ended lifetime runs the action at once and returns nil")
    func observeEndedAfterEnd() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        var ran = 0
        let handle = lifetime.observeEnded { ran += 1 }
        #expect(ran == 1)
        #expect(handle == nil)
    }

    @Test("disposing the handle of observeEnded cancels the action")
    func observeEndedCancel() {
        let (lifetime, token) = Lifetime.make()
        var cancelled = 0
        var kept = 0
        let handle = lifetime.observeEnded { cancelled += 1 }
        lifetime.observeEnded { kept += 1 }
        #expect(handle != nil)
        handle?.dispose()
        token.dispose()
        #expect(cancelled == 0)
        #expect(kept == 1)
    }

    @Test("+= disposes the disposable when the lifetime ends")
    func plusEquals() {
        let (lifetime, token) = Lifetime.make()
        let disposable = AnyDisposable()
        let handle = lifetime += disposable
        #expect(handle != nil)
        #expect(!disposable.isDisposed)
        token.dispose()
        #expect(disposable.isDisposed)
    }

    @Test("+= on an ended lifetime disposes at once and returns nil; += nil does nothing")
    func plusEqualsAfterEnd() {
        let (lifetime, token) = Lifetime.make()
        #expect((lifetime += nil) == nil)
        token.dispose()
        let disposable = AnyDisposable()
        let handle = lifetime += disposable
        #expect(disposable.isDisposed)
        #expect(handle == nil)
    }

    @Test("the handle returned by += unties the disposable without disposing it")
    func plusEqualsUntie() {
        let (lifetime, token) = Lifetime.make()
        let disposable = AnyDisposable()
        let handle = lifetime += disposable
        handle?.dispose()
        #expect(!disposable.isDisposed)
        token.dispose()
        #expect(!disposable.isDisposed)
    }

    @Test("ended completes when the lifetime ends")
    func endedCompletes() {
        let (lifetime, token) = Lifetime.make()
        let log = EventLog<Never, Never>()
        lifetime.ended.observe(log.observer)
        #expect(log.events.isEmpty)
        token.dispose()
        #expect(log.events == [.completed])
    }

    @Test("ended interrupts at once when the lifetime has already ended")
    func endedAfterEnd() {
        let (lifetime, token) = Lifetime.make()
        token.dispose()
        let log = EventLog<Never, Never>()
        let observation = lifetime.ended.observe(log.observer)
        #expect(observation == nil)
        #expect(log.events == [.interrupted])
    }

    @Test("Lifetime.empty has already ended")
    func emptyHasEnded() {
        let lifetime = Lifetime.empty
        #expect(lifetime.hasEnded)
        var ran = 0
        let handle = lifetime.observeEnded { ran += 1 }
        #expect(handle == nil)
        #expect(ran == 1)
        let disposable = AnyDisposable()
        lifetime += disposable
        #expect(disposable.isDisposed)
        let log = EventLog<Never, Never>()
        #expect(lifetime.ended.observe(log.observer) == nil)
        #expect(log.events == [.interrupted])
    }

    @Test("a lifetime tied to an object ends when the object goes away")
    func ownerPattern() {
        final class Owner {
            let lifetime: Lifetime
            private let token: Lifetime.Token
            init() { (lifetime, token) = Lifetime.make() }
        }
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        var ended = false
        lifetime.observeEnded { ended = true }
        owner = nil
        #expect(ended)
        #expect(lifetime.hasEnded)
    }

    @Test("cancelling an observeEnded action releases it outside the lifetime's lock")
    func cancelledActionReleasedOutsideLock() {
        // The action owns an object whose deinit uses the same lifetime, as an object that ties
        // work to its owner's lifetime does. If the action were released under the lifetime's
        // lock, that deinit would re-enter the lock and deadlock.
        final class Registrar {
            let lifetime: Lifetime
            init(_ lifetime: Lifetime) { self.lifetime = lifetime }
            deinit { lifetime.observeEnded {} }
        }
        let finished = runWithDeadline(seconds: 5) { () -> Bool in
            let (lifetime, token) = Lifetime.make()
            var registrar: Registrar? = Registrar(lifetime)
            let handle = lifetime.observeEnded { [registrar] in _ = registrar }
            registrar = nil
            handle?.dispose()
            token.dispose()
            return lifetime.hasEnded
        }
        #expect(finished == true, "cancelling an observeEnded action deadlocked: it was released under the lock")
    }
}

extension ConcurrencySuites {
    @Suite("Lifetime concurrency")
    struct LifetimeConcurrencyTests {
        @Test("actions added from many threads while the lifetime ends each run exactly once")
        func observeEndedRacingEnd() {
            let rounds = 50
            var wrong = 0
            for _ in 0..<rounds {
                let (lifetime, token) = Lifetime.make()
                let threads = 4
                let perThread = 100
                let runs = (0..<(threads * perThread)).map { _ in TestCounter() }
                DispatchQueue.concurrentPerform(iterations: threads + 1) { worker in
                    if worker == threads {
                        token.dispose()
                    } else {
                        for index in 0..<perThread {
                            lifetime.observeEnded { runs[worker * perThread + index].increment() }
                        }
                    }
                }
                wrong += runs.filter { $0.value != 1 }.count
                #expect(lifetime.hasEnded)
            }
            #expect(wrong == 0)
        }

        @Test("a token disposed from many threads at once ends the lifetime once")
        func concurrentTokenDisposal() {
            let (lifetime, token) = Lifetime.make()
            let ended = TestCounter()
            lifetime.observeEnded { ended.increment() }
            DispatchQueue.concurrentPerform(iterations: 8) { _ in token.dispose() }
            #expect(ended.value == 1)
            #expect(lifetime.hasEnded)
        }
    }
}
