import Dispatch
import Foundation
import Schedulers
import Testing

@Suite("ImmediateScheduler")
struct ImmediateSchedulerTests {
    @Test("runs the action inline, before schedule returns, and returns nil")
    func runsInline() {
        let scheduler = ImmediateScheduler()
        var log: [String] = []
        log.append("before")
        let disposable = scheduler.schedule { log.append("action") }
        log.append("after")
        #expect(disposable == nil)
        #expect(log == ["before", "action", "after"])
    }

    @Test("runs the action on the calling thread")
    func runsOnCallingThread() {
        let scheduler = ImmediateScheduler()
        // Threads are identified by `pthread_self()`: keeping `Thread` objects in the box would make a
        // cycle (the thread retains its block, which retains the box, which would retain the thread).
        let result = Shared<(caller: pthread_t?, runner: pthread_t?)>((nil, nil))
        let done = DispatchSemaphore(value: 0)
        Thread {
            result.modify { $0.caller = pthread_self() }
            scheduler.schedule { result.modify { $0.runner = pthread_self() } }
            done.signal()
        }.start()
        #expect(done.wait(seconds: 10))
        let threads = result.value
        #expect(threads.caller != nil)
        #expect(threads.runner != nil)
        if let caller = threads.caller, let runner = threads.runner {
            #expect(pthread_equal(caller, runner) != 0)
        }
    }

    @Test("nested scheduling runs inline too, depth first")
    func nested() {
        let scheduler = ImmediateScheduler()
        var log: [Int] = []
        scheduler.schedule {
            log.append(1)
            scheduler.schedule { log.append(2) }
            log.append(3)
        }
        #expect(log == [1, 2, 3])
    }

    @Test("is usable through the Scheduler existential")
    func existential() {
        let scheduler: any Scheduler = ImmediateScheduler()
        var ran = 0
        let disposable = scheduler.schedule { ran += 1 }
        #expect(ran == 1)
        #expect(disposable == nil)
    }
}
