// `import Streams` is all a client writes: the scheduling and disposal types come along.
@_exported import Schedulers
