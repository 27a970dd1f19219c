import SpecModel

/// The protocol's JSON Schemas (draft 2020-12), one per message kind. They are published under
/// docs/protocol/ (a test keeps those files equal to these) and used by --validate-protocol.
public enum ProtocolSchemas {
    public static let files: [(name: String, text: String)] = [
        (
            "envelope.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/envelope.schema.json",
              "title": "Any message: one JSON object on one line, with the id that pairs a request and its reply",
              "type": "object",
              "required": [
                "id"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                }
              }
            }

            """#
        ),
        (
            "hello.request.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/hello.request.schema.json",
              "title": "hello: the runner offers protocol versions",
              "type": "object",
              "required": [
                "id",
                "type",
                "versions",
                "model"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "type": {
                  "const": "hello"
                },
                "versions": {
                  "type": "array",
                  "items": {
                    "type": "integer",
                    "minimum": 1
                  }
                },
                "model": {
                  "type": "string",
                  "description": "the name of the spec model the driver is asked to implement"
                }
              },
              "additionalProperties": false
            }

            """#
        ),
        (
            "hello.reply.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/hello.reply.schema.json",
              "title": "hello reply: the version chosen, who the driver is, what it can do",
              "type": "object",
              "required": [
                "id",
                "ok",
                "protocol",
                "implementation",
                "capabilities"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "ok": {
                  "const": true
                },
                "protocol": {
                  "type": "integer",
                  "minimum": 1
                },
                "implementation": {
                  "type": "object",
                  "required": [
                    "name",
                    "version",
                    "language"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "name": {
                      "type": "string"
                    },
                    "version": {
                      "type": "string"
                    },
                    "language": {
                      "type": "string"
                    }
                  }
                },
                "capabilities": {
                  "type": "object",
                  "required": [
                    "inputs",
                    "observations"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "inputs": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    },
                    "observations": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    }
                  }
                }
              },
              "additionalProperties": false
            }

            """#
        ),
        (
            "start.request.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/start.request.schema.json",
              "title": "start: a scenario begins from this world, at virtual time 0",
              "type": "object",
              "required": [
                "id",
                "type",
                "scenario",
                "given"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "type": {
                  "const": "start"
                },
                "scenario": {
                  "type": "string"
                },
                "given": {
                  "type": "object",
                  "additionalProperties": {
                    "type": [
                      "null",
                      "boolean",
                      "integer",
                      "string",
                      "array",
                      "object"
                    ]
                  }
                }
              },
              "additionalProperties": false
            }

            """#
        ),
        (
            "input.request.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/input.request.schema.json",
              "title": "input: apply one input at this virtual time",
              "type": "object",
              "required": [
                "id",
                "type",
                "input",
                "time_ms"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "type": {
                  "const": "input"
                },
                "time_ms": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "milliseconds since the scenario's time 0"
                },
                "input": {
                  "type": "object",
                  "required": [
                    "name"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "name": {
                      "type": "string"
                    },
                    "argument": {
                      "type": [
                        "null",
                        "boolean",
                        "integer",
                        "string",
                        "array",
                        "object"
                      ]
                    }
                  }
                }
              },
              "additionalProperties": false
            }

            """#
        ),
        (
            "input.reply.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/input.reply.schema.json",
              "title": "input reply: what the driver observes after the input",
              "type": "object",
              "required": [
                "id",
                "ok",
                "observations"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "ok": {
                  "const": true
                },
                "observations": {
                  "type": "object",
                  "additionalProperties": {
                    "type": [
                      "null",
                      "boolean",
                      "integer",
                      "string",
                      "array",
                      "object"
                    ]
                  }
                }
              },
              "additionalProperties": false
            }

            """#
        ),
        (
            "reset.request.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/reset.request.schema.json",
              "title": "reset: the scenario is over; forget it",
              "type": "object",
              "required": [
                "id",
                "type"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "type": {
                  "const": "reset"
                }
              },
              "additionalProperties": false
            }

            """#
        ),
        (
            "bye.request.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/bye.request.schema.json",
              "title": "bye: the run is over; reply, then exit",
              "type": "object",
              "required": [
                "id",
                "type"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "type": {
                  "const": "bye"
                }
              },
              "additionalProperties": false
            }

            """#
        ),
        (
            "ok.reply.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/ok.reply.schema.json",
              "title": "ok reply: to start, reset and bye",
              "type": "object",
              "required": [
                "id",
                "ok"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "ok": {
                  "const": true
                }
              },
              "additionalProperties": false
            }

            """#
        ),
        (
            "error.reply.schema.json",
            #"""
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://authspec.invalid/protocol/v1/error.reply.schema.json",
              "title": "error reply: to any request",
              "type": "object",
              "required": [
                "id",
                "ok",
                "error"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "minimum": 0,
                  "description": "chosen by the runner, echoed by the reply"
                },
                "ok": {
                  "const": false
                },
                "error": {
                  "type": "object",
                  "required": [
                    "kind",
                    "message"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "kind": {
                      "enum": [
                        "unsupported",
                        "failed"
                      ],
                      "description": "unsupported: the scenario is skipped; failed: it errors"
                    },
                    "message": {
                      "type": "string"
                    }
                  }
                }
              },
              "additionalProperties": false
            }

            """#
        ),
    ]
}

extension ProtocolSchemas {
    /// The schema a request must satisfy.
    public static func requestSchema(_ type: String) -> String { "\(type).request.schema.json" }

    /// The schema a reply must satisfy, given the request it answers.
    public static func replySchema(to requestType: String, ok: Bool) -> String {
        guard ok else { return "error.reply.schema.json" }
        switch requestType {
        case "hello": return "hello.reply.schema.json"
        case "input": return "input.reply.schema.json"
        default: return "ok.reply.schema.json"
        }
    }

    /// Validators by file name, parsed once.
    public static let validators: [String: SchemaValidator] = {
        var result: [String: SchemaValidator] = [:]
        for file in files {
            // The texts are fixed above and parsed in a test; a failure here is a build mistake.
            result[file.name] = SchemaValidator(schema: (try? JSONCodec.decode(file.text)) ?? .null)
        }
        return result
    }()

    /// Problems of one message against its schema and the envelope.
    public static func problems(in message: Value, schema name: String) -> [String] {
        let envelope = validators["envelope.schema.json"]?.problems(in: message) ?? []
        guard let validator = validators[name] else { return envelope + ["no schema named \(name)"] }
        return envelope + validator.problems(in: message)
    }
}
