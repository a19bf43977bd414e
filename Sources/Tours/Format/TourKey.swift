/// One key of a tour file, declared once: its name, what its value must be, its default and what it
/// does. Decoding reads it from here, the unknown-key message suggests from these names, and the
/// README's key tables are made from these rows (`TourSchema.markdownTable`).
struct TourKey<Model>: Sendable {
    /// What the decoder knows when it reads a key: the object it is in.
    struct Context: Sendable {
        /// The object's members by key.
        let members: [String: JSONMember]
        /// The object itself.
        let node: JSONNode
        /// The object's path.
        let path: JSONPath
    }

    /// Reads the key's value (it is present) into the model.
    typealias Decode = @Sendable (_ member: JSONMember, _ path: JSONPath, _ context: Context, _ reader: inout SchemaReader, _ model: inout Model) -> Void
    /// Checks a rule about the key and the ones before it, whether it is present or not.
    typealias Rule = @Sendable (_ context: Context, _ reader: inout SchemaReader, _ model: inout Model) -> Void

    /// The key's row of the README's table: what the value must be (its type and range), what a
    /// file that leaves the key out gets, and what the key does, one line.
    struct Row: Sendable { let value: String, defaultValue: String, doc: String }

    /// The key as it is written in the file.
    let name: String
    /// What the README says of it.
    let row: Row
    /// The message when an object lacks this key, for required keys (nil: optional).
    let missing: String?
    /// How the value is read; nil for keys read together with others (`target`, `targets`, `rect`).
    let decode: Decode?
    /// A rule checked right after this key is read.
    let rule: Rule?

    /// A key; see the members for what each part is.
    init(_ name: String, value: String, default defaultValue: String, doc: String, missing: String? = nil,
         decode: Decode?, rule: Rule? = nil) {
        self.name = name
        row = Row(value: value, defaultValue: defaultValue, doc: doc)
        self.missing = missing; self.decode = decode; self.rule = rule
    }
}

extension TourKey {
    /// A `true` or `false` key stored at `keyPath`.
    static func bool(_ name: String, default defaultValue: Bool, doc: String, _ keyPath: WritableKeyPath<Model, Bool> & Sendable) -> TourKey {
        TourKey(name, value: "`true` or `false`", default: "`\(defaultValue)`", doc: doc) { member, path, _, r, model in
            if let b = r.bool(member.value, at: path) { model[keyPath: keyPath] = b }
        }
    }

    /// A number within `range` stored at `keyPath`.
    static func number(_ name: String, in range: ClosedRange<Double>, default defaultValue: Double, doc: String,
                       _ keyPath: WritableKeyPath<Model, Double> & Sendable, rule: Rule? = nil) -> TourKey {
        TourKey(name, value: "a number from \(range.lowerBound.compact) to \(range.upperBound.compact)",
                default: "`\(defaultValue.compact)`", doc: doc, decode: { member, path, _, r, model in
            if let v = r.number(member.value, at: path, in: range) { model[keyPath: keyPath] = v }
        }, rule: rule)
    }

    /// One of the cases of `T`, by raw value, stored at `keyPath`.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ type: T.Type, default defaultValue: String, doc: String,
                                                           _ keyPath: WritableKeyPath<Model, T> & Sendable) -> TourKey where T.RawValue == String {
        let choices = T.allCases.map { ($0.rawValue, $0) }
        return TourKey(name, value: choices.map { "`\"\($0.0)\"`" }.joined(separator: ", "), default: defaultValue, doc: doc) { member, path, _, r, model in
            if let v = r.choice(member.value, at: path, choices) { model[keyPath: keyPath] = v }
        }
    }
}

extension SchemaReader {
    /// Reads `node` as an object whose keys are `keys`, each decoded into `model` in the table's
    /// order with its rule after it (`first` before them all); reports unknown and duplicate keys, and missing required ones.
    /// Returns the members, nil (reported) when `node` is not an object.
    @discardableResult
    mutating func decode<Model>(_ node: JSONNode, at path: JSONPath, keys: [TourKey<Model>], what: String,
                                into model: inout Model, first: TourKey<Model>.Rule? = nil) -> [String: JSONMember]? {
        guard let members = object(node, at: path, known: keys.map(\.name), what: what) else { return nil }
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
