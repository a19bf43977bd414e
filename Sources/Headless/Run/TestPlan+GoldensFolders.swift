import Files
import Foundation
import Schema
import Tours

extension TestPlan {
    /// The goldens folders in the plan's tours' folders that no tour owns any more: a folder
    /// `NAME.goldens` with no tour file `NAME.json` beside it, that neither a tour of the plan nor
    /// another tour file of that folder names as its `test.goldens`. A tour file renamed (or
    /// removed) leaves its goldens so, under the old name. Paths as the tours' files are named,
    /// in name order, each once; a link named so is passed over (nothing is followed).
    package func orphanedGoldensFolders() -> [String] {
        var owned = Set<[String]>()
        for tour in tours { owned.insert(Self.absolute(tour.goldensFolder)) }
        var found: [String] = []
        var seenFolders = Set<[String]>()
        for tour in tours {
            let shown = tour.file.contains("/") ? AtomicFile.split(tour.file).folder : ""
            guard seenFolders.insert(Self.absolute(tour.tourFolder)).inserted, let folder = try? OwnedFolder(tour.tourFolder) else { continue }
            let names = folder.names()
            let candidates = names.filter { name in
                name.hasSuffix(".goldens") && !name.hasPrefix(".") && name.count > ".goldens".count && folder.kind(of: name)?.isFolder == true
            }
            guard !candidates.isEmpty else { continue }
            // The folder's other tour files may keep their goldens under any name.
            let planned = Set(tours.map { Self.absolute($0.file) })
            for name in names where name.lowercased().hasSuffix(".json") && !name.hasPrefix(".") {
                let file = (tour.tourFolder as NSString).appendingPathComponent(name)
                guard !planned.contains(Self.absolute(file)), folder.kind(of: name)?.isRegular == true,
                      let goldens = Self.namedGoldens(in: file) else { continue }
                owned.insert(Self.absolute(goldens.hasPrefix("/") ? goldens : (tour.tourFolder as NSString).appendingPathComponent(goldens)))
            }
            for name in candidates.sorted() {
                let path = (shown as NSString).appendingPathComponent(name)
                let stem = String(name.dropLast(".goldens".count))
                guard folder.kind(of: stem + ".json") == nil, !owned.contains(Self.absolute(path)) else { continue }
                found.append(path)
            }
        }
        return found
    }

    /// `path` as absolute components from the current folder, to compare paths however written.
    static func absolute(_ path: String) -> [String] {
        OwnedFolder.components(of: path.isEmpty ? "." : path, from: FileManager.default.currentDirectoryPath)
    }

    /// The `test.goldens` a tour file names, read as JSON (nil when it names none or does not parse).
    static func namedGoldens(in file: String) -> String? {
        guard let bytes = try? TourLoader.read(file), let node = try? JSONParser.parse(bytes),
              case .object(let members) = node.value,
              let test = members.first(where: { $0.key == "test" })?.value, case .object(let keys) = test.value,
              let goldens = keys.first(where: { $0.key == "goldens" })?.value, case .string(let name) = goldens.value else { return nil }
        return name
    }
}
