/// The tours a soak run starts at random: the shipped Home tour's steps, a tour that uses every
/// hole shape, trigger and placement (skipping not allowed), and the one-step FAB tip.
enum SoakTours {
    static let home = """
    {
      "id": "home", "dim": { "color": "#000000", "opacity": 0.6 }, "showProgress": true, "allowSkip": true,
      "steps": [
        { "target": "nav.title", "shape": "roundedRect", "cornerRadius": 10, "padding": 6, "title": "Welcome",
          "text": "This is the Home screen.", "placement": "below" },
        { "target": "card.0", "shape": "roundedRect", "cornerRadius": 16, "padding": 6, "title": "Cards",
          "text": "Each card shows a picture, a title and a short description." },
        { "target": "fab", "shape": "circle", "title": "Add a card", "text": "Tap the + button.", "advanceOn": "tapTarget" },
        { "targets": ["tab.home", "tab.menu"], "shape": "roundedRect", "cornerRadius": 12, "padding": 0,
          "title": "Two tabs", "text": "Home holds your cards. Menu opens the overlays." },
        { "tab": "menu", "target": "menu.alert", "shape": "roundedRect", "cornerRadius": 10, "padding": 4, "feather": 4,
          "title": "Try an overlay", "text": "Each row here opens one kind of overlay." }
      ]
    }
    """

    static let mixed = """
    {
      "id": "soak.mixed", "dim": { "color": "#102030", "opacity": 0.7 }, "showProgress": true, "allowSkip": false,
      "steps": [
        { "target": "card.3", "shape": "ellipse", "padding": 12, "feather": 6, "text": "An ellipse with a soft edge.",
          "advanceOn": "tapAnywhere" },
        { "rect": [40, 300, 120, 80], "shape": "rect", "text": "A fixed rectangle.", "placement": "above" },
        { "target": "fab", "shape": "circle", "advanceOn": "tapTarget" },
        { "target": "nav.title", "shape": { "svgPath": "M 20 60 L 120 60 L 70 140 Z M 50 80 L 90 80 L 70 110 Z", "fillRule": "evenOdd" },
          "advanceOn": "tapAnywhere" },
        { "tab": "menu", "targets": ["menu.popup", "menu.loading"], "shape": "roundedRect", "cornerRadius": 6,
          "text": "Two rows: tapping one opens its overlay over the tour.", "placement": "left", "advanceOn": "tapTarget" },
        { "tab": "home", "target": "tab.menu", "shape": "circle", "padding": 2, "title": "Last", "text": "Done here.",
          "placement": "right" }
      ]
    }
    """

    static let fab = """
    { "id": "fab", "allowSkip": true,
      "steps": [ { "target": "fab", "shape": "circle", "text": "Tap this button to add an item to the list.", "advanceOn": "tapTarget" } ] }
    """

    static let all = [("home.json", home), ("soak.mixed.json", mixed), ("fab.json", fab)]
}
