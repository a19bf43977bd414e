/// Builds a list of child views from a closure, so stacks read like the screens they describe.
@MainActor
@resultBuilder
public enum ViewBuilder {
    /// One view.
    public static func buildExpression(_ view: View) -> [View] { [view] }
    /// Several views at once.
    public static func buildExpression(_ views: [View]) -> [View] { views }
    /// The views of a block, in order.
    public static func buildBlock(_ parts: [View]...) -> [View] { parts.flatMap { $0 } }
    /// The views of an `if` without `else` (none when false).
    public static func buildOptional(_ part: [View]?) -> [View] { part ?? [] }
    /// The views of an `if` branch.
    public static func buildEither(first part: [View]) -> [View] { part }
    /// The views of an `else` branch.
    public static func buildEither(second part: [View]) -> [View] { part }
    /// The views of a `for` loop.
    public static func buildArray(_ parts: [[View]]) -> [View] { parts.flatMap { $0 } }
}
