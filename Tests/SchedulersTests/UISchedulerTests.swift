import Dispatch
import Foundation
import Schedulers
import Testing

/// Marks the main queue, so actions can check they run on it whichever thread serves it.
///
/// Under `swift test` on Linux the main queue is drained (the runner calls `dispatch_main`), but
/// by a worker thread: `Thread.isMainThread` is false there, and `@MainActor` code also runs off
/// the main thread. The tests therefore check "on the main queue", and compare the thread against
/// what a plain `DispatchQueue.main.async` block sees.
private let mainQueueKey: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

private func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == 1
}

/// What `Thread.isMainThread` says inside a block on the main queue in this process.
private func mainQueueRunsOnMainThread() async -> Bool {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume(returning: Thread.isMainThread) }
    }
}

/// Serialized: every UIScheduler shares one count of pending main-queue work, which decides
/// whether an action may run inline.
@Suite("UIScheduler", .serialized)
struct UISchedulerTests {
    @Test("an action scheduled from a background thread runs later, on the main queue")
    func fromBackgroundRunsOnMain() async {
        _ = mainQueueKey
        let expectMainThread = await mainQueueRunsOnMainThread()
        let scheduler = UIScheduler()
        let gate = DispatchSemaphore(value: 0)
        // Hold the main queue until the background thread has seen what `schedule` returned.
        DispatchQueue.main.async { _ = gate.wait(seconds: 10) }
        let (returnedDisposable, onMainQueue, onMainThread) = await withCheckedContinuation {
            (continuation: CheckedContinuation<(Bool, Bool, Bool), Never>) in
            DispatchQueue.global().async {
                let ranBeforeReturn = Shared(false)
                let returned = Shared<Bool?>(nil)
                let disposable = scheduler.schedule {
                    continuation.resume(returning: (returned.value == true, isOnMainQueue(), Thread.isMainThread))
                    ranBeforeReturn.modify { $0 = true }
                }
                returned.modify { $0 = disposable != nil && !ranBeforeReturn.value }
                gate.signal()
            }
        }
        #expect(returnedDisposable)
        #expect(onMainQueue)
        #expect(onMainThread == expectMainThread)
    }

    @Test("actions scheduled from a background thread run in scheduling order")
    func order() async {
        _ = mainQueueKey
        let scheduler = UIScheduler()
        let log = Shared<[Int]>([])
        let offMain = Shared(0)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for i in 0..<200 {
                    scheduler.schedule {
                        if !isOnMainQueue() { offMain.increment() }
                        log.append(i)
                        if i == 199 { continuation.resume() }
                    }
                }
            }
        }
        #expect(log.value == Array(0..<200))
        #expect(offMain.value == 0)
    }

    @Test("an action disposed before it starts never runs")
    func disposedActionDoesNotRun() async {
        let scheduler = UIScheduler()
        let log = Shared<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        // Hold the main queue so the actions below are still waiting when one is disposed.
        DispatchQueue.main.async { _ = gate.wait(seconds: 10) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                scheduler.schedule { log.append(1) }
                let second = scheduler.schedule { log.append(2) }
                scheduler.schedule {
                    log.append(3)
                    continuation.resume()
                }
                second?.dispose()
                gate.signal()
            }
        }
        #expect(log.value == [1, 3])
    }

    @Test("scheduling on the main queue behind pending work keeps the order")
    @MainActor
    func mainBehindPendingWork() async {
        let scheduler = UIScheduler()
        let log = Shared<[String]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Enqueued from a background thread, so it waits behind this main-actor job.
            DispatchQueue.global().sync {
                _ = scheduler.schedule { log.append("background") }
            }
            let disposable = scheduler.schedule {
                log.append("main")
                continuation.resume()
            }
            #expect(disposable != nil)
            #expect(log.value.isEmpty)
        }
        #expect(log.value == ["background", "main"])
    }

    @Test("an action scheduled from inside an action runs after it, not nested inside it")
    func nestedRunsAfter() async {
        let scheduler = UIScheduler()
        let log = Shared<[String]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                scheduler.schedule {
                    log.append("outer start")
                    scheduler.schedule {
                        log.append("inner")
                        continuation.resume()
                    }
                    log.append("outer end")
                }
            }
        }
        #expect(log.value == ["outer start", "outer end", "inner"])
    }

    @Test("on the main thread with nothing pending the action runs inline and schedule returns nil")
    @MainActor
    func inlineOnMainThread() async {
        let scheduler = UIScheduler()
        let state = Shared((ran: false, returned: false))
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let disposable = scheduler.schedule {
                #expect(isOnMainQueue())
                if state.modify({ $0.ran = true; return $0.returned }) { continuation.resume() }
            }
            let ranInline = state.modify { $0.returned = true; return $0.ran }
            if Thread.isMainThread {
                // Only reachable where the main actor runs on the main thread (Apple platforms).
                #expect(ranInline)
                #expect(disposable == nil)
            }
            // Either way the result is consistent: nil exactly when the action already ran.
            #expect((disposable == nil) == ranInline)
            if ranInline { continuation.resume() }
        }
        #expect(state.value.ran)
    }

    @Test("the main actor runs on the main queue here, so the main-queue tests above are meaningful")
    @MainActor
    func mainActorIsMainQueue() {
        #expect(isOnMainQueue())
    }
}
