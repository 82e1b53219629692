import Dispatch
import Schedulers
import Testing

@Suite("AnyDisposable")
struct AnyDisposableTests {
    @Test("runs its action on the first dispose only")
    func runsActionOnce() {
        let count = Shared(0)
        let disposable = AnyDisposable { count.increment() }
        #expect(!disposable.isDisposed)
        #expect(count.value == 0)

        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(count.value == 1)

        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(count.value == 1)
    }

    @Test("runs its action exactly once when disposed concurrently from many threads")
    func concurrentDisposeRunsOnce() {
        for _ in 0..<50 {
            let count = Shared(0)
            let disposable = AnyDisposable { count.increment() }
            DispatchQueue.concurrentPerform(iterations: 64) { _ in
                disposable.dispose()
                #expect(disposable.isDisposed)
            }
            #expect(count.value == 1)
        }
    }

    @Test("init() only records disposal")
    func emptyInit() {
        let disposable = AnyDisposable()
        #expect(!disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
    }

    @Test("init(Disposable) disposes the wrapped disposable")
    func wrapsDisposable() {
        let count = Shared(0)
        let inner = AnyDisposable { count.increment() }
        let outer = AnyDisposable(inner as Disposable)
        #expect(!inner.isDisposed)

        outer.dispose()
        #expect(outer.isDisposed)
        #expect(inner.isDisposed)
        #expect(count.value == 1)

        outer.dispose()
        #expect(count.value == 1)
    }

    @Test("disposing the wrapped disposable does not dispose the wrapper")
    func wrappedDisposedSeparately() {
        let inner = AnyDisposable()
        let outer = AnyDisposable(inner as Disposable)
        inner.dispose()
        #expect(!outer.isDisposed)
    }

    @Test("the action is released once it has run")
    func releasesAction() {
        weak var weakTracked: Tracked?
        let disposable: AnyDisposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            disposable = AnyDisposable { tracked.hits += 1 }
        }
        #expect(weakTracked != nil)
        disposable.dispose()
        #expect(weakTracked == nil)
    }
}

@Suite("CompositeDisposable")
struct CompositeDisposableTests {
    @Test("disposes every item in insertion order, once")
    func disposesAllInOrderOnce() {
        let log = Shared<[Int]>([])
        let composite = CompositeDisposable()
        for i in 0..<10 {
            composite.add(AnyDisposable { log.append(i) })
        }
        #expect(!composite.isDisposed)
        #expect(log.value.isEmpty)

        composite.dispose()
        #expect(composite.isDisposed)
        #expect(log.value == Array(0..<10))

        composite.dispose()
        #expect(log.value == Array(0..<10))
    }

    @Test("init from a sequence keeps the order, and the optional sequence init skips nils")
    func initFromSequences() {
        let log = Shared<[Int]>([])
        let a = AnyDisposable { log.append(1) }
        let b = AnyDisposable { log.append(2) }
        let c = AnyDisposable { log.append(3) }

        let composite = CompositeDisposable([a, b] as [Disposable])
        composite.dispose()
        #expect(log.value == [1, 2])
        #expect(a.isDisposed && b.isDisposed)

        let withNils = CompositeDisposable([nil, c, nil] as [Disposable?])
        #expect(!c.isDisposed)
        withNils.dispose()
        #expect(c.isDisposed)
        #expect(log.value == [1, 2, 3])
    }

    @Test("adding after disposal disposes the item at once and returns nil")
    func addAfterDispose() {
        let composite = CompositeDisposable()
        composite.dispose()

        let item = AnyDisposable()
        let handle = composite.add(item)
        #expect(handle == nil)
        #expect(item.isDisposed)

        let ran = Shared(0)
        let actionHandle = composite.add { ran.increment() }
        #expect(actionHandle == nil)
        #expect(ran.value == 1)
    }

    @Test("adding nil adds nothing and returns nil")
    func addNil() {
        let composite = CompositeDisposable()
        #expect(composite.add(nil as Disposable?) == nil)
        #expect((composite += nil as Disposable?) == nil)
        composite.dispose()
        #expect(composite.isDisposed)
    }

    @Test("the handle returned by add removes the item without disposing it")
    func handleRemovesWithoutDisposing() {
        let composite = CompositeDisposable()
        let kept = AnyDisposable()
        let removed = AnyDisposable()
        composite.add(kept)
        let handle = composite.add(removed)
        #expect(handle != nil)

        handle?.dispose()
        #expect(!removed.isDisposed)
        #expect(!composite.isDisposed)

        composite.dispose()
        #expect(kept.isDisposed)
        #expect(!removed.isDisposed)
    }

    @Test("the handle returned by add(action) removes the action without running it")
    func actionHandleRemovesWithoutRunning() {
        let composite = CompositeDisposable()
        let ran = Shared(0)
        let handle = composite.add { ran.increment() }
        handle?.dispose()
        #expect(ran.value == 0)
        composite.dispose()
        #expect(ran.value == 0)
    }

    @Test("+= adds a disposable and returns a removal handle")
    func plusEqualsDisposable() {
        let composite = CompositeDisposable()
        let a = AnyDisposable()
        let b = AnyDisposable()
        composite += a
        let handle = composite += b
        handle?.dispose()
        composite.dispose()
        #expect(a.isDisposed)
        #expect(!b.isDisposed)
    }

    @Test("+= adds an action that runs on dispose")
    func plusEqualsAction() {
        let log = Shared<[String]>([])
        let composite = CompositeDisposable()
        composite += { log.append("first") }
        let handle = composite += { log.append("removed") }
        composite += { log.append("second") }
        handle?.dispose()
        #expect(log.value.isEmpty)
        composite.dispose()
        #expect(log.value == ["first", "second"])
    }

    @Test("concurrent adds racing a dispose: every item ends up disposed exactly once")
    func concurrentAddsAndDispose() {
        for _ in 0..<20 {
            let composite = CompositeDisposable()
            let counts = (0..<200).map { _ in Shared(0) }
            let items = counts.map { count in AnyDisposable { count.increment() } }
            DispatchQueue.concurrentPerform(iterations: items.count + 1) { i in
                if i == items.count / 2 {
                    composite.dispose()
                } else if i < items.count {
                    composite.add(items[i])
                } else {
                    composite.add(items[items.count / 2])
                }
            }
            #expect(composite.isDisposed)
            #expect(items.allSatisfy { $0.isDisposed })
            #expect(counts.allSatisfy { $0.value == 1 })
        }
    }

    @Test("isDisposed is safe to read while other threads add and dispose")
    func concurrentAddsThenDispose() {
        let composite = CompositeDisposable()
        let count = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
            composite.add { count.increment() }
            _ = composite.isDisposed
        }
        #expect(count.value == 0)
        composite.dispose()
        #expect(count.value == 1_000)
    }
}

@Suite("SerialDisposable")
struct SerialDisposableTests {
    @Test("replacing the inner disposable disposes the previous one")
    func replacingDisposesOld() {
        let serial = SerialDisposable()
        #expect(serial.inner == nil)
        let first = AnyDisposable()
        let second = AnyDisposable()

        serial.inner = first
        #expect(serial.inner === first)
        #expect(!first.isDisposed)

        serial.inner = second
        #expect(first.isDisposed)
        #expect(!second.isDisposed)
        #expect(serial.inner === second)

        serial.inner = nil
        #expect(second.isDisposed)
        #expect(serial.inner == nil)
        #expect(!serial.isDisposed)
    }

    @Test("init holds the given disposable; dispose disposes it once")
    func initAndDispose() {
        let count = Shared(0)
        let inner = AnyDisposable { count.increment() }
        let serial = SerialDisposable(inner)
        #expect(serial.inner === inner)
        #expect(!serial.isDisposed)

        serial.dispose()
        #expect(serial.isDisposed)
        #expect(inner.isDisposed)
        #expect(serial.inner == nil)
        serial.dispose()
        #expect(count.value == 1)
    }

    @Test("after disposal, a new inner disposable is disposed at once and not kept")
    func setAfterDispose() {
        let serial = SerialDisposable()
        serial.dispose()
        let late = AnyDisposable()
        serial.inner = late
        #expect(late.isDisposed)
        #expect(serial.inner == nil)
    }

    @Test("setting the same instance twice does not dispose it")
    func sameInstanceTwice() {
        let serial = SerialDisposable()
        let inner = AnyDisposable()
        serial.inner = inner
        serial.inner = inner
        #expect(!inner.isDisposed)
        #expect(serial.inner === inner)
        serial.dispose()
        #expect(inner.isDisposed)
    }

    @Test("concurrent replacement disposes every inner except the last one kept")
    func concurrentReplacement() {
        let serial = SerialDisposable()
        let items = (0..<500).map { _ in AnyDisposable() }
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            serial.inner = items[i]
        }
        let survivors = items.filter { !$0.isDisposed }
        #expect(survivors.count == 1)
        #expect(serial.inner === survivors.first)
        serial.dispose()
        #expect(items.allSatisfy { $0.isDisposed })
    }
}

@Suite("ScopedDisposable")
struct ScopedDisposableTests {
    @Test("disposes the inner disposable on deinit")
    func disposesOnDeinit() {
        let inner = AnyDisposable()
        do {
            let scoped = ScopedDisposable(inner)
            #expect(!scoped.isDisposed)
            withExtendedLifetime(scoped) {}
        }
        #expect(inner.isDisposed)
    }

    @Test("dispose() disposes the inner disposable now")
    func disposeNow() {
        let inner = AnyDisposable()
        let scoped = ScopedDisposable(inner)
        scoped.dispose()
        #expect(inner.isDisposed)
        #expect(scoped.isDisposed)
    }

    @Test("wrapping any Disposable goes through an AnyDisposable")
    func wrapsAnyDisposable() {
        let serial = SerialDisposable()
        do {
            let scoped = ScopedDisposable(serial as Disposable)
            let typed: ScopedDisposable<AnyDisposable> = scoped
            #expect(!typed.isDisposed)
        }
        #expect(serial.isDisposed)
    }

    @Test("+= adds a disposable or an action to an inner CompositeDisposable")
    func plusEqualsComposite() {
        let log = Shared<[String]>([])
        let added = AnyDisposable { log.append("disposable") }
        let removed = AnyDisposable { log.append("removed") }
        do {
            let scoped = ScopedDisposable(CompositeDisposable())
            scoped += added
            scoped += { log.append("action") }
            let handle = scoped += removed
            #expect(handle != nil)
            handle?.dispose()
            #expect((scoped += nil as Disposable?) == nil)
            #expect(log.value.isEmpty)
        }
        #expect(log.value == ["disposable", "action"])
        #expect(added.isDisposed)
        #expect(!removed.isDisposed)
    }

    @Test("inner of a scoped SerialDisposable reads and replaces the serial's inner disposable")
    func serialInner() {
        let first = AnyDisposable()
        let second = AnyDisposable()
        do {
            let scoped = ScopedDisposable(SerialDisposable())
            scoped.inner = first
            #expect(scoped.inner === first)
            scoped.inner = second
            #expect(first.isDisposed)
            #expect(scoped.inner === second)
            #expect(!second.isDisposed)
        }
        #expect(second.isDisposed)
    }
}
