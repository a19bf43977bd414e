import Foundation
import Overlays
import Raster
import Tours
import TranslationFiles
import Views

/// The sample app through the app seam, as any app goes through it: its definition (languages,
/// state, events, overlays, launch tour, screen, fonts) and its running half (tabs, state).
extension DemoApp: TourHost {
    /// "home" and "menu".
    public var tabNames: [String] { Tab.allCases.map(\.rawValue) }

    /// The tab on screen.
    public var selectedTabName: String? { state.selectedTab.rawValue }

    /// The app's language ("en", "ja", "ar", "he", or a language only Limelight's words and the
    /// tours are translated into): tours show their texts in it when they have them.
    public var languageCode: String { root.language ?? state.language.rawValue }

    /// `cards`: how many cards Home has.
    public func state(named name: String) -> StateValue? { name == "cards" ? .number(Double(state.cards.count)) : nil }

    /// The FAB adds cards: `card.4`, `card.5`, … come to exist on Home.
    public var idPatterns: [String: [String]] { [Tab.home.rawValue: ["card.N"]] }

    /// Shows the sample app in `tag`: its own words in it when it has them (en, ja, ar, he), in
    /// English otherwise, while Limelight's words and the tours' texts follow `tag`.
    @discardableResult public func switchLanguage(to tag: String) -> Bool {
        guard LanguageTag.isWellFormed(tag) || PseudoLocale.isPseudo(tag) else { return false }
        setLanguage(Language(rawValue: tag) ?? .en)
        root.language = tag
        return true
    }

    /// Shows the tab named `name` ("home" or "menu").
    @discardableResult
    public func selectTab(named name: String) -> Bool {
        guard let tab = Tab(rawValue: name) else { return false }
        select(tab)
        return true
    }

    /// The ids and declarations of a freshly launched sample app (the same at every size and
    /// language), as `AppDefinition.launchCatalog()` makes them.
    public static func launchCatalog() -> TargetCatalog {
        definition(imagesFolder: nil, toursFolder: nil).launchCatalog()
    }

    /// The sample app's definition. `imagesFolder` holds the card illustrations (read once, at the
    /// first launch; a missing or broken one is reported and drawn as a placeholder); the launch
    /// tour is `fab.json` in `toursFolder`. `moreLanguages` are languages it speaks beyond its own
    /// four through translation files only (Limelight's words, the tours' texts; its own words stay
    /// English in them): unless given, every language of Limelight's translation files, as every
    /// host finds them (`InstalledStrings`), so a test suite's app speaks what `limelight` speaks.
    public static func definition(imagesFolder: String?, toursFolder: String?,
                                  moreLanguages: [String] = InstalledStrings.words.languages) -> AppDefinition {
        let images = CardImageCache(folder: imagesFolder)
        let own = Language.allCases.map(\.rawValue)
        return AppDefinition(
            id: "sample", displayName: "the sample app", languages: own + moreLanguages.filter { !own.contains($0) }.sorted(),
            defaultScreen: Size(390, 844), defaultScale: 1, fontFamily: "DejaVu Sans", fallbackLanguages: ["ja"],
            states: [StateDeclaration("cards", .number, meaning: "how many cards Home has")],
            events: ["cardAdded", "overlayOpened"], overlayKinds: ["alert", "popup", "loading"],
            launchTours: toursFolder.map { [($0 as NSString).appendingPathComponent("fab.json")] } ?? [],
            launchChecklists: toursFolder.map { [($0 as NSString).appendingPathComponent("getting-started.checklist.json")] } ?? [],
            make: { launch in
                let app = try DemoApp(size: launch.size, scale: launch.scale, language: Language(rawValue: launch.language) ?? .en,
                                      textEngine: launch.textEngine, images: images.load(report: launch.report), clock: launch.clock)
                app.root.reducesMotion = launch.reducesMotion
                // A language of translation files only: Limelight's words and the tours follow it.
                if Language(rawValue: launch.language) == nil { app.root.language = launch.language }
                return app
            })
    }
}

/// The card illustrations of one process, read at the first launch that asks for them.
@MainActor
private final class CardImageCache {
    private let folder: String?
    private var images: [String: Pixmap]?

    init(folder: String?) { self.folder = folder }

    /// The images, read now if they were not yet; each problem (and a missing folder) is reported once.
    func load(report: (String) -> Void) -> [String: Pixmap] {
        if let images { return images }
        var found: [String: Pixmap] = [:]
        if let folder {
            let read = CardImages.load(from: folder)
            found = read.images
            for e in read.errors { report("\(e) (showing a placeholder)") }
        } else {
            report("card images not found (set LIMELIGHT_ASSETS to the assets folder); showing placeholders")
        }
        images = found
        return found
    }
}
