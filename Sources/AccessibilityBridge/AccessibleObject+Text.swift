import Views

extension AccessibleObject {
    /// The `org.a11y.atspi.Text` answers of a text view or a field: its characters, the caret, the
    /// selection, and the characters, words, sentences and lines a reader moves by. A field's caret
    /// and selection can be set; a label's cannot. Extents are the element's frame: Limelight does
    /// not publish where each glyph lies.
    func text(_ member: String, call: inout BusMessage, reply: inout BusMessage?, context c: Context,
              request: inout AccessibilityBridge.Request?) {
        guard case .element(let i) = self, let e = c.tree?.elements[i], let t = e.text else { reply = nil; return }
        let text = AccessibleText(t.string)
        let editable = t.caret != nil
        switch member {
        case "GetText":
            let start = Int(call.readInt32() ?? 0), end = Int(call.readInt32() ?? -1)
            reply!.string(text.substring(start, end))
        case "GetStringAtOffset":
            let offset = Int(call.readInt32() ?? 0)
            let granularity = AccessibleText.Granularity(rawValue: call.readUInt32() ?? 0) ?? .character
            let (s, end) = text.unit(granularity, at: offset)
            reply!.string(text.substring(s, end)); reply!.int32(Int32(s)); reply!.int32(Int32(end))
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let offset = Int(call.readInt32() ?? 0)
            let boundary = AccessibleText.Boundary(rawValue: call.readUInt32() ?? 0) ?? .character
            let shift = member == "GetTextBeforeOffset" ? -1 : member == "GetTextAfterOffset" ? 1 : 0
            let (s, start, end) = text.text(boundary, at: offset, shift: shift)
            reply!.string(s); reply!.int32(Int32(start)); reply!.int32(Int32(end))
        case "GetCharacterAtOffset":
            let offset = Int(call.readInt32() ?? 0)
            reply!.int32(text.scalars.indices.contains(offset) ? Int32(bitPattern: text.scalars[offset].value) : 0)
        case "SetCaretOffset":
            let offset = Int(call.readInt32() ?? 0)
            guard editable, let id = e.id else { reply!.bool(false); return }
            let place = text.cluster(at: max(0, min(offset, text.count)))
            request = .select(place..<place, id: id)
            reply!.bool(true)
        case "GetNSelections":
            reply!.int32(t.selection == nil ? 0 : 1)
        case "GetSelection":
            let n = call.readInt32() ?? -1
            if n == 0, let r = t.selection {
                reply!.int32(Int32(text.offset(ofCluster: r.lowerBound))); reply!.int32(Int32(text.offset(ofCluster: r.upperBound)))
            } else {
                reply!.int32(0); reply!.int32(0)
            }
        case "AddSelection", "SetSelection":
            if member == "SetSelection" { _ = call.readInt32() }
            let start = Int(call.readInt32() ?? 0), end = Int(call.readInt32() ?? 0)
            guard editable, let id = e.id else { reply!.bool(false); return }
            let a = text.cluster(at: max(0, min(start, text.count))), b = text.cluster(at: max(0, min(end, text.count)))
            request = .select(min(a, b)..<max(a, b), id: id)
            reply!.bool(true)
        case "RemoveSelection":
            guard editable, let id = e.id, t.selection != nil, call.readInt32() == 0 else { reply!.bool(false); return }
            let caret = t.caret ?? 0
            request = .select(caret..<caret, id: id)
            reply!.bool(true)
        case "GetAttributes", "GetAttributeRun":
            let offset = Int(call.readInt32() ?? 0)
            reply!.container("a", "{ss}") { _ in }
            reply!.int32(0); reply!.int32(Int32(offset < 0 ? 0 : text.count))
        case "GetAttributeValue":
            reply!.string("")
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            reply!.container("a", "{ss}") { _ in }
        case "GetCharacterExtents", "GetRangeExtents":
            if member == "GetRangeExtents" { _ = call.readInt32() }
            _ = call.readInt32()
            let box = extents(i, type: call.readUInt32() ?? 0, context: c)
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
    func textProperty(_ name: String, of element: AccessibleTree.Element, into out: inout BusMessage) {
        let t = element.text ?? SemanticText("")
        let text = AccessibleText(t.string)
        if name == "CharacterCount" { out.int32(Int32(text.count)) }
        else { out.int32(t.caret.map { Int32(text.offset(ofCluster: $0)) } ?? -1) }
    }
}
