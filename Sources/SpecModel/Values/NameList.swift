/// A comma-separated list of names as an option gives it (`state, states`): each name without
/// the white space around it. One reading for every option that takes names.
package enum NameList {
    /// The names of `list`; an empty one (`a,,b`, `a,`) kept when `keepingEmpty`, for the
    /// caller to refuse by name.
    package static func items(_ list: String, keepingEmpty: Bool) -> [String] {
        list.split(separator: ",", omittingEmptySubsequences: !keepingEmpty).map(trimmed)
    }

    /// `text` without the white space around it.
    package static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
