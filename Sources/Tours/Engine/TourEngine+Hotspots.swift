import Overlays
import Views

extension TourEngine {
    // MARK: - Hotspots

    /// The beacons of step `i`'s group (the hotspot steps in a row with its `group`, or it alone;
    /// `group` when it holds `i`, with what was opened of it), less those already opened; the app
    /// stays usable until one is tapped.
    func showHotspots(from i: Int, keeping group: HotspotGroup?) {
        hideHotspots()
        var kept = group
        if kept.map({ !$0.steps.contains(i) }) ?? true {
            var steps = [i]
            if let g = tour.steps[i].group {
                var j = i + 1
                while j < tour.steps.count, tour.steps[j].isHotspot, tour.steps[j].group == g { steps.append(j); j += 1 }
            }
            kept = HotspotGroup(steps: steps)
        }
        guard let group = kept else { return }
        prepareHost(for: i)
        let shown = group.remaining
        let language = host.languageCode
        let beacons = shown.map { s in
            HotspotOverlay.Beacon(target: tour.steps[s].targets.first ?? .rect(.zero),
                                  label: tour.steps[s].title(in: language) ?? tour.steps[s].text(in: language) ?? "")
        }
        let overlay = HotspotOverlay(beacons: beacons)
        overlay.onOpen = { [weak self] k in self?.openHotspot(shown[k]) }
        screen = .beacons(step: i, group: group, overlay: overlay)
        host.overlays.present(overlay)
    }

    /// Opens hotspot step `s`: its beacons go, and it shows as a spotlight.
    func openHotspot(_ s: Int) {
        guard case let .beacons(_, group, _) = screen else { return }
        hideHotspots()
        present(s, animated: true, opening: group)
    }

    /// Takes the beacons off the screen; the caller puts what shows next on `screen`.
    func hideHotspots() {
        guard case let .beacons(_, _, overlay) = screen else { return }
        overlay.dismiss(animated: false)
        screen = .nothing
    }
}
