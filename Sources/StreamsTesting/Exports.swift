// `import StreamsTesting` is all a test writes: signals, producers and the schedulers come along.
@_exported import Streams
