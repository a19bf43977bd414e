import Raster

/// What a switch and a checkbox share: a control that is on or off, flipped by a tap, Enter or
/// Space (when enabled), which then runs `onChange`; it takes the keyboard focus when enabled and
/// tells assistive technology whether it is checked and enabled. Subclasses draw it and say how a
/// change shows (`stateDidChange`).
public class TwoStateControl: View {
    /// Whether it is on (a switch) or checked (a checkbox).
    public var isSet: Bool { didSet { if isSet != oldValue { stateDidChange() } } }
    /// Runs after a tap or a key flipped it, with the new value.
    public var onChange: (@MainActor (Bool) -> Void)?
    /// A disabled control ignores the pointer and the keyboard and draws faded.
    public var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }

    /// A control in state `isSet` over `children`.
    init(isSet: Bool, onChange: (@MainActor (Bool) -> Void)?, children: [View] = []) {
        self.isSet = isSet
        self.onChange = onChange
        super.init(children: children)
    }

    /// Flips it, as a tap does.
    public func toggle() {
        guard isEnabled else { return }
        isSet.toggle()
        onChange?(isSet)
    }

    /// How a change of `isSet` shows: redrawn by default.
    func stateDidChange() { setNeedsDisplay() }

    /// Takes the pointer when enabled.
    public override func pointerDown(at point: Point) -> Bool { isEnabled }
    /// A tap flips it.
    public override func pointerUp(at point: Point, isTap: Bool) { if isTap { toggle() } }
    /// An enabled control takes the keyboard focus.
    public override var acceptsKeyboardFocus: Bool { isEnabled }
    /// Enter or Space flips it.
    public override func activate() -> Bool {
        guard isEnabled else { return false }
        toggle()
        return true
    }
    /// Set by a value of one half or more, cleared below it.
    public override func adjust(to value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        if (value >= 0.5) != isSet { toggle() }
        return true
    }
    /// Set is `checked`; disabled as it is.
    public override var semanticState: SemanticState {
        var s: SemanticState = isSet ? [.checked] : []
        if !isEnabled { s.insert(.disabled) }
        return s
    }
}
