import CYAML
import VitrineCore

/// One node of a YAML (or JSON) document, with the line it starts on for error messages.
public indirect enum YAMLNode: Sendable {
    case scalar(String, line: Int)
    case sequence([YAMLNode], line: Int)
    /// Keys in file order; keys are scalars (what `libinput record` and JSON write).
    case mapping([(key: String, value: YAMLNode)], line: Int)

    /// The 1-based line the node starts on.
    public var line: Int {
        switch self {
        case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line): line
        }
    }

    /// The value for `key` in a mapping (the first, if repeated); nil for other nodes.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    public var scalar: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    public var items: [YAMLNode]? {
        if case .sequence(let items, _) = self { return items }
        return nil
    }

    public var pairs: [(key: String, value: YAMLNode)]? {
        if case .mapping(let pairs, _) = self { return pairs }
        return nil
    }

    /// A scalar read as a whole number (decimal, as libinput record writes).
    public var integer: Int? { self.scalar.flatMap { Int($0) } }
    /// A scalar read as a number.
    public var number: Double? { self.scalar.flatMap { Double($0) } }
}

/// Reads a YAML 1.1 document with libyaml's event parser into `YAMLNode`s. JSON written without
/// tabs in indentation is YAML too, so the touch-script format goes through the same reader and
/// gets the same line numbers in its errors.
public enum YAMLReader {
    /// Parses the first document of `bytes`; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(VitrineError) -> YAMLNode {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw VitrineError(.ioFailure, "cannot read \(file): libyaml could not allocate its parser")
        }
        defer { yaml_parser_delete(parser) }
        // libyaml keeps the pointer to the input, so the bytes stay pinned for the whole parse.
        // A Result, not a typed-throws closure: Swift 6.0's withUnsafeBufferPointer rethrows
        // `any Error` (Debian 13's toolchain, issue 30).
        let tree = bytes.withUnsafeBufferPointer { buffer -> Result<YAMLNode, VitrineError> in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            do throws(VitrineError) {
                return .success(try self.buildTree(parser, file: file, input: buffer))
            } catch {
                return .failure(error)
            }
        }
        return try tree.get()
    }

    /// The deepest nesting of lists and mappings read: a `libinput record` file nests 6 deep
    /// (`devices` → device → `events` → entry → `evdev` → event), a touch script 2. Deeper input
    /// is refused at its line, before the tree exists: the tree's release is recursive, and 50,000
    /// levels overflowed the stack.
    public static let maximumDepth = 64

    /// The most nodes (scalars, lists, mappings) read from one document: 8 × 10^6, room for
    /// `InputRecording.maximumEvents` events at six nodes each (a recorded event is a list of five
    /// numbers; a script's event a mapping of five values) and their frames. Each node costs about
    /// 50 bytes, so a file can never make the tree larger than ~400 MB, whatever its size.
    public static let maximumNodes = 8_000_000

    /// A list or mapping whose end has not been read yet; appended to in place, so building a
    /// long list is linear (copying it out of an enum on every item made it quadratic).
    private struct OpenCollection {
        var isMapping: Bool
        var items: [YAMLNode] = []
        var pairs: [(key: String, value: YAMLNode)] = []
        var pendingKey: String? = nil
        var line: Int

        var node: YAMLNode { self.isMapping ? .mapping(self.pairs, line: self.line) : .sequence(self.items, line: self.line) }
    }

    private static func buildTree(_ parser: UnsafeMutablePointer<yaml_parser_t>, file: String, input: UnsafeBufferPointer<UInt8>) throws(VitrineError)
        -> YAMLNode
    {
        var stack: [OpenCollection] = []
        var root: YAMLNode? = nil
        var nodeCount = 0
        var event = yaml_event_t()
        while root == nil {
            guard yaml_parser_parse(parser, &event) == 1 else { throw self.syntaxError(parser.pointee, file: file, input: input) }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            var finished: YAMLNode? = nil
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
                finished = .scalar(text, line: line)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < self.maximumDepth else {
                    throw VitrineError(
                        .invalidData, "\(file) line \(line): lists and mappings nest more than \(self.maximumDepth) deep",
                        hint: "a libinput record file nests 6 deep and a touch script 2; this is not one")
                }
                stack.append(OpenCollection(isMapping: event.type == YAML_MAPPING_START_EVENT, line: line))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                finished = stack.removeLast().node
            case YAML_ALIAS_EVENT:
                throw VitrineError(.invalidData, "\(file) line \(line): YAML aliases (*name) are not supported", hint: "write the value out")
            case YAML_STREAM_END_EVENT:
                throw VitrineError(.invalidData, "\(file) is empty", hint: "expected a libinput record file or a JSON touch script")
            default:
                break
            }
            guard let node = finished else { continue }
            nodeCount += 1
            guard nodeCount <= self.maximumNodes else {
                throw VitrineError(
                    .invalidData, "\(file) line \(line): more than \(self.maximumNodes) values",
                    hint: "a recording or script holds at most \(InputRecording.maximumEvents) events; replay a shorter one")
            }
            guard !stack.isEmpty else {
                root = node
                continue
            }
            let top = stack.count - 1
            if !stack[top].isMapping {
                stack[top].items.append(node)
            } else if let key = stack[top].pendingKey {
                stack[top].pairs.append((key, node))
                stack[top].pendingKey = nil
            } else {
                guard let key = node.scalar else {
                    throw VitrineError(.invalidData, "\(file) line \(node.line): a mapping key must be a plain value")
                }
                stack[top].pendingKey = key
            }
        }
        return root!
    }

    /// A libyaml error at its line. At the end of the input libyaml's mark is past the last line,
    /// so the line is clamped to the last one and the message says the file ended.
    private static func syntaxError(_ parser: yaml_parser_t, file: String, input: UnsafeBufferPointer<UInt8>) -> VitrineError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = parser.context.map { " " + String(cString: $0) } ?? ""
        let lineCount = input.count(where: { $0 == UInt8(ascii: "\n") }) + (input.last == UInt8(ascii: "\n") ? 0 : 1)
        let atEnd = Int(parser.problem_mark.index) >= input.count
        let line = min(Int(parser.problem_mark.line) + 1, max(lineCount, 1))
        return VitrineError(
            .invalidData, "\(file) line \(line): \(problem)\(context)\(atEnd ? " (at the end of the file)" : "")",
            hint: "the file is not valid YAML/JSON; if it ends early it may be truncated")
    }
}
