import Raster
import Schema
import Views

extension Capture {
    /// The capture as its file says it (`CaptureSchema`'s keys, in their order): each element on a
    /// line of its own, the elements inside it nested below, so a recapture's diff shows what moved.
    public var fileText: String {
        var members: [(String, JSONTree)] = [("capture", .number(CaptureSchema.version))]
        var screen = JSONTree.object([("size", CapturedElement.numbers([size.width, size.height])), ("scale", .number(scale))])
        screen.markInline()
        members.append(("screen", screen))
        if images.isEmpty {
            members.append(("image", .string(image)))
        } else {
            var table = JSONTree.object(images.sorted { $0.key < $1.key }.map { ($0.key, JSONTree.string($0.value)) })
            table.markInline()
            members.append(("image", table))
        }
        members.append(("language", .string(language)))
        if let source { members.append(("source", .string(source))) }
        members.append(("elements", .array(elements.map(\.tree))))
        return JSONTree.object(members).text() + "\n"
    }
}

extension CapturedElement {
    /// The element as a capture file writes it: its own keys on one line, then its children.
    var tree: JSONTree {
        var own: [(String, JSONTree)] = [("role", .string(role.rawValue))]
        if !name.isEmpty { own.append(("name", .string(name))) }
        if let id { own.append(("id", .string(id))) }
        if !description.isEmpty { own.append(("description", .string(description))) }
        if !state.isEmpty { own.append(("states", .array(state.names.map { .string($0) }))) }
        own.append(("frame", Self.numbers([frame.minX, frame.minY, frame.width, frame.height])))
        guard !children.isEmpty else {
            var tree = JSONTree.object(own)
            tree.markInline()
            return tree
        }
        return JSONTree.object(own + [("children", .array(children.map(\.tree)))])
    }

    /// `values` as an inline list of numbers, rounded to hundredths of a point.
    static func numbers(_ values: [Double]) -> JSONTree {
        var tree = JSONTree.array(values.map { .number(($0 * 100).rounded() / 100) })
        tree.markInline()
        return tree
    }
}
