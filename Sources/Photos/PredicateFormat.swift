import Foundation
import UIKit

/// Apple's format-string predicates (Foundation › NSPredicate, "Predicate Format String Syntax"),
/// which Foundation on Linux marks unavailable (it has no parser and no key-value coding). With
/// `import Photos` they exist again, so `NSPredicate(format: "mediaType == %d",
/// PHAssetMediaType.image.rawValue)` compiles and means what it means on iOS: the format is parsed
/// when the predicate is made (a format that does not parse ends the app with Foundation's
/// `NSInvalidArgumentException` "Unable to parse the format string …"), and the predicate reads
/// the keys of the objects it is evaluated with: a `PHAsset`'s fetch keys, a dictionary's entries.
///
/// The grammar covered: comparisons `==` `=` `!=` `<>` `<` `<=` `=<` `>` `>=` `=>`, `IN`,
/// `BETWEEN`, `CONTAINS`, `BEGINSWITH`, `ENDSWITH`, `LIKE`, `MATCHES` with the `[c]`, `[d]`,
/// `[cd]` options; `AND` `&&`, `OR` `||`, `NOT` `!`, parentheses, `TRUEPREDICATE`,
/// `FALSEPREDICATE`; numbers, quoted strings, `TRUE` `YES` `FALSE` `NO` `NULL` `NIL` `SELF`,
/// `{…}` aggregates, `CAST(n, "NSDate")`, the bitwise `&` and `|` of Apple's own mediaSubtypes
/// example; and the arguments `%@`, `%K`, `%d` `%i` `%ld` `%lld` `%u` `%lu` `%f` `%lf` `%g`.
/// Aggregate qualifiers (`ANY`, `ALL`, `NONE`, `SOME`), `SUBQUERY`, other functions and
/// `$variables` are not here (docs/photos.md).
extension NSPredicate {
    /// Apple: `init(format:_:)`; the arguments are taken in the order the format names them.
    public convenience init(format predicateFormat: String, _ args: CVarArg...) {
        self.init(parsing: predicateFormat, arguments: args.map { $0 as Any })
    }

    /// Apple: `init(format:argumentArray:)`.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        self.init(parsing: predicateFormat, arguments: arguments ?? [])
    }

    private convenience init(parsing format: String, arguments: [Any]) {
        let parsed: PredicateFormat
        do {
            parsed = try PredicateFormat(parsing: format, arguments: arguments)
        } catch {
            DeviceAnswers.raise("NSInvalidArgumentException", reason: "Unable to parse the format string \"\(format)\"")
        }
        self.init { object, _ in parsed.evaluate(with: object) }
        PredicateFormat.register(parsed, for: self)
    }
}

/// Foundation's objects are C variadic arguments on Apple's platforms (and in
/// swift-corelibs-foundation after this toolchain's), so `NSPredicate(format: "creationDate > %@",
/// date as NSDate)` compiles as iOS code writes it. They pass as the object's reference.
extension NSObject: @retroactive CVarArg {
    public var _cVarArgEncoding: [Int] { _encodeBitsAsWords(self) }
}

/// A parsed format predicate: what it tests and the keys it reads.
struct PredicateFormat: Sendable {
    indirect enum Node: Sendable {
        case constant(Bool)
        case not(Node)
        case and(Node, Node)
        case or(Node, Node)
        case comparison(Expression, Operator, Expression, Options)
    }

    indirect enum Expression: Sendable {
        case key(String)
        case evaluatedObject
        case value(Value)
        case aggregate([Expression])
        case bitwiseAnd(Expression, Expression)
        case bitwiseOr(Expression, Expression)
    }

    enum Operator: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case `in` = "IN", between = "BETWEEN", contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH"
        case like = "LIKE", matches = "MATCHES"
    }

    struct Options: OptionSet, Sendable {
        let rawValue: Int
        static let caseInsensitive = Options(rawValue: 1)
        static let diacriticInsensitive = Options(rawValue: 2)
    }

    /// What an expression stands for. `object` is anything else an argument gave (an asset for
    /// `SELF == %@`), compared by identity or `isEqual(_:)`.
    enum Value: @unchecked Sendable {
        case null
        case integer(Int)
        case real(Double)
        case string(String)
        case date(Date)
        case list([Value])
        case object(AnyObject)
    }

    struct ParseError: Error {}

    let root: Node
    /// Apple's normalized form (`mediaType == 1`), for messages.
    let format: String

    init(parsing text: String, arguments: [Any]) throws {
        var parser = Parser(tokens: try Lexer.tokens(of: text), arguments: arguments)
        root = try parser.predicate()
        guard parser.atEnd else { throw ParseError() }
        format = Self.describe(root)
    }

    /// The keys the predicate reads, for the fetch's check of PHFetchOptions' keys.
    var keys: [String] {
        var found: [String] = []
        func visit(_ node: Node) {
            switch node {
            case .constant: break
            case .not(let inner): visit(inner)
            case .and(let left, let right), .or(let left, let right): visit(left); visit(right)
            case .comparison(let left, _, let right, _): visit(left); visit(right)
            }
        }
        func visit(_ expression: Expression) {
            switch expression {
            case .key(let key): found.append(key)
            case .evaluatedObject, .value: break
            case .aggregate(let items): items.forEach(visit)
            case .bitwiseAnd(let left, let right), .bitwiseOr(let left, let right): visit(left); visit(right)
            }
        }
        visit(root)
        return found
    }

    // MARK: The predicates made here

    /// Foundation's `predicateFormat` cannot be overridden from here: the parsed form of each
    /// format predicate is kept beside it, as `NSSortDescriptor(key:ascending:)` keeps its key.
    nonisolated(unsafe) private static var made: [ObjectIdentifier: (predicate: WeakPredicate, parsed: PredicateFormat)] = [:]

    private final class WeakPredicate {
        weak var object: NSPredicate?
        init(_ object: NSPredicate) { self.object = object }
    }

    static func register(_ parsed: PredicateFormat, for predicate: NSPredicate) {
        made = made.filter { $0.value.predicate.object != nil }
        made[ObjectIdentifier(predicate)] = (WeakPredicate(predicate), parsed)
    }

    /// The parsed form of a predicate made with `NSPredicate(format:)`, nil for another.
    static func of(_ predicate: NSPredicate) -> PredicateFormat? {
        guard let entry = made[ObjectIdentifier(predicate)], entry.predicate.object === predicate else { return nil }
        return entry.parsed
    }
}

// MARK: - Evaluation

extension PredicateFormat {
    func evaluate(with object: Any?) -> Bool { Self.evaluate(root, object) }

    private static func evaluate(_ node: Node, _ object: Any?) -> Bool {
        switch node {
        case .constant(let value): return value
        case .not(let inner): return !evaluate(inner, object)
        case .and(let left, let right): return evaluate(left, object) && evaluate(right, object)
        case .or(let left, let right): return evaluate(left, object) || evaluate(right, object)
        case .comparison(let left, let operation, let right, let options):
            return compare(value(of: left, object), operation, value(of: right, object), options)
        }
    }

    private static func value(of expression: Expression, _ object: Any?) -> Value {
        switch expression {
        case .value(let value): return value
        case .evaluatedObject: return Value(object)
        case .key(let path):
            var current: Any? = object
            for key in path.split(separator: ".").map(String.init) { current = lookUp(key, in: current) }
            return Value(current)
        case .aggregate(let items): return .list(items.map { value(of: $0, object) })
        case .bitwiseAnd(let left, let right):
            return .integer((value(of: left, object).integer ?? 0) & (value(of: right, object).integer ?? 0))
        case .bitwiseOr(let left, let right):
            return .integer((value(of: left, object).integer ?? 0) | (value(of: right, object).integer ?? 0))
        }
    }

    /// `valueForKey:` as far as these objects answer it: a fetch key of an asset, a dictionary's
    /// entry. Another object has no key-value coding on Linux: it ends the app with
    /// Foundation's `NSUnknownKeyException`, as an unknown key does on iOS.
    private static func lookUp(_ key: String, in object: Any?) -> Any? {
        switch object {
        case nil: return nil
        case let asset as PHAsset:
            switch key {
            case "localIdentifier": return asset.localIdentifier
            case "creationDate": return asset.creationDate
            case "modificationDate": return asset.modificationDate
            case "mediaType": return asset.mediaType.rawValue
            case "mediaSubtypes": return asset.mediaSubtypes.rawValue
            case "duration": return asset.duration
            case "pixelWidth": return asset.pixelWidth
            case "pixelHeight": return asset.pixelHeight
            case "favorite", "isFavorite": return asset.isFavorite
            case "hidden", "isHidden": return asset.isHidden
            case "burstIdentifier": return asset.burstIdentifier
            default: unknownKey(key, of: asset)
            }
        case let dictionary as [String: Any]: return dictionary[key]
        case let dictionary as NSDictionary: return dictionary[key]
        case let other: unknownKey(key, of: other)
        }
    }

    private static func unknownKey(_ key: String, of object: Any) -> Never {
        DeviceAnswers.raise("NSUnknownKeyException",
                            reason: "[<\(type(of: object))> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).")
    }

    private static func compare(_ left: Value, _ operation: Operator, _ right: Value, _ options: Options) -> Bool {
        switch operation {
        case .equal: return equal(left, right, options)
        case .notEqual: return !equal(left, right, options)
        case .less: return order(left, right, options) == .orderedAscending
        case .lessOrEqual: return [.orderedAscending, .orderedSame].contains(order(left, right, options))
        case .greater: return order(left, right, options) == .orderedDescending
        case .greaterOrEqual: return [.orderedDescending, .orderedSame].contains(order(left, right, options))
        case .in:
            switch right {
            case .list(let items): return items.contains { equal(left, $0, options) }
            case .string(let text): return left.string.map { fold(text, options).contains(fold($0, options)) } ?? false
            default: return false
            }
        case .between:
            guard case .list(let bounds) = right, bounds.count == 2 else { return false }
            return compare(left, .greaterOrEqual, bounds[0], options) && compare(left, .lessOrEqual, bounds[1], options)
        case .contains:
            if case .list(let items) = left { return items.contains { equal($0, right, options) } }
            guard let text = left.string, let part = right.string else { return false }
            return fold(text, options).contains(fold(part, options))
        case .beginsWith:
            guard let text = left.string, let part = right.string else { return false }
            return fold(text, options).hasPrefix(fold(part, options))
        case .endsWith:
            guard let text = left.string, let part = right.string else { return false }
            return fold(text, options).hasSuffix(fold(part, options))
        case .like:
            guard let text = left.string, let pattern = right.string else { return false }
            return wildcard(fold(pattern, options)[...], matches: fold(text, options)[...])
        case .matches:
            guard let text = left.string, let pattern = right.string,
                  let expression = try? NSRegularExpression(pattern: "^(?:\(pattern))$",
                                                            options: options.contains(.caseInsensitive) ? [.caseInsensitive] : [])
            else { return false }
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    private static func equal(_ left: Value, _ right: Value, _ options: Options) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.object(let a), .object(let b)): return a === b || (a as? NSObject)?.isEqual(b) == true
        case (.list(let a), .list(let b)): return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1, options) }
        default: return order(left, right, options) == .orderedSame
        }
    }

    /// The order of two numbers, two dates or two strings; nil for values that do not compare.
    private static func order(_ left: Value, _ right: Value, _ options: Options) -> ComparisonResult? {
        func ordered<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult { a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame }
        switch (left, right) {
        case (.integer(let a), .integer(let b)): return ordered(a, b)
        case (.date(let a), .date(let b)): return ordered(a, b)
        case (.string(let a), .string(let b)): return ordered(fold(a, options), fold(b, options))
        default:
            guard let a = left.real, let b = right.real else { return nil }
            return ordered(a, b)
        }
    }

    private static func fold(_ text: String, _ options: Options) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? text : text.folding(options: folding, locale: nil)
    }

    /// `LIKE`: `*` any run of characters, `?` one character.
    private static func wildcard(_ pattern: Substring, matches text: Substring) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            var rest = text[...]
            while true {
                if wildcard(pattern.dropFirst(), matches: rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?": return !text.isEmpty && wildcard(pattern.dropFirst(), matches: text.dropFirst())
        default: return text.first == first && wildcard(pattern.dropFirst(), matches: text.dropFirst())
        }
    }
}

extension PredicateFormat.Value {
    /// An argument or a key's value as the predicate compares it: numbers (and Booleans, as
    /// NSNumber holds them) as numbers, strings, dates, arrays and sets as lists.
    init(_ any: Any?) {
        switch any {
        case nil: self = .null
        case let value as Self: self = value
        case is NSNull: self = .null
        case let value as Bool: self = .integer(value ? 1 : 0)
        case let value as Int: self = .integer(value)
        case let value as Int32: self = .integer(Int(value))
        case let value as Int64: self = .integer(Int(value))
        case let value as UInt: self = .integer(Int(bitPattern: value))
        case let value as UInt32: self = .integer(Int(value))
        case let value as Double: self = .real(value)
        case let value as Float: self = .real(Double(value))
        case let value as CGFloat: self = .real(Double(value))
        case let value as NSNumber:
            self = ["d", "f"].contains(String(cString: value.objCType)) ? .real(value.doubleValue) : .integer(value.intValue)
        case let value as String: self = .string(value)
        case let value as NSString: self = .string(value as String)
        case let value as Date: self = .date(value)
        case let value as NSDate: self = .date(value as Date)
        case let value as [Any]: self = .list(value.map { Self($0) })
        case let value as NSArray: self = .list(value.map { Self($0) })
        case let value as Set<AnyHashable>: self = .list(value.map { Self($0.base) })
        case let value as any RawRepresentable:
            self = Self(value.rawValue)
        case let value as AnyObject: self = .object(value)
        default: self = .null
        }
    }

    var integer: Int? {
        switch self {
        case .integer(let value): value
        case .real(let value): Int(exactly: value.rounded(.towardZero))
        default: nil
        }
    }

    var real: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

// MARK: - Parsing

extension PredicateFormat {
    enum Token: Equatable {
        case word(String)
        case string(String)
        case number(String)
        case symbol(String)
        case argument(Character)
    }

    enum Lexer {
        static func tokens(of text: String) throws -> [Token] {
            var tokens: [Token] = []
            var rest = Substring(text)
            while let character = rest.first {
                if character.isWhitespace { rest = rest.dropFirst(); continue }
                if character == "%" {
                    rest = rest.dropFirst()
                    while let modifier = rest.first, "lhqz".contains(modifier) { rest = rest.dropFirst() }
                    guard let kind = rest.first, "@Kdiuxfge".contains(kind) else { throw ParseError() }
                    tokens.append(.argument(kind))
                    rest = rest.dropFirst()
                } else if character == "\"" || character == "'" {
                    rest = rest.dropFirst()
                    var value = ""
                    while true {
                        guard let next = rest.first else { throw ParseError() }
                        rest = rest.dropFirst()
                        if next == character { break }
                        if next == "\\", let escaped = rest.first {
                            rest = rest.dropFirst()
                            switch escaped {
                            case "n": value.append("\n")
                            case "t": value.append("\t")
                            case "r": value.append("\r")
                            default: value.append(escaped)
                            }
                        } else {
                            value.append(next)
                        }
                    }
                    tokens.append(.string(value))
                } else if character.isNumber || (character == "." && rest.dropFirst().first?.isNumber == true) {
                    let number = rest.prefix { $0.isHexDigit || $0 == "." || $0 == "x" || $0 == "X" }
                    tokens.append(.number(String(number)))
                    rest = rest.dropFirst(number.count)
                } else if character.isLetter || character == "_" || character == "#" || character == "@" {
                    var word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "@" || $0 == "#" }
                    if word.first == "#" { word = word.dropFirst() }
                    tokens.append(.word(String(word)))
                    rest = rest.dropFirst(word.count + (character == "#" ? 1 : 0))
                } else {
                    let two = String(rest.prefix(2))
                    if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                        tokens.append(.symbol(two))
                        rest = rest.dropFirst(2)
                    } else if "=<>!(){},&|[]-".contains(character) {
                        tokens.append(.symbol(String(character)))
                        rest = rest.dropFirst()
                    } else {
                        throw ParseError()
                    }
                }
            }
            return tokens
        }
    }

    struct Parser {
        var tokens: [Token]
        var position = 0
        var arguments: [Any]
        var nextArgument = 0

        init(tokens: [Token], arguments: [Any]) {
            self.tokens = tokens
            self.arguments = arguments
        }

        var atEnd: Bool { position == tokens.count }

        private var current: Token? { position < tokens.count ? tokens[position] : nil }

        private mutating func take(word: String) -> Bool {
            guard case .word(let found) = current, found.uppercased() == word else { return false }
            position += 1
            return true
        }

        private mutating func take(symbol: String) -> Bool {
            guard current == .symbol(symbol) else { return false }
            position += 1
            return true
        }

        /// `a OR b`, weakest.
        mutating func predicate() throws -> Node {
            var node = try conjunction()
            while take(word: "OR") || take(symbol: "||") { node = .or(node, try conjunction()) }
            return node
        }

        private mutating func conjunction() throws -> Node {
            var node = try negation()
            while take(word: "AND") || take(symbol: "&&") { node = .and(node, try negation()) }
            return node
        }

        private mutating func negation() throws -> Node {
            if take(word: "NOT") || take(symbol: "!") { return .not(try negation()) }
            if take(word: "TRUEPREDICATE") { return .constant(true) }
            if take(word: "FALSEPREDICATE") { return .constant(false) }
            // A parenthesis opens either a predicate or an expression: try the predicate first.
            if current == .symbol("(") {
                let start = (position, nextArgument)
                position += 1
                if let inner = try? predicate(), take(symbol: ")"), !startsComparison {
                    return inner
                }
                (position, nextArgument) = start
            }
            return try comparison()
        }

        /// Whether an operator follows (so a parenthesized run was an expression after all).
        private var startsComparison: Bool {
            switch current {
            case .symbol(let symbol): return ["==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "&", "|"].contains(symbol)
            case .word(let word): return ["IN", "BETWEEN", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES"].contains(word.uppercased())
            default: return false
            }
        }

        private mutating func comparison() throws -> Node {
            let left = try expression()
            let operation: Operator
            switch current {
            case .symbol("=="), .symbol("="): operation = .equal
            case .symbol("!="), .symbol("<>"): operation = .notEqual
            case .symbol("<"): operation = .less
            case .symbol("<="), .symbol("=<"): operation = .lessOrEqual
            case .symbol(">"): operation = .greater
            case .symbol(">="), .symbol("=>"): operation = .greaterOrEqual
            case .word(let word):
                guard let named = Operator(rawValue: word.uppercased()),
                      ![.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(named)
                else { throw ParseError() }
                operation = named
            default: throw ParseError()
            }
            position += 1
            var options: Options = []
            if take(symbol: "[") {
                guard case .word(let letters) = current, !letters.isEmpty,
                      letters.lowercased().allSatisfy({ "cdn".contains($0) }) else { throw ParseError() }
                position += 1
                if letters.lowercased().contains("c") { options.insert(.caseInsensitive) }
                if letters.lowercased().contains("d") { options.insert(.diacriticInsensitive) }
                guard take(symbol: "]") else { throw ParseError() }
            }
            return .comparison(left, operation, try expression(), options)
        }

        private mutating func expression() throws -> Expression {
            var node = try term()
            while true {
                if take(symbol: "&") { node = .bitwiseAnd(node, try term()) }
                else if take(symbol: "|") { node = .bitwiseOr(node, try term()) }
                else { return node }
            }
        }

        private mutating func term() throws -> Expression {
            guard let token = current else { throw ParseError() }
            position += 1
            switch token {
            case .string(let text): return .value(.string(text))
            case .number(let text): return .value(try Self.number(text))
            case .symbol("-"):
                guard case .number(let text) = current else { throw ParseError() }
                position += 1
                switch try Self.number(text) {
                case .integer(let value): return .value(.integer(-value))
                case .real(let value): return .value(.real(-value))
                default: throw ParseError()
                }
            case .symbol("("):
                let inner = try expression()
                guard take(symbol: ")") else { throw ParseError() }
                return inner
            case .symbol("{"):
                var items: [Expression] = []
                if take(symbol: "}") { return .aggregate(items) }
                repeat { items.append(try expression()) } while take(symbol: ",")
                guard take(symbol: "}") else { throw ParseError() }
                return .aggregate(items)
            case .argument(let kind):
                guard nextArgument < arguments.count else { throw ParseError() }
                let argument = arguments[nextArgument]
                nextArgument += 1
                if kind == "K" {
                    guard let key = argument as? String ?? (argument as? NSString).map({ $0 as String }) else { throw ParseError() }
                    return .key(key)
                }
                return .value(Value(argument))
            case .word(let word):
                switch word.uppercased() {
                case "TRUE", "YES": return .value(.integer(1))
                case "FALSE", "NO": return .value(.integer(0))
                case "NULL", "NIL": return .value(.null)
                case "SELF": return .evaluatedObject
                case "CAST":
                    guard take(symbol: "("), case .value(let seconds) = try expression(), take(symbol: ","),
                          case .string("NSDate") = current else { throw ParseError() }
                    position += 1
                    guard take(symbol: ")"), let interval = seconds.real else { throw ParseError() }
                    return .value(.date(Date(timeIntervalSinceReferenceDate: interval)))
                case "AND", "OR", "NOT", "IN", "BETWEEN", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES",
                     "ANY", "ALL", "NONE", "SOME", "SUBQUERY", "FUNCTION", "TRUEPREDICATE", "FALSEPREDICATE":
                    throw ParseError()
                default: return .key(word)
                }
            default: throw ParseError()
            }
        }

        private static func number(_ text: String) throws -> Value {
            let lower = text.lowercased()
            if lower.hasPrefix("0x"), let value = Int(lower.dropFirst(2), radix: 16) { return .integer(value) }
            if let value = Int(text) { return .integer(value) }
            if let value = Double(text) { return .real(value) }
            throw ParseError()
        }
    }
}

// MARK: - Apple's normalized form

extension PredicateFormat {
    static func describe(_ node: Node) -> String {
        switch node {
        case .constant(let value): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let inner): return "NOT \(describe(inner))"
        case .and(let left, let right): return "\(describeOperand(left)) AND \(describeOperand(right))"
        case .or(let left, let right): return "\(describeOperand(left)) OR \(describeOperand(right))"
        case .comparison(let left, let operation, let right, let options):
            var letters = ""
            if options.contains(.caseInsensitive) { letters += "c" }
            if options.contains(.diacriticInsensitive) { letters += "d" }
            return "\(describe(left)) \(operation.rawValue)\(letters.isEmpty ? "" : "[\(letters)]") \(describe(right))"
        }
    }

    private static func describeOperand(_ node: Node) -> String {
        switch node {
        case .and, .or: "(\(describe(node)))"
        default: describe(node)
        }
    }

    static func describe(_ expression: Expression) -> String {
        switch expression {
        case .key(let key): return key
        case .evaluatedObject: return "SELF"
        case .value(let value): return describe(value)
        case .aggregate(let items): return "{" + items.map(describe).joined(separator: ", ") + "}"
        case .bitwiseAnd(let left, let right): return "\(describe(left)) & \(describe(right))"
        case .bitwiseOr(let left, let right): return "\(describe(left)) | \(describe(right))"
        }
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "nil"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .string(let text): return "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .date(let date): return "CAST(\(String(format: "%.6f", date.timeIntervalSinceReferenceDate)), \"NSDate\")"
        case .list(let items): return "{" + items.map(describe).joined(separator: ", ") + "}"
        case .object(let object): return "\(type(of: object))"
        }
    }
}
