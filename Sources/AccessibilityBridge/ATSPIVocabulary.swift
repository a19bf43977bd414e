import Views

/// AT-SPI2's numbers for roles, states and relations (atspi-constants.h), as Limelight's semantics map to them.
enum ATSPIVocabulary {
    /// The relations the bridge reports (`AtspiRelationType`).
    enum Relation: UInt32 {
        /// A spotlight dialog to the views it points at.
        case controllerFor = 3
        /// A text to the dialog it describes.
        case descriptionFor = 17
        /// A dialog to the text that describes it.
        case describedBy = 18
    }

    /// `ATSPI_ROLE_APPLICATION`: the application's root object.
    static let applicationRole: UInt32 = 75

    /// The AT-SPI role of `role`.
    static func role(_ role: SemanticRole) -> UInt32 {
        switch role {
        case .button: return 43            // push button
        case .tab: return 37               // page tab
        case .tabBar: return 38            // page tab list
        case .header: return 83            // heading
        case .image: return 27
        case .text: return 29              // label
        case .list: return 31
        case .dialog: return 16
        case .progressIndicator: return 42 // progress bar (indeterminate)
        case .textField: return 79         // entry
        case .toggle: return 62            // toggle button
        case .checkbox: return 7
        case .slider: return 51
        case .progressBar: return 42
        case .screen: return 23            // frame
        }
    }

    /// Limelight's role for AT-SPI's role number `role` (a toolkit's, not only Limelight's own), or
    /// nil for what is only structure (a panel, a filler, a scroll pane).
    static func semanticRole(_ role: UInt32) -> SemanticRole? {
        switch role {
        case 43, 35, 88, 11: return .button        // push button, menu item, link, combo box
        case 37: return .tab
        case 38: return .tabBar
        case 83: return .header
        case 27, 26: return .image                 // image, icon
        case 29, 116: return .text                 // label, static
        case 31, 98, 55, 65, 66, 33, 34: return .list // list, list box, table, tree, tree table, menu, menu bar
        case 16, 2, 19: return .dialog             // dialog, alert, file chooser
        case 42: return .progressBar
        case 79, 40, 61, 52: return .textField     // entry, password text, text, spin button
        case 62, 129: return .toggle               // toggle button, switch
        case 7, 44, 8, 45: return .checkbox        // check box, radio button, check and radio menu items
        case 51: return .slider
        default: return nil
        }
    }

    /// AT-SPI's English role name of `role` (what `GetRoleName` says).
    static func roleName(_ role: SemanticRole) -> String {
        switch role {
        case .button: return "push button"
        case .tab: return "page tab"
        case .tabBar: return "page tab list"
        case .header: return "heading"
        case .image: return "image"
        case .text: return "label"
        case .list: return "list"
        case .dialog: return "dialog"
        case .progressIndicator, .progressBar: return "progress bar"
        case .textField: return "entry"
        case .toggle: return "toggle button"
        case .checkbox: return "check box"
        case .slider: return "slider"
        case .screen: return "frame"
        }
    }

    /// The state bits of an element (two 32-bit words, AT-SPI's `au`).
    static func states(_ element: AccessibleTree.Element) -> [UInt32] {
        var bits: [Int] = [30, 25]                                  // visible, showing
        if !element.state.contains(.disabled) { bits += [8, 24] }  // enabled, sensitive
        if element.state.contains(.focused) { bits.append(12) }
        if element.role.isFocusable { bits.append(11) }           // focusable
        if element.state.contains(.selected) { bits.append(23) }
        if element.role == .tab { bits.append(22) }                // selectable
        if element.state.contains(.checked) { bits.append(4) }
        if element.role == .toggle || element.role == .checkbox { bits.append(41) } // checkable
        if element.state.contains(.busy) { bits.append(3) }
        if element.role == .dialog { bits.append(16) }             // modal
        if element.role == .screen { bits.append(1) }              // active
        var words: [UInt32] = [0, 0]
        for b in bits { words[b / 32] |= 1 << UInt32(b % 32) }
        return words
    }
}

extension SemanticRole {
    /// Whether the keyboard focus can land on it.
    var isFocusable: Bool {
        switch self {
        case .button, .tab, .textField, .toggle, .checkbox, .slider: return true
        default: return false
        }
    }
}
