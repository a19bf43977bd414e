/// Builds a list of child views from a closure, so stacks read like the screens they describe.
@MainActor
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: View) -> [View] { [view] }
    public static func buildExpression(_ views: [View]) -> [View] { views }
    public static func buildBlock(_ parts: [View]...) -> [View] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [View]?) -> [View] { part ?? [] }
    public static func buildEither(first part: [View]) -> [View] { part }
    public static func buildEither(second part: [View]) -> [View] { part }
    public static func buildArray(_ parts: [[View]]) -> [View] { parts.flatMap { $0 } }
}
