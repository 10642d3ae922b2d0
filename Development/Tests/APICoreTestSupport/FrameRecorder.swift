import Observation

/// What a SwiftUI view would render from an observable model, frame by frame: the state when it is created, then the
/// state again after each change Observation reports. A view renders on a later turn of the main actor, not inside
/// the change, so several properties set together make one frame, as they do on screen.
@MainActor
public final class FrameRecorder<Frame: Equatable & Sendable> {
    /// Every distinct frame so far, the first one taken when the recorder was made.
    public private(set) var frames: [Frame]
    private let snapshot: @MainActor () -> Frame
    private let (stream, continuation) = AsyncStream.makeStream(of: Frame.self)

    /// Records the frames of what `snapshot` reads.
    public init(_ snapshot: @escaping @MainActor () -> Frame) {
        self.snapshot = snapshot
        frames = [snapshot()]
        continuation.yield(frames[0])
        track()
    }

    /// Waits until a frame matching `condition` has been rendered, and returns it; `nil` when recording ended first.
    public func frame(where condition: (Frame) -> Bool) async -> Frame? {
        if let frame = frames.last(where: condition) { return frame }
        for await frame in stream where condition(frame) { return frame }
        return nil
    }

    private func track() {
        withObservationTracking {
            _ = snapshot()
        } onChange: { [weak self] in
            Task { @MainActor in self?.render() }
        }
    }

    private func render() {
        let frame = snapshot()
        if frame != frames.last {
            frames.append(frame)
            continuation.yield(frame)
        }
        track()
    }
}
