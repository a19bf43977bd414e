import Schema

/// The checks of a tour's steps run again over each arm of its experiment that has steps of its
/// own (`variants[K].steps`): their targets, tabs, events and flow, against the same catalog, each
/// problem at its place in the arm (`variants[1].steps[0].target`).
public enum VariantStepsValidator {
    /// Problems with the steps of `tour`'s arms; `file` names the file in diagnostics.
    public static func validate(_ tour: Tour, against catalog: TargetCatalog, file: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (k, variant) in tour.variants.enumerated() where variant.steps != nil {
            let arm = tour.applying(arm: variant.name)
            let found = TourTargetValidator.validate(arm, against: catalog, file: file) + TourFlowValidator.validate(arm, against: catalog, file: file)
            // What is said of the tour as a whole (its languages, its show rule) is said once, of the
            // tour; a path the steps' own source gives (a target's) is in the arm already.
            let own = "variants[\(k)]."
            for var d in found where d.path.hasPrefix("steps[") || d.path.hasPrefix(own) {
                if !d.path.hasPrefix(own) { d.path = own + d.path }
                out.append(d)
            }
        }
        return out
    }
}
