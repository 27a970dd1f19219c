/// A deliberately wrong variant of a model's reference, for measuring the suite: a suite that
/// lets a mutant pass has a hole where the mutant's rule is.
public struct Mutant: Sendable {
    public var id: String
    /// The kind of change: a rule's number, a boundary, a transition dropped or redirected, an
    /// output omitted.
    public var kind: String
    /// The rule or clause the change breaks.
    public var rule: String
    public var summary: String
    public var make: @Sendable () -> any ImplementationUnderTest

    public init(
        id: String, kind: String, rule: String, _ summary: String,
        make: @escaping @Sendable () -> any ImplementationUnderTest
    ) {
        self.id = id
        self.kind = kind
        self.rule = rule
        self.summary = summary
        self.make = make
    }
}
