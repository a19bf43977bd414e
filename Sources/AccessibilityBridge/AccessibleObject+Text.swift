import Views

extension AccessibleObject {
    /// The `org.a11y.atspi.Text` answers of a text view or a field: its characters, the caret, the
    /// selection, and the characters, words, sentences and lines a reader moves by. A field's caret
    /// and selection can be set; a label's cannot. Extents are the element's frame: Limelight does
    /// not publish where each glyph lies. Offsets are a client's: any 32-bit offset, negative or
    /// past the end, an end before the start, is clamped to the text, as GTK's bridge does.
    func text<Reply: BusWriter>(_ member: String, call: MethodCall, reply: inout Reply?, context c: Context,
                                request: inout AccessibilityBridge.Request?) {
        guard case .element(let i) = self, let e = c.tree?.elements[i], let t = e.text else { reply = nil; return }
        let text = AccessibleText(t.string)
        let editable = t.caret != nil
        switch member {
        case "GetText":
            reply!.string(text.substring(call.int(0), call.int(1)))
        case "GetStringAtOffset":
            let granularity = AccessibleText.Granularity(rawValue: call.uint32(1)) ?? .character
            let (s, end) = text.unit(granularity, at: call.int(0))
            reply!.string(text.substring(s, end)); reply!.int32(Int32(clamping: s)); reply!.int32(Int32(clamping: end))
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let boundary = AccessibleText.Boundary(rawValue: call.uint32(1)) ?? .character
            let shift = member == "GetTextBeforeOffset" ? -1 : member == "GetTextAfterOffset" ? 1 : 0
            let (s, start, end) = text.text(boundary, at: call.int(0), shift: shift)
            reply!.string(s); reply!.int32(Int32(clamping: start)); reply!.int32(Int32(clamping: end))
        case "GetCharacterAtOffset":
            let offset = call.int(0)
            reply!.int32(text.scalars.indices.contains(offset) ? Int32(bitPattern: text.scalars[offset].value) : 0)
        case "SetCaretOffset":
            let offset = call.int(0)
            guard editable, let id = e.id else { reply!.bool(false); return }
            let place = text.cluster(at: max(0, min(offset, text.count)))
            request = .select(place..<place, id: id)
            reply!.bool(true)
        case "GetNSelections":
            reply!.int32(t.selection == nil ? 0 : 1)
        case "GetSelection":
            if call.int32(0) == 0, let r = t.selection {
                reply!.int32(Int32(clamping: text.offset(ofCluster: r.lowerBound))); reply!.int32(Int32(clamping: text.offset(ofCluster: r.upperBound)))
            } else {
                reply!.int32(0); reply!.int32(0)
            }
        case "AddSelection", "SetSelection":
            // SetSelection names the selection first; a field has one.
            let first = member == "SetSelection" ? 1 : 0
            let start = call.int(first), end = call.int(first + 1)
            guard editable, let id = e.id else { reply!.bool(false); return }
            let a = text.cluster(at: max(0, min(start, text.count))), b = text.cluster(at: max(0, min(end, text.count)))
            request = .select(min(a, b)..<max(a, b), id: id)
            reply!.bool(true)
        case "RemoveSelection":
            guard editable, let id = e.id, t.selection != nil, call.int32(0) == 0 else { reply!.bool(false); return }
            let caret = t.caret ?? 0
            request = .select(caret..<caret, id: id)
            reply!.bool(true)
        case "GetAttributes", "GetAttributeRun":
            reply!.container("a", "{ss}") { _ in }
            reply!.int32(0); reply!.int32(call.int32(0) < 0 ? 0 : Int32(clamping: text.count))
        case "GetAttributeValue":
            reply!.string("")
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            reply!.container("a", "{ss}") { _ in }
        case "GetCharacterExtents", "GetRangeExtents":
            // The offsets are not read: every character's extents are the element's frame.
            let type = CoordinateType(rawValue: call.uint32(member == "GetRangeExtents" ? 2 : 1)) ?? .window
            let box = extents(i, type: type, context: c)
            reply!.int32(box.0); reply!.int32(box.1); reply!.int32(box.2); reply!.int32(box.3)
        case "GetOffsetAtPoint":
            reply!.int32(-1)
        case "GetBoundedRanges":
            reply!.container("a", "(iisv)") { _ in }
        case "ScrollSubstringTo", "ScrollSubstringToPoint":
            reply!.bool(false)
        default:
            reply = nil
        }
    }

    /// A text's `CharacterCount` and `CaretOffset` (-1 for a label, which has no caret).
    func textProperty<Out: BusWriter>(_ name: String, of element: AccessibleTree.Element, into out: inout Out) {
        let t = element.text ?? SemanticText("")
        let text = AccessibleText(t.string)
        if name == "CharacterCount" { out.int32(Int32(clamping: text.count)) }
        else { out.int32(t.caret.map { Int32(clamping: text.offset(ofCluster: $0)) } ?? -1) }
    }
}
