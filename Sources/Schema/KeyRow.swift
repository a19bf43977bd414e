/// One key of a file format (a tour, a screens file, a test script), declared once: its name, what
/// its value must be, its default and what it does. Decoding reads it from here, the unknown-key
/// message suggests from these names, and the README's key tables and the JSON Schemas are made
/// from these rows.
package struct KeyRow<Model>: Sendable {
    /// What the decoder knows when it reads a key: the object it is in.
    package struct Context: Sendable {
        /// The object's members by key.
        package let members: [String: JSONMember]
        /// The object itself.
        package let node: JSONNode
        /// The object's path.
        package let path: JSONPath
        /// A context from its parts (a row read for another model, as a checklist reads a tour's `show`).
        package init(members: [String: JSONMember], node: JSONNode, path: JSONPath) {
            self.members = members; self.node = node; self.path = path
        }
    }

    /// Reads the key's value (it is present) into the model.
    package typealias Decode = @Sendable (_ member: JSONMember, _ path: JSONPath, _ context: Context, _ reader: inout SchemaReader, _ model: inout Model) -> Void
    /// Checks a rule about the key and the ones before it, whether it is present or not.
    package typealias Rule = @Sendable (_ context: Context, _ reader: inout SchemaReader, _ model: inout Model) -> Void

    /// The key's row of the README's table: what the value must be (its type and range), what a
    /// file that leaves the key out gets, and what the key does, one line.
    package struct Row: Sendable { package let value: String, defaultValue: String, doc: String }

    /// What kind of value the key takes.
    package typealias Kind = ValueKind

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
    /// What a file that leaves the key out gets, as a value (nil: none, or not one value).
    package let initialValue: DefaultValue?

    /// A key; see the members for what each part is. The README's default is `default`, else
    /// `initialValue`'s own spelling.
    package init(_ name: String, _ kind: Kind, value: String, default defaultValue: String? = nil, initialValue: DefaultValue? = nil,
                 doc: String, label: String? = nil, missing: String? = nil, decode: Decode?, rule: Rule? = nil) {
        self.name = name
        self.kind = kind
        self.label = label ?? KeyRow.words(name)
        row = Row(value: value, defaultValue: defaultValue ?? initialValue?.markdown ?? "none", doc: doc)
        self.missing = missing; self.decode = decode; self.rule = rule
        self.initialValue = initialValue
    }
}

extension KeyRow {
    /// A key's name in words, first letter capital: `cornerRadius` is "Corner radius", `svgPath` "Svg path".
    package static func words(_ name: String) -> String { KeyInfo.words(name) }

    /// `$schema`: the JSON Schema an editor checks the file against as you type (`schemas/NAME`),
    /// read as a string and otherwise ignored: every format's first row.
    package static func schemaReference(_ name: String) -> KeyRow {
        KeyRow("$schema", .file, value: "a path or URL", default: "none",
               doc: "the JSON Schema an editor checks the file against as you type (`schemas/\(name)`); Limelight itself ignores it", label: "JSON Schema") { member, path, _, r, _ in
            _ = r.string(member.value, at: path)
        }
    }

    /// A `true` or `false` key stored at `keyPath`.
    package static func bool(_ name: String, default defaultValue: Bool, doc: String, _ keyPath: WritableKeyPath<Model, Bool> & Sendable) -> KeyRow {
        KeyRow(name, .flag, value: "`true` or `false`", initialValue: .flag(defaultValue), doc: doc) { member, path, _, r, model in
            if let b = r.bool(member.value, at: path) { model[keyPath: keyPath] = b }
        }
    }

    /// A number key, its range, wholeness and unit said once: the reader checks the value against
    /// them before `set` gets it, and the README's row, the JSON Schema and an editor's control are
    /// made from them. `defaultText` says a default that is not one number ("the step's").
    package static func number(_ name: String, in range: ClosedRange<Double>, whole: Bool = false, unit: String? = nil,
                               default defaultValue: Double?, defaultText: String? = nil, doc: String, label: String? = nil,
                               missing: String? = nil, rule: Rule? = nil,
                               set: @escaping @Sendable (_ value: Double, _ model: inout Model) -> Void) -> KeyRow {
        KeyRow(name, whole ? .wholeNumber(range) : .number(range), value: ValueKind.numberText(range, whole: whole, unit: unit),
               default: defaultText, initialValue: defaultValue.map { .number($0) }, doc: doc, label: label, missing: missing,
               decode: { member, path, _, r, model in
            let value = whole ? r.wholeNumber(member.value, at: path, in: range).map(Double.init) : r.number(member.value, at: path, in: range)
            if let value { set(value, &model) }
        }, rule: rule)
    }

    /// A string, or strings by language tag: the default language's text stored at `text`, every
    /// language's at `byLanguage`.
    package static func localizedText(_ name: String, default defaultValue: String = "none", doc: String,
                                      _ text: WritableKeyPath<Model, String?> & Sendable,
                                      _ byLanguage: WritableKeyPath<Model, [String: String]> & Sendable) -> KeyRow {
        KeyRow(name, .localizedText, value: "a string, or strings by language tag", default: defaultValue, doc: doc) { member, path, _, r, model in
            (model[keyPath: text], model[keyPath: byLanguage]) = r.localizedText(member.value, at: path)
        }
    }

    /// A number within `range` stored at `keyPath`.
    package static func number(_ name: String, in range: ClosedRange<Double>, default defaultValue: Double, doc: String,
                               _ keyPath: WritableKeyPath<Model, Double> & Sendable, rule: Rule? = nil) -> KeyRow {
        number(name, in: range, default: defaultValue, doc: doc, rule: rule) { v, model in model[keyPath: keyPath] = v }
    }

    /// An object of `keys`, read into a fresh `Inner` and stored at `keyPath` (`what` is the
    /// example an error message shows).
    package static func object<Inner: Sendable>(_ name: String, value: String, default defaultValue: String, doc: String,
                                        keys: [KeyRow<Inner>], what: String, fresh: Inner,
                                        _ keyPath: WritableKeyPath<Model, Inner?> & Sendable) -> KeyRow {
        KeyRow(name, .object, value: value, default: defaultValue, doc: doc) { member, path, _, r, model in
            var inner = fresh
            r.decode(member.value, at: path, keys: keys, what: what, into: &inner)
            model[keyPath: keyPath] = inner
        }
    }

    /// One of `choices` (names and what each reads as), the names said once: the reader refuses
    /// any other with one line naming them all, and the README's words, the JSON Schema's `enum` and
    /// an editor's control are made from them. `defaultText` says a default that is not one name.
    package static func choice<T: Sendable>(_ name: String, _ choices: [(String, T)], default defaultName: String?, defaultText: String? = nil,
                                            doc: String, set: @escaping @Sendable (_ value: T, _ model: inout Model) -> Void) -> KeyRow {
        KeyRow(name, .choice(choices.map(\.0)), value: choices.map { "`\"\($0.0)\"`" }.joined(separator: ", "), default: defaultText,
               initialValue: defaultName.map { .name($0) }, doc: doc) { member, path, _, r, model in
            if let v = r.choice(member.value, at: path, choices) { set(v, &model) }
        }
    }

    /// One of the cases of `T`, by raw value, stored at `keyPath`.
    package static func choice<T: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ type: T.Type, default defaultValue: T, doc: String,
                                                           _ keyPath: WritableKeyPath<Model, T> & Sendable) -> KeyRow where T.RawValue == String {
        let choices = T.allCases.map { ($0.rawValue, $0) }
        return KeyRow(name, .choice(choices.map(\.0)), value: choices.map { "`\"\($0.0)\"`" }.joined(separator: ", "),
                      initialValue: .name(defaultValue.rawValue), doc: doc) { member, path, _, r, model in
            if let v = r.choice(member.value, at: path, choices) { model[keyPath: keyPath] = v }
        }
    }
}

extension SchemaReader {
    /// Reads `node` as an object whose keys are `keys`, each decoded into `model` in the table's
    /// order with its rule after it (`first` before them all); reports unknown and duplicate keys, and missing required ones.
    /// Returns the members, nil (reported) when `node` is not an object.
    @discardableResult
    package mutating func decode<Model>(_ node: JSONNode, at path: JSONPath, keys: [KeyRow<Model>], what: String,
                                into model: inout Model, first: KeyRow<Model>.Rule? = nil) -> [String: JSONMember]? {
        guard let members = object(node, at: path, known: keys.map { $0.name }, what: what) else { return nil }
        let context = KeyRow<Model>.Context(members: members, node: node, path: path)
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
