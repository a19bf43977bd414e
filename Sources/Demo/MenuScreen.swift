import Raster
import Views

/// The Menu tab: a large-title bar over a grouped list of rows that open overlays.
@MainActor
final class MenuScreen {
    let view: View
    let navigationBar: NavigationBar
    let rows: [MenuAction: ListRow]
    private let header: Text

    init(state: AppState, onSelect: @escaping @MainActor (MenuAction) -> Void) {
        navigationBar = NavigationBar(title: Strings.menu(state.language), titleID: "nav.title", contentMaxWidth: Theme.columnMaxWidth)
        var rows: [MenuAction: ListRow] = [:]
        let ordered = MenuAction.allCases.map { action in
            let row = ListRow(title: action.title(state.language), action: { onSelect(action) })
            row.id = action.viewID
            rows[action] = row
            return row
        }
        self.rows = rows
        let header = Text(Strings.overlaysSection(state.language), font: Font(size: 13), color: Palette.secondaryLabel, lineLimit: 1)
        self.header = header
        let list = VStack(alignment: .leading, spacing: 6) {
            header.padding(EdgeInsets(leading: 16))
            ListView(rows: ordered)
        }
        .frame(maxWidth: Theme.gridMaxWidth)
        .padding(EdgeInsets(top: Theme.gridMargin, leading: Theme.gridMargin, bottom: Theme.gridMargin, trailing: Theme.gridMargin))
        .frame(maxWidth: .infinity)
        let scroll = ScrollView(list)
        scroll.id = "menu.scroll"
        view = VStack(spacing: 0, children: [navigationBar, scroll])
        view.id = "menu"
    }

    func show(_ state: AppState) {
        navigationBar.title = Strings.menu(state.language)
        header.string = Strings.overlaysSection(state.language)
        for (action, row) in rows { row.title = action.title(state.language) }
    }
}
