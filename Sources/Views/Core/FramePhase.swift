/// Where a root is in making a frame (`ViewRoot.phase`), and so what may change now: the rule of
/// change as a state the root checks (Flutter's `_debugCanPerformMutations`, LVGL's
/// `rendering_in_progress`).
///
/// The tree changes (views added or removed, layout marked, surfaces attached or detached, the
/// focus moved, words announced) between frames, in the callback phase and in arrival; never while
/// the tree or the layers lay out or anything paints.
public enum FramePhase: Sendable, Equatable, CustomStringConvertible {
    /// Between frames: input handling, a host's own work. Anything may change.
    case idle
    /// Due timers, animations, frame callbacks and the layers' updates (`ScreenLayer.update(root:)`).
    /// Anything may change; it is laid out and painted in this frame.
    case callbacks
    /// The tree's layout: views are measured and placed, in a frame or brought up to date on demand
    /// (a hit test, a scroll). Nothing is added, removed or marked for layout.
    case treeLayout
    /// The layers' layout (`ScreenLayer.layout(root:)`): they read the tree's frames, place their
    /// surfaces and invalidate. Nothing is added, removed or marked for layout.
    case layerLayout
    /// After the layers' layout (`ScreenLayer.arrive(root:)`): the focus moves into an overlay that
    /// arrived and it is announced. Anything may change; what changes layout is laid out again
    /// before painting.
    case arrival
    /// Painting the tree and compositing the layers. Nothing changes.
    case paint

    /// Whether the tree may change in this phase.
    public var allowsChanges: Bool {
        switch self {
        case .idle, .callbacks, .arrival: return true
        case .treeLayout, .layerLayout, .paint: return false
        }
    }

    /// The phase as the check's message names it ("layer layout").
    public var description: String {
        switch self {
        case .idle: return "idle"
        case .callbacks: return "the callback phase"
        case .treeLayout: return "tree layout"
        case .layerLayout: return "layer layout"
        case .arrival: return "arrival"
        case .paint: return "paint"
        }
    }
}

/// A change the rule of change forbids in the phase it was made in, or a frame run where none may
/// run: what `ViewRoot.onPhaseViolation` receives.
public struct PhaseViolation: Sendable, Equatable, CustomStringConvertible {
    /// What was done.
    public enum Change: Sendable, Equatable {
        /// `setNeedsLayout()` on a view of the root.
        case layoutMarked
        /// A view added to or removed from a view of the root.
        case subviewsChanged
        /// A surface attached to the root.
        case surfaceAttached
        /// A surface taken off the root.
        case surfaceDetached
        /// The focus moved (`ViewRoot.focus(_:)`).
        case focusMoved
        /// Words handed to the announcer (`ViewRoot.announce(_:)`).
        case announced
        /// `frame(into:)` called while the root was making a frame.
        case frameReentered
        /// `frame(into:)` on a root shown inside another (`EmbeddedRootView`) outside that root's
        /// animation phase, the only place its frames run.
        case embeddedFrameOutsideItsHost
    }

    /// What was done.
    public var change: Change
    /// The phase the root was in.
    public var phase: FramePhase
    /// The view it was done to, as `View.debugName` names it; nil for the root's own changes.
    public var view: String?

    /// One line: what was done, to what, in which phase, and the rule.
    public var description: String {
        let on = view.map { " on \($0)" } ?? ""
        switch change {
        case .layoutMarked: return "setNeedsLayout()\(on) during \(phase)" + Self.rule
        case .subviewsChanged: return "a view added or removed\(on) during \(phase)" + Self.rule
        case .surfaceAttached: return "a surface\(on) attached during \(phase)" + Self.rule
        case .surfaceDetached: return "a surface\(on) detached during \(phase)" + Self.rule
        case .focusMoved: return "the focus moved\(on) during \(phase)" + Self.rule
        case .announced: return "an announcement during \(phase)" + Self.rule
        case .frameReentered: return "frame(into:) called during \(phase) of the same root: nothing but a host runs a frame, and never inside one"
        case .embeddedFrameOutsideItsHost:
            return "frame(into:) on an embedded root outside its host's animation phase (\(phase)): its frames run inside the outer root's (EmbeddedRootView); ask for one with setNeedsEmbeddedFrame()"
        }
    }

    private static let rule = ": the tree changes in input, timers, animations, frame callbacks and arrival, never while anything lays out or paints"
}

extension View {
    /// The view's type and id, as messages name it (`TextField "search"`).
    public var debugName: String { "\(type(of: self))" + (id.map { " \"\($0)\"" } ?? "") }
}

extension ViewRoot {
    /// Whether the rule of change is checked: on by default in debug builds (every test runs with
    /// it), off in release builds, where a check costs a test of this flag; a host that wants it
    /// in release (the soak) turns it on.
    public nonisolated static var checksPhasesByDefault: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Reports `change` when the phase forbids it (and the root checks phases).
    func checkChange(_ change: PhaseViolation.Change, view: View? = nil) {
        guard checksPhases, !phase.allowsChanges else { return }
        reportViolation(PhaseViolation(change: change, phase: phase, view: view?.debugName))
    }

    /// Whether `frame(into:)` may run now: not inside one of this root's own frames, and for a root
    /// shown inside another, only in that root's animation phase. A frame that may not run is
    /// reported and does not run.
    func frameMayRun() -> Bool {
        guard checksPhases else { return true }
        if phase != .idle {
            reportViolation(PhaseViolation(change: .frameReentered, phase: phase, view: nil))
            return false
        }
        if let host = embeddingView, let outer = host.root, outer !== self, outer.phase != .callbacks {
            reportViolation(PhaseViolation(change: .embeddedFrameOutsideItsHost, phase: outer.phase, view: host.debugName))
            return false
        }
        return true
    }

    /// Hands `violation` to `onPhaseViolation`, or stops the program with it.
    private func reportViolation(_ violation: PhaseViolation) {
        guard let onPhaseViolation else { preconditionFailure(violation.description) }
        onPhaseViolation(violation)
    }
}
