import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Records a test failure with `message`: an issue of the current Swift Testing test, or, when
/// no Swift Testing test is running and XCTest is available, an XCTest failure.
func reportMarbleFailure(_ message: String, sourceLocation: SourceLocation) {
    #if canImport(XCTest)
    if Test.current == nil {
        // XCTFail takes its file as a StaticString, which cannot be made from a source location
        // at run time: the location goes into the message instead.
        XCTFail("\(message)\n(at \(sourceLocation.filePath):\(sourceLocation.line))")
        return
    }
    #endif
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
