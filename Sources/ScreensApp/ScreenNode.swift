import Raster
import Views

/// One view of a declared screen: a widget (`kind`) with its keys, the keys every widget takes
/// (id, label, padding, frame, background), and its children.
public struct ScreenNode: Sendable {
    /// The widgets a screens file can name.
    public enum Kind: String, CaseIterable, Sendable {
        /// Words in a font, a colour and an alignment; `{state}` shows a state's value.
        case text
        /// A picture from a file beside the screens file.
        case image
        /// One of Limelight's icons, or an SVG path.
        case icon
        /// A tappable title (or children) that runs an action.
        case button
        /// An on/off switch bound to a flag state.
        case toggle
        /// A titled check box bound to a flag state.
        case checkbox
        /// A value in a range bound to a number state.
        case slider
        /// A field of typed text bound to a text state.
        case textField
        /// A bar filled to a value, or to a number state.
        case progress
        /// Room that grows in a stack.
        case spacer
        /// A hairline across a stack.
        case divider
        /// Children top to bottom.
        case vstack
        /// Children side by side, in the reading direction.
        case hstack
        /// Children over each other.
        case zstack
        /// Children in rows of equal columns.
        case grid
        /// Children top to bottom in a view that scrolls.
        case scroll
        /// Rows on a grouped card.
        case list
        /// A list's row: a title, a detail and a control or an action.
        case row
        /// Children on a white rounded card with a shadow; tappable with an action.
        case card
        /// A navigation bar with a large title.
        case navigationBar
    }

    /// Which widget it is.
    public var kind: Kind
    /// The line it starts on.
    public var line: Int
    /// The view id tours name it by.
    public var id: String?
    /// What a screen reader calls it (images and icons have no name otherwise).
    public var label: LocalText?
    /// Room inside its box, around the widget.
    public var padding: EdgeInsets?
    /// Its box's size, bounds and alignment.
    public var frame: NodeFrame?
    /// The colour filling its box.
    public var background: Color?
    /// The box's corner radius, with a background.
    public var cornerRadius: Double?
    /// Its children (a row's control, a button's label, a stack's views).
    public var children: [ScreenNode] = []

    /// Words: a text's, a button's, a row's, a check box's, a toggle's, a bar's title.
    public var text: LocalText?
    /// A row's detail, at its trailing side.
    public var detail: LocalText?
    /// A text field's hint while it is empty.
    public var placeholder: LocalText?
    /// A text's font.
    public var font: Font?
    /// A text's or an icon's colour.
    public var color: Color?
    /// How a text's lines align.
    public var textAlignment: TextAlignment?
    /// The most lines a text takes (then "…").
    public var lines: Int?
    /// Room between a container's children.
    public var spacing: Double?
    /// Where a container's children line up (as the file names it: `leading`, `top`, `center`, …).
    public var alignment: String?
    /// A grid's columns (the fewest, with `cellWidth`).
    public var columns: Int?
    /// The widths a grid's cells keep to, taking as many columns as fit.
    public var cellWidth: ClosedRange<Double>?
    /// An image's file, resolved against the screens file's folder.
    public var image: String?
    /// How an image fills its box.
    public var contentMode: ImageView.ContentMode?
    /// An image's width over its height.
    public var aspectRatio: Double?
    /// An icon's picture (or a button's, beside its title).
    public var icon: Icon?
    /// An icon's side, in points.
    public var iconSize: Double?
    /// The state a control shows and sets, or that a bar shows.
    public var state: String?
    /// A bar's fixed value (0 to 1).
    public var value: Double?
    /// A slider's range.
    public var range: ClosedRange<Double> = 0...1
    /// A slider's step.
    public var step: Double?
    /// A button's look.
    public var style: ButtonStyle = .filled
    /// What a tap (a change, a submit) does.
    public var action: ScreenAction?
    /// A spacer's least length.
    public var minLength: Double?
    /// Whether a text field takes several lines.
    public var multiline = false
    /// The lines of keys that name screens, states or files, for messages.
    var keyLines: [String: Int] = [:]

    /// A widget of `kind` at `line`.
    public init(kind: Kind, line: Int) { self.kind = kind; self.line = line }

    /// How a button looks.
    public enum ButtonStyle: String, CaseIterable, Sendable {
        /// White words on the tint, rounded.
        case filled
        /// Tinted words, no box.
        case plain
        /// Tinted words in a tinted outline.
        case bordered
    }

    /// How many views the node declares, its own and its children's.
    public var viewCount: Int { 1 + children.reduce(0) { $0 + $1.viewCount } }
}

/// A node's box: a fixed size, bounds (`"infinity"` for all offered), and where the widget sits in it.
public struct NodeFrame: Hashable, Sendable {
    /// A fixed width.
    public var width: Double?
    /// A fixed height.
    public var height: Double?
    /// The least width.
    public var minWidth: Double?
    /// The most width (infinity: all offered).
    public var maxWidth: Double?
    /// The least height.
    public var minHeight: Double?
    /// The most height (infinity: all offered).
    public var maxHeight: Double?
    /// Where a smaller widget sits.
    public var alignment: Alignment = .center
    /// A box that leaves the widget as it is.
    public init() {}
}
