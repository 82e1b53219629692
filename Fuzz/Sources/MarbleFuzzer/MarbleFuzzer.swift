import StreamsTesting

// libFuzzer's driver, under the C name libFuzzer gives it.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// The executable's entry point, which SwiftPM links as `<Target>_main`: hands the command line
/// to libFuzzer's driver, with the function it fuzzes.
@_cdecl("MarbleFuzzer_main")
public func marbleFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, marbleFuzzerTestOneInput)
}

/// libFuzzer's entry point: one input, read as a UTF-8 marble diagram.
@_cdecl("LLVMFuzzerTestOneInput")
public func marbleFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let diagram = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    checkDiagram(diagram)
    return 0
}

/// The properties every input must have; a broken one stops the process, which libFuzzer
/// reports with the input that broke it.
func checkDiagram(_ diagram: String) {
    let events: [(frame: Int, symbol: Character)]
    do {
        events = try MarbleTest.events(of: diagram)
    } catch {
        // A grammar error is an answer, not a failure; it must name the diagram it is about.
        require(error.diagram == diagram, "the error names another diagram: \(error)")
        require(!error.problem.isEmpty, "an error without a problem for \"\(diagram)\"")
        return
    }

    // Events come in frame order, and nothing follows a terminal event.
    var previousFrame = 0
    var ended = false
    for event in events {
        require(event.frame >= previousFrame, "frames go back in \"\(diagram)\"")
        require(!ended, "an event after the terminal event in \"\(diagram)\"")
        ended = event.symbol == "|" || event.symbol == "#" || event.symbol == "!"
        previousFrame = event.frame
    }

    // What is drawn reads back as the same events.
    let drawn = MarbleTest.diagram(of: events)
    guard let again = try? MarbleTest.events(of: drawn) else {
        fatalError("\"\(drawn)\", drawn from \"\(diagram)\", does not parse")
    }
    require(again.elementsEqual(events, by: { $0.frame == $1.frame && $0.symbol == $1.symbol }),
                 "\"\(drawn)\" reads back differently from \"\(diagram)\"")

    // Played as a cold source, every event arrives at its frame, in order. (Long diagrams are
    // only parsed: playing them says nothing more and slows the search.)
    guard events.count <= 64, previousFrame <= 4_096 else { return }
    let test = MarbleTest()
    var played: [(frame: Int, symbol: Character)] = []
    let source = test.cold(diagram)   // held: a source dropped before its run ends interrupts it
    source.producer.start { event in
        let symbol: Character
        switch event {
        case let .value(value):
            require(value.count == 1, "value \"\(value)\" is not one character")
            symbol = value.first!
        case .failed: symbol = "#"
        case .completed: symbol = "|"
        case .interrupted: symbol = "!"
        }
        played.append((test.currentFrame, symbol))
    }
    test.scheduler.run()
    withExtendedLifetime(source) {}
    require(played.elementsEqual(events, by: { $0.frame == $1.frame && $0.symbol == $1.symbol }),
                 "\"\(diagram)\" plays \(played) instead of \(events)")
}

/// Stops with `message` if `condition` is false, in every build (libFuzzer runs optimized code,
/// where `precondition` drops its message).
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
