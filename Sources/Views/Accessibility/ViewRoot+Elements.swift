import Raster

extension ViewRoot {
    /// The app's screen as element queries see it: the elements of the tree as last laid out (not
    /// the layers above it: overlays, dialogs), made once per layout pass however many queries ask.
    public var appElements: ElementList {
        if let made = elementsMade, made.pass == layoutPasses { return made.list }
        let list = ElementList(content.semanticNodes())
        elementsMade = (layoutPasses, list)
        return list
    }

    /// What `query` finds on the app's screen now (`ElementList`'s rules), kept until the elements
    /// are made again: a spotlight asks every frame. A failure names no nearest elements unless
    /// `namingNearest` (a report asks for them; finding them costs a look at every element).
    public func resolve(_ query: ElementQuery, namingNearest: Bool = false) -> ElementResolution {
        let list = appElements
        if !namingNearest, let known = resolvedQueries[query] { return known }
        let found = list.resolve(query, namingNearest: namingNearest)
        if !namingNearest { resolvedQueries[query] = found }
        return found
    }

    /// Where `element` is on the screen for a spotlight: the frame of the view with its id, as a
    /// view target's hole has it (an element may carry the id of the layout view around it), else
    /// the element's own.
    public func frame(of element: SemanticNode) -> Rect {
        if let id = element.id, let view = view(withID: id), view.isPlaced { return view.frame }
        return element.frame
    }
}
