import VitrineCore

/// One option a command accepts.
public struct OptionSpec: Sendable {
    public var long: String
    public var short: Character?
    /// nil for a flag (no value).
    public var valueName: String?
    public var help: String

    public init(_ long: String, short: Character? = nil, value valueName: String? = nil, help: String) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
    }

    var usageText: String {
        var text = "--\(self.long)"
        if let short = self.short { text = "-\(short), " + text }
        if let valueName = self.valueName { text += " \(valueName)" }
        return text
    }
}

/// What the user typed, checked against a command's options.
public struct ParsedArguments: Sendable {
    public private(set) var values: [String: String] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []
    let command: String

    public func value(_ long: String) -> String? { self.values[long] }
    public func has(_ long: String) -> Bool { self.flags.contains(long) }

    /// An integer option, with the option named in the error.
    public func integer(_ long: String, in range: ClosedRange<Int>? = nil) throws(CommandLineError) -> Int? {
        guard let text = self.values[long] else { return nil }
        guard let value = Int(text), range.map({ $0.contains(value) }) ?? true else {
            let expected = range.map { "an integer from \($0.lowerBound) to \($0.upperBound)" } ?? "an integer"
            throw CommandLineError.invalidValue(command: self.command, option: long, value: text, expected: expected)
        }
        return value
    }

    /// A number option, with the option named in the error.
    public func number(_ long: String, in range: ClosedRange<Double>? = nil) throws(CommandLineError) -> Double? {
        guard let text = self.values[long] else { return nil }
        guard let value = Double(text), value.isFinite, range.map({ $0.contains(value) }) ?? true else {
            let expected = range.map { "a number from \($0.lowerBound) to \($0.upperBound)" } ?? "a number"
            throw CommandLineError.invalidValue(command: self.command, option: long, value: text, expected: expected)
        }
        return value
    }

    /// Parses `arguments` (without the command name) against `options`.
    /// Accepts `--name value`, `--name=value`, `-n value`, flags, and `--` before positionals.
    public static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws(CommandLineError) -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String? = nil
            let spec: OptionSpec?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                spec = options.first { $0.long == name }
            } else {
                let letter = argument.dropFirst().first
                spec = argument.count == 2 ? options.first { $0.short == letter } : nil
                name = spec?.long ?? String(argument.dropFirst())
            }
            guard let spec else {
                throw CommandLineError.unknownOption(command: command, option: argument)
            }
            if spec.valueName != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw CommandLineError.missingValue(command: command, option: spec.long, valueName: spec.valueName!)
                }
                // No option means anything by an empty value (`--scene ""` is a typo or an
                // unset shell variable): a usage error, not a file that cannot be found.
                guard !value.isEmpty else {
                    throw CommandLineError.missingValue(command: command, option: spec.long, valueName: spec.valueName!)
                }
                parsed.values[spec.long] = value
            } else {
                guard inlineValue == nil else {
                    throw CommandLineError.invalidValue(command: command, option: spec.long, value: inlineValue!, expected: "no value (it is a flag)")
                }
                parsed.flags.insert(spec.long)
            }
        }
        return parsed
    }
}

/// A mistake on the command line; printed as one line plus a pointer to `--help`, exit status 2.
public enum CommandLineError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(command: String, option: String)
    case missingValue(command: String, option: String, valueName: String)
    case invalidValue(command: String, option: String, value: String, expected: String)
    case unexpectedArgument(command: String, argument: String)
    case missingArgument(command: String, name: String)

    public var description: String {
        switch self {
        case .unknownCommand(let name):
            return "vitrine: unknown command '\(QuotedValue.shortened(name))' (see `vitrine --help`)"
        case .unknownOption(let command, let option):
            return "vitrine \(command): unknown option \(QuotedValue.shortened(option)) (see `vitrine \(command) --help`)"
        case .missingValue(let command, let option, let valueName):
            return "vitrine \(command): --\(option) needs a value (\(valueName))"
        case .invalidValue(let command, let option, let value, let expected):
            return "vitrine \(command): --\(option) '\(QuotedValue.shortened(value))' is not valid: expected \(expected)"
        case .unexpectedArgument(let command, let argument):
            return "vitrine \(command): unexpected argument '\(QuotedValue.shortened(argument))' (see `vitrine \(command) --help`)"
        case .missingArgument(let command, let name):
            return "vitrine \(command): missing \(name) (see `vitrine \(command) --help`)"
        }
    }
}
