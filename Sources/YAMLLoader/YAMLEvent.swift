/// How a scalar was written; a quoted `"1234"` and a plain `1234` are the same text.
package enum ScalarStyle: Sendable, Equatable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// One parse event, as libyaml reports it, with its start mark.
package struct YAMLEvent: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case streamStart, streamEnd
        case documentStart(explicit: Bool)
        case documentEnd(explicit: Bool)
        case sequenceStart(anchor: String?, tag: String?, flow: Bool)
        case sequenceEnd
        case mappingStart(anchor: String?, tag: String?, flow: Bool)
        case mappingEnd
        case scalar(value: String, anchor: String?, tag: String?, style: ScalarStyle)
        case alias(anchor: String)
    }

    package var kind: Kind
    package var mark: Mark
}
