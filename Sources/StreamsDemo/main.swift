import Streams
let (signal, input) = Signal<Int, Never>.pipe()
signal.observeValues { v in
    print("got", v)
    if v == 1 { input.send(value: 2) }
}
signal.observeValues { print("second", $0) }
input.send(value: 1)
input.sendCompleted()
SignalProducer<Int, Never>([1, 2, 3]).startWithValues { print("p", $0) }
let d = SignalProducer<Int, Never>(0..<1_000_000).start { e in if case .value(5) = e { print("five") } ; if e.isTerminating { print(e) } }
_ = d
var n = 0
ImmediateScheduler().scheduleRecursively { again in n += 1; if n < 1_000_000 { again() } }
print("recursion", n)
