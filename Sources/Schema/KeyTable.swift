/// The README's key tables, made from the rows: one line a key (`| key | value | default |
/// meaning |`), nested keys under their object's with its name before theirs (`dim.opacity`).
package enum KeyTable {
    /// The rows of `keys`, each name after `prefix`.
    package static func rows<Model>(_ keys: [KeyRow<Model>], prefix: String = "") -> [String] {
        keys.map { k in "| `\(prefix)\(k.name)` | \(k.row.value) | \(k.row.defaultValue) | \(k.row.doc) |" }
    }

    /// `rows` under the table's header.
    package static func markdown(_ rows: [String]) -> String {
        (["| key | value | default | meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }
}
