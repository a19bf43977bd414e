import Views

/// What the roles of a browser's accessibility tree (ARIA's, and Chromium's own: `StaticText`,
/// `RootWebArea`) are among Limelight's: nil for what is only structure (a `generic`, a
/// `paragraph`, a `listitem`), whose elements inside speak for themselves.
enum WebRoles {
    /// Limelight's role for the browser's `role` (a `button` with a `pressed` state is a toggle).
    static func role(_ role: String, pressed: Bool) -> SemanticRole? {
        switch role {
        case "button": return pressed ? .toggle : .button
        case "link", "menuitem", "option", "treeitem": return .button
        case "tab": return .tab
        case "tablist": return .tabBar
        case "heading": return .header
        case "image", "img", "figure", "graphics-symbol": return .image
        case "StaticText", "text", "LabelText", "status", "note", "caption", "term", "definition": return .text
        case "list", "listbox", "table", "grid", "tree", "treegrid", "menu", "menubar", "feed", "DescriptionList": return .list
        case "dialog", "alertdialog": return .dialog
        case "progressbar", "meter": return .progressBar
        case "textbox", "searchbox", "TextField", "spinbutton": return .textField
        case "combobox": return .button
        case "switch": return .toggle
        case "checkbox", "radio", "menuitemcheckbox", "menuitemradio": return .checkbox
        case "slider": return .slider
        default: return nil
        }
    }
}
