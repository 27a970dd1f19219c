/// A rule the model keeps as a table and spec documents write as one: a lock's length by
/// failure count, a session's lifetime by tier. `spec check` finds the table's rows in each
/// document and compares each with what the model gives for the same key.
public struct RuleTable: Sendable {
    /// What the table is, for messages: `lock schedule`.
    public var name: String
    /// Where the model keeps it: `UnlockRules.lockSchedule (Sources/UnlockScreen/Model/UnlockRules.swift)`.
    public var rule: String
    /// What a row's key counts or names, after the key in messages: `failures`, `tier`.
    public var keyName: String
    /// The model's own rows in its order; a document lacking one of them is told so.
    public var rows: [RuleRow]
    /// What the model gives for a key a document names, shown as the document's values are,
    /// or nil for none. It may go beyond `rows`: 9 failures get the 8-and-beyond row.
    public var value: @Sendable (_ key: String) -> String?
    /// This table's rows as a document writes them, from the document's lines.
    public var find: @Sendable (_ lines: [String]) -> [DocumentRuleRow]
    /// Whether a document that writes the table must write every row (a lock schedule), or may
    /// write the rows it is about (analytics events): a missing row is then only said.
    public var complete: Bool

    public init(
        name: String, rule: String, keyName: String, rows: [RuleRow],
        value: @escaping @Sendable (String) -> String?, find: @escaping @Sendable ([String]) -> [DocumentRuleRow],
        complete: Bool = true
    ) {
        self.complete = complete
        self.name = name
        self.rule = rule
        self.keyName = keyName
        self.rows = rows
        self.value = value
        self.find = find
    }
}

/// One of the model's rows: its key, its value as documents show it, and the requirement ids
/// (the catalogue's) whose scenarios rest on it.
public struct RuleRow: Sendable, Equatable {
    public var key: String
    public var value: String
    public var requirements: [String]

    public init(key: String, value: String, requirements: [String] = []) {
        self.key = key
        self.value = value
        self.requirements = requirements
    }
}

/// A row as a document writes it: the key (`8`), the key as written (`8+`), the value in the
/// table's own format (`1 h`), the line's text and its 1-based number.
public struct DocumentRuleRow: Sendable, Equatable {
    public var key: String
    public var shownKey: String
    public var value: String
    public var text: String
    public var line: Int

    public init(key: String, shownKey: String? = nil, value: String, text: String, line: Int) {
        self.key = key
        self.shownKey = shownKey ?? key
        self.value = value
        self.text = text
        self.line = line
    }
}
