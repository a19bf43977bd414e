/// What a checklist overlay shows, in the words of the language on screen: its title, how far it
/// is, and each item with its state. The overlay knows nothing of checklist files: a host (the
/// Tours module's `ChecklistRunner`, an app's own code) makes this from its checklist and gives
/// it again whenever an item's state changes.
public struct ChecklistContent: Hashable, Sendable {
    /// How far an item is, as the panel draws it.
    public enum State: String, Hashable, Sendable {
        /// Done: a filled mark with a tick.
        case done
        /// Its turn: an empty ring.
        case toDo
        /// It waits for other items: a faint ring, its row dimmed.
        case waiting
    }

    /// One row of the panel.
    public struct Item: Hashable, Sendable {
        /// The item's id: its row is `overlay.checklist.item.ID`.
        public var id: String
        /// The task, one short line.
        public var title: String
        /// What it asks, under the title ("" for none).
        public var detail: String
        /// Its state.
        public var state: State
        /// Whether choosing it launches something (a tour): the row shows a chevron.
        public var launches: Bool

        /// An item `id` titled `title`.
        public init(id: String, title: String, detail: String = "", state: State = .toDo, launches: Bool = false) {
            self.id = id
            self.title = title
            self.detail = detail
            self.state = state
            self.launches = launches
        }
    }

    /// The panel's heading, and what the launcher is called.
    public var title: String
    /// The items, in order.
    public var items: [Item]
    /// How far it is, in words ("1 of 4 done").
    public var progressText: String
    /// What a screen reader calls the panel's close button.
    public var closeLabel: String

    /// A checklist `title` of `items`, `progressText` saying how far it is.
    public init(title: String, items: [Item], progressText: String, closeLabel: String) {
        self.title = title
        self.items = items
        self.progressText = progressText
        self.closeLabel = closeLabel
    }

    /// How many items are done.
    public var doneCount: Int { items.filter { $0.state == .done }.count }
    /// How many are not done yet: the launcher's badge.
    public var remainingCount: Int { items.count - doneCount }
    /// The share done, 0 to 1 (1 for no items).
    public var fractionDone: Double { items.isEmpty ? 1 : Double(doneCount) / Double(items.count) }
}
