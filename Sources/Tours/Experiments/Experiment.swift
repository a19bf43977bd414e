/// A tour's experiment: named arms (alternatives of its steps or of their texts, with weights)
/// and a holdout (a share of users who see no tour). Every user gets one arm for good, drawn from
/// a hash of the experiment's name and the user's id (`arm(forUser:)`), the same on every host.
public struct Experiment: Hashable, Sendable {
    /// The arm of users held out: they see no tour, and are the control a goal's lift is measured against.
    public static let holdoutArm = "holdout"
    /// The arm a holdout without variants compares against: the tour as written.
    public static let defaultArm = "control"

    /// One arm.
    public struct Variant: Hashable, Sendable {
        /// Its name, written in every event of its users (`variant`).
        public var name = ""
        /// Its share among the arms, relative to the others' weights.
        public var weight = 1.0
        /// Steps of its own instead of the tour's.
        public var steps: [TourStep]?
        /// Texts of its own for some of the tour's steps.
        public var texts: [Text] = []
        /// An arm.
        public init() {}
    }

    /// A variant's title and text for one step.
    public struct Text: Hashable, Sendable {
        /// The step, counting from 1.
        public var step = 0
        /// Its title in the default language.
        public var title: String?
        /// Its titles by language tag.
        public var titles: [String: String] = [:]
        /// Its text in the default language.
        public var text: String?
        /// Its texts by language tag.
        public var texts: [String: String] = [:]
        /// A text.
        public init() {}
    }

    /// The name the arm is drawn from (with the user's id); the tour's id unless the file names one.
    public var name: String
    /// The arms, in the file's order.
    public var variants: [Variant]
    /// The share of users held out, 0 to 0.9.
    public var holdout: Double

    /// An experiment `name` of `variants` holding out `holdout` of users.
    public init(name: String, variants: [Variant], holdout: Double) { self.name = name; self.variants = variants; self.holdout = holdout }

    /// The arms users who see the tour get: the variants, or the tour as written when there are none.
    public var arms: [Variant] {
        if !variants.isEmpty { return variants }
        var control = Variant()
        control.name = Experiment.defaultArm
        return [control]
    }

    /// A number in [0, 1) for `user` in this experiment: FNV-1a (64 bits) of the UTF-8 of
    /// `name + ":" + user`, mixed by SplitMix64's finalizer, its top 53 bits over 2⁵³.
    public func unit(forUser user: String) -> Double {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in (name + ":" + user).utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return Double(h >> 11) / 9_007_199_254_740_992
    }

    /// The arm `user` gets: `holdout` when their number falls below the holdout's share, else the
    /// arm whose slice of the rest (by weight, in order) it falls in.
    public func arm(forUser user: String) -> String {
        let u = unit(forUser: user)
        if u < holdout { return Experiment.holdoutArm }
        let arms = self.arms
        let total = arms.reduce(0) { $0 + $1.weight }
        var x = (u - holdout) / (1 - holdout) * total
        for a in arms {
            if x < a.weight { return a.name }
            x -= a.weight
        }
        return arms[arms.count - 1].name
    }
}

extension Tour {
    /// The tour's experiment, when it has arms or a holdout.
    public var experimentPlan: Experiment? {
        guard !variants.isEmpty || holdout > 0 else { return nil }
        return Experiment(name: experiment ?? id, variants: variants, holdout: holdout)
    }

    /// The tour as the users of `arm` see it: the arm's own steps, or its texts over the tour's
    /// steps (the tour as written for an arm without either, or one it does not have).
    public func applying(arm: String) -> Tour {
        guard let variant = variants.first(where: { $0.name == arm }) else { return self }
        var out = self
        if let steps = variant.steps { out.steps = steps }
        for text in variant.texts where text.step >= 1 && text.step <= out.steps.count {
            if text.title != nil || !text.titles.isEmpty { out.steps[text.step - 1].title = text.title; out.steps[text.step - 1].titles = text.titles }
            if text.text != nil || !text.texts.isEmpty { out.steps[text.step - 1].text = text.text; out.steps[text.step - 1].texts = text.texts }
        }
        return out
    }

    /// A short digest of what the tour shows (its steps' content versions): the tour's version in
    /// the events log.
    public var contentVersion: String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for v in steps.map(\.contentVersion) { for b in v.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }; h = (h ^ 0x1f) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }
}
