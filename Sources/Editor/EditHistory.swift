/// An editor's undo and redo: the states before each change (at most 500), the states undone,
/// and the key of the last change, so a run of changes with the same key (keystrokes in one
/// field, the moves of one drag) is one step. The tour editor's and the checklist editor's.
struct EditHistory<State: Equatable> {
    private var undone: [State] = []
    private var done: [State] = []
    /// The key of the last change, until a gesture ends.
    private(set) var lastCoalescing: String?
    /// The most states kept to go back to.
    static var limit: Int { 500 }

    /// Records a change made from `before` with `coalescing` (nil: a step of its own); the states
    /// undone are forgotten.
    mutating func record(_ before: State, coalescing: String?) {
        if coalescing == nil || coalescing != lastCoalescing || done.isEmpty {
            done.append(before)
            if done.count > Self.limit { done.removeFirst() }
        }
        lastCoalescing = coalescing
        undone.removeAll()
    }

    /// The state to go back to from `current`, nil when there is none.
    mutating func undo(from current: State) -> State? {
        guard let last = done.popLast() else { return nil }
        undone.append(current)
        lastCoalescing = nil
        return last
    }

    /// The state to go forward to from `current`, nil when there is none.
    mutating func redo(from current: State) -> State? {
        guard let next = undone.popLast() else { return nil }
        done.append(current)
        lastCoalescing = nil
        return next
    }

    /// Ends a gesture: the next change is a step of its own, whatever its key.
    mutating func endGesture() { lastCoalescing = nil }
}
