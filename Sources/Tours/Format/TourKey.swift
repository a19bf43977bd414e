/// One key of a tour file, declared once: its name, what its value must be, its default and what it
/// does. Decoding reads it from here, the unknown-key message suggests from these names, and the
/// README's key tables are made from these rows (`TourSchema.markdownTable`).
package struct TourKey<Model>: Sendable {
    /// What the decoder knows when it reads a key: the object it is in.
    package struct Context: Sendable {
        /// The object's members by key.
        package let members: [String: JSONMember]
        /// The object itself.
        package let node: JSONNode
        /// The object's path.
        package let path: JSONPath
    }

    /// Reads the key's value (it is present) into the model.
    package typealias Decode = @Sendable (_ member: JSONMember, _ path: JSONPath, _ context: Context, _ reader: inout SchemaReader, _ model: inout Model) -> Void
    /// Checks a rule about the key and the ones before it, whether it is present or not.
    package typealias Rule = @Sendable (_ context: Context, _ reader: inout SchemaReader, _ model: inout Model) -> Void

    /// The key's row of the README's table: what the value must be (its type and range), what a
    /// file that leaves the key out gets, and what the key does, one line.
    package struct Row: Sendable { package let value: String, defaultValue: String, doc: String }

    /// What kind of value the key takes.
    package typealias Kind = TourValueKind

    /// The key as it is written in the file.
    package let name: String
    /// What a settings panel calls it: the name in words (`cornerRadius` is "Corner radius").
    package let label: String
    /// What kind of value it takes.
    package let kind: Kind
    /// What the README says of it.
    package let row: Row
    /// The message when an object lacks this key, for required keys (nil: optional).
    package let missing: String?
    /// How the value is read; nil for keys read together with others (`target`, `targets`, `rect`).
    package let decode: Decode?
    /// A rule checked right after this key is read.
    package let rule: Rule?

    /// A key; see the members for what each part is.
    package init(_ name: String, _ kind: Kind, value: String, default defaultValue: String, doc: String, label: String? = nil, missing: String? = nil,
         decode: Decode?, rule: Rule? = nil) {
        self.name = name
        self.kind = kind
        self.label = label ?? TourKey.words(name)
        row = Row(value: value, defaultValue: defaultValue, doc: doc)
        self.missing = missing; self.decode = decode; self.rule = rule
    }
}

extension TourKey {
    /// A key's name in words, first letter capital: `cornerRadius` is "Corner radius", `svgPath` "Svg path".
    package static func words(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase, !out.isEmpty { out += " " + c.lowercased() } else { out.append(c) }
        }
        return out.prefix(1).uppercased() + out.dropFirst()
    }

    /// A `true` or `false` key stored at `keyPath`.
    package static func bool(_ name: String, default defaultValue: Bool, doc: String, _ keyPath: WritableKeyPath<Model, Bool> & Sendable) -> TourKey {
        TourKey(name, .flag, value: "`true` or `false`", default: "`\(defaultValue)`", doc: doc) { member, path, _, r, model in
            if let b = r.bool(member.value, at: path) { model[keyPath: keyPath] = b }
        }
    }

    /// A number within `range` stored at `keyPath`.
    package static func number(_ name: String, in range: ClosedRange<Double>, default defaultValue: Double, doc: String,
                       _ keyPath: WritableKeyPath<Model, Double> & Sendable, rule: Rule? = nil) -> TourKey {
        TourKey(name, .number(range), value: "a number from \(range.lowerBound.compact) to \(range.upperBound.compact)",
                default: "`\(defaultValue.compact)`", doc: doc, decode: { member, path, _, r, model in
            if let v = r.number(member.value, at: path, in: range) { model[keyPath: keyPath] = v }
        }, rule: rule)
    }

    /// An object of `keys`, read into a fresh `Inner` and stored at `keyPath` (`what` is the
    /// example an error message shows).
    package static func object<Inner: Sendable>(_ name: String, value: String, default defaultValue: String, doc: String,
                                        keys: [TourKey<Inner>], what: String, fresh: Inner,
                                        _ keyPath: WritableKeyPath<Model, Inner?> & Sendable) -> TourKey {
        TourKey(name, .object, value: value, default: defaultValue, doc: doc) { member, path, _, r, model in
            var inner = fresh
            r.decode(member.value, at: path, keys: keys, what: what, into: &inner)
            model[keyPath: keyPath] = inner
        }
    }

    /// One of the cases of `T`, by raw value, stored at `keyPath`.
    package static func choice<T: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ type: T.Type, default defaultValue: String, doc: String,
                                                           _ keyPath: WritableKeyPath<Model, T> & Sendable) -> TourKey where T.RawValue == String {
        let choices = T.allCases.map { ($0.rawValue, $0) }
        return TourKey(name, .choice(choices.map(\.0)), value: choices.map { "`\"\($0.0)\"`" }.joined(separator: ", "), default: defaultValue, doc: doc) { member, path, _, r, model in
            if let v = r.choice(member.value, at: path, choices) { model[keyPath: keyPath] = v }
        }
    }
}

extension SchemaReader {
    /// Reads `node` as an object whose keys are `keys`, each decoded into `model` in the table's
    /// order with its rule after it (`first` before them all); reports unknown and duplicate keys, and missing required ones.
    /// Returns the members, nil (reported) when `node` is not an object.
    @discardableResult
    package mutating func decode<Model>(_ node: JSONNode, at path: JSONPath, keys: [TourKey<Model>], what: String,
                                into model: inout Model, first: TourKey<Model>.Rule? = nil) -> [String: JSONMember]? {
        guard let members = object(node, at: path, known: keys.map { $0.name }, what: what) else { return nil }
        let context = TourKey<Model>.Context(members: members, node: node, path: path)
        first?(context, &self, &model)
        for key in keys {
            if let member = members[key.name] {
                key.decode?(member, path.appending(key.name), context, &self, &model)
            } else if let missing = key.missing {
                report(node.line, path, missing)
            }
            key.rule?(context, &self, &model)
        }
        return members
    }
}

/// What kind of value the key takes, with its range or choices: what an editor's panel needs to
/// offer a control for it.
public enum TourValueKind: Sendable, Hashable {
    /// `true` or `false`.
    case flag
    /// A number within a range.
    case number(ClosedRange<Double>)
    /// One of some names.
    case choice([String])
    /// `true`, `false`, or one of some names (`"semantics": "all"`).
    case flagOr([String])
    /// A string, or strings by language tag.
    case localizedText
    /// A name (an id, a group, a font family).
    case name
    /// A `"#RRGGBB"` colour.
    case color
    /// A path to a file, from the tour's folder.
    case file
    /// A view id, or several.
    case viewIDs
    /// `[x, y, width, height]` rectangles.
    case rects
    /// A condition, or several.
    case conditions
    /// An object of its own keys (a nested table).
    case object
    /// A list of objects of their own keys.
    case list
    /// Several forms (a name or an object): the README row says which.
    case mixed
}
