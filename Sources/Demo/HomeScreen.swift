import Raster
import Views

/// The Home tab: a large-title bar over a scrolling two-column grid of cards, with a red round
/// floating action button 20 points from the trailing edge and 20 points above the tab bar.
@MainActor
final class HomeScreen {
    let view: View
    let navigationBar: NavigationBar
    let grid: Grid
    let scrollView: ScrollView
    let fab: Button
    private let images: [String: Pixmap]

    init(state: AppState, images: [String: Pixmap], onAdd: @escaping @MainActor () -> Void) {
        self.images = images
        navigationBar = NavigationBar(title: Strings.home(state.language), titleID: "nav.title", contentMaxWidth: Theme.columnMaxWidth)
        grid = Grid(columns: 2, spacing: Theme.gridSpacing, rowSizing: .uniform)
        grid.adaptiveCellWidth = Theme.cardWidth
        grid.id = "grid"
        grid.accessibilityRole = .list
        let m = Theme.gridMargin
        // Room under the last row so it can scroll clear of the floating button.
        let bottom = m + Theme.fabSize + Theme.fabMargin
        let content = grid.frame(maxWidth: Theme.gridMaxWidth)
            .padding(EdgeInsets(top: m, leading: m, bottom: bottom, trailing: m))
            .frame(maxWidth: .infinity)
        scrollView = ScrollView(content)
        scrollView.id = "home.scroll"
        let plus = IconView(.plus, color: .white, size: 28)
        let circle = plus.frame(width: Theme.fabSize, height: Theme.fabSize)
            .background(Theme.fabColor, in: .circle)
            .shadow(color: Theme.fabShadow, radius: 6, y: 3, shape: .circle)
        fab = Button(shape: .circle, pressedColor: Theme.fabPressed, action: onAdd, label: circle)
        fab.id = "fab"
        fab.accessibilityLabel = Strings.addCard(state.language)
        // 20 points from the content column's trailing edge (the screen's, on a phone).
        let inset = fab.safeAreaPadding(.trailing, extra: EdgeInsets(bottom: Theme.fabMargin, trailing: Theme.fabMargin))
        let column = inset.frame(maxWidth: Theme.columnMaxWidth, maxHeight: .infinity, alignment: .bottomTrailing)
        let floating = column.frame(maxWidth: .infinity, maxHeight: .infinity)
        // Only the button takes taps: the rest of the area it is placed in lets them reach the grid.
        for v in [inset, column, floating] { v.isTransparentToHits = true }
        view = VStack(spacing: 0, children: [navigationBar, scrollView.overlay(floating, alignment: .bottomTrailing)])
        view.id = "home"
        for (i, card) in state.cards.enumerated() { appendCard(card, index: i, language: state.language) }
    }

    func appendCard(_ content: CardContent, index: Int, language: Language) {
        let card = CardView(content, language: language, image: content.imageName.flatMap { images[$0] })
        card.id = "card.\(index)"
        grid.addChild(card)
    }

    /// Scrolls card `index` into view (gliding there unless motion is reduced).
    func reveal(cardAt index: Int) {
        guard grid.children.indices.contains(index) else { return }
        scrollView.scrollIntoView(grid.children[index], animated: !(scrollView.root?.reducesMotion ?? true))
    }

    func show(_ state: AppState) {
        navigationBar.title = Strings.home(state.language)
        fab.accessibilityLabel = Strings.addCard(state.language)
        for (card, content) in zip(grid.children, state.cards) {
            (card as? CardView)?.show(content, language: state.language)
        }
    }
}
