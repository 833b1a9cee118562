import CJavaScriptCore
import Foundation

/// Maestro's JavaScript for one scenario run, on JavaScriptCore (WebKitGTK's
/// `libjavascriptcoregtk-4.1`, opened on first use).
///
/// What a script sees is what Maestro's engines give it (maestro-client `JsEngine`,
/// `GraalJsEngine.kt`, `RhinoJsEngine.kt`, `Js.kt`):
/// - the flow's variables as global strings (`env`, `-e`, a `runFlow`'s or `runScript`'s
///   `env`), bound before each evaluation and kept after it;
/// - `output`, one object for the whole run, which scripts fill and `${output.x}` reads;
/// - `maestro.copiedText` (what `copyTextFrom` copied) and `maestro.platform` (`ios`);
/// - `json(text)` and `relativePoint(x, y)`;
/// - a name nobody defined reads as `undefined` rather than failing (GraalJsEngine's global
///   proxy; Rhino reads it as `null`);
/// - `console.log` writes a line to the trace.
///
/// Unlike Maestro's, the world decides what a script could learn from the host: `Date` is the
/// world's clock (its epoch plus virtual time, which does not move while a script runs),
/// `Math.random` draws from the run's seed, the time zone is UTC, and `http` fails with a
/// sentence, since a scenario does not reach the network. A script that runs for more than
/// ``evaluationLimit`` seconds of host time is ended and its command fails.
final class MaestroJavaScript {
    /// The host time one evaluation may take before JavaScriptCore ends it.
    static let evaluationLimit = 10.0

    /// Why a script could not run, or what it threw.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let context: UnsafeMutableRawPointer
    /// Lines `console.log` wrote since the last look.
    private(set) var logLines: [String] = []

    /// A context with Maestro's globals, each evaluation ended after `limit` seconds of host
    /// time; fails when JavaScriptCore cannot be opened.
    init(limit: Double = MaestroJavaScript.evaluationLimit) throws(Failure) {
        try Self.load()
        guard let context = photosim_js_context_create(limit) else {
            throw Failure(description: "JavaScriptCore could not make a context")
        }
        self.context = context
        _ = try run(Self.runtime, source: "photosim-maestro-runtime", line: 1)
    }

    deinit {
        photosim_js_context_release(context)
    }

    /// Evaluates `script`, written at `source`:`line`, with `variables` bound first, `Date` at
    /// `now` (milliseconds since 1970) and `Math.random` seeded with `seed`; the value as
    /// JavaScript's `String(value)` writes it.
    func evaluate(_ script: String, source: String, line: Int, variables: [String: String], now: Double,
                  seed: UInt32) throws(Failure) -> String {
        let bind = "__photosim_bind(\(Self.literal(variables)), \(now), \(seed))"
        _ = try run(bind, source: "photosim-bind", line: 1)
        defer { collectLogs() }
        return try run("with (__photosim_scope) {" + script + "\n}", source: source, line: line)
    }

    /// `maestro.copiedText`, as Orchestra.kt sets it after `copyTextFrom`.
    func setCopiedText(_ text: String?) throws(Failure) {
        _ = try run("maestro.copiedText = \(Self.literal(text ?? ""))", source: "photosim-copied-text", line: 1)
    }

    /// The log lines since the last call, emptied.
    func takeLogLines() -> [String] {
        defer { logLines = [] }
        return logLines
    }

    private func collectLogs() {
        guard let lines = try? run("__photosim_takeLogs()", source: "photosim-logs", line: 1), !lines.isEmpty,
              let data = lines.data(using: .utf8),
              let decoded = try? JSONSerialization.jsonObject(with: data) as? [String] else { return }
        logLines += decoded
    }

    private func run(_ script: String, source: String, line: Int) throws(Failure) -> String {
        var result: UnsafeMutablePointer<CChar>?
        let succeeded = photosim_js_evaluate(context, script, source, Int32(clamping: line), &result)
        defer { free(result) }
        let text = result.map { String(cString: $0) } ?? ""
        guard succeeded == 1 else { throw Failure(description: text) }
        return text
    }

    /// `text` as a JavaScript string literal (JSON's, which JavaScript reads).
    static func literal(_ text: String) -> String {
        (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]))
            .flatMap { String(data: $0, encoding: .utf8) }.map { String($0.dropFirst().dropLast()) } ?? "\"\""
    }

    /// `variables` as a JavaScript object literal, its keys sorted.
    static func literal(_ variables: [String: String]) -> String {
        "{" + variables.sorted { $0.key < $1.key }.map { "\(literal($0.key)): \(literal($0.value))" }.joined(separator: ", ") + "}"
    }

    // MARK: Loading

    nonisolated(unsafe) private static var loaded = false
    private static let loading = NSLock()

    /// Opens JavaScriptCore now, if it opens, so the time zone is set before worker threads
    /// start (`setenv` is not safe while another thread reads the environment).
    static func prepare() {
        try? load()
    }

    /// Opens JavaScriptCore once per process, with the world's time zone (UTC) set first, since
    /// JavaScriptCore reads the zone when it starts.
    private static func load() throws(Failure) {
        loading.lock()
        defer { loading.unlock() }
        guard !loaded else { return }
        setenv("TZ", "UTC", 1)
        tzset()
        var message = [CChar](repeating: 0, count: 512)
        guard photosim_js_load(PHOTOSIM_JSC_LIBRARY, &message, message.count) == 1 else {
            let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw Failure(description: "Maestro's JavaScript needs JavaScriptCore (\(PHOTOSIM_JSC_LIBRARY), Debian's "
                + "libjavascriptcoregtk-4.1-0, which scripts/install-deps installs): \(reason)")
        }
        loaded = true
    }

    /// Maestro's globals (Js.kt `initScript`, GraalJsEngine.kt's prelude) and the world's
    /// `Date`, `Math.random`, `console` and `http`.
    static let runtime = #"""
        var output = {};
        var maestro = { copiedText: '', platform: 'ios' };
        function json(text) {
            return JSON.parse(text);
        }
        function relativePoint(x, y) {
            var xPercent = Math.ceil(x * 100) + '%';
            var yPercent = Math.ceil(y * 100) + '%';
            return xPercent + ',' + yPercent;
        }
        (function () {
            'use strict';
            var global = globalThis;
            // GraalJsEngine.kt: a name nobody declared reads as undefined. Its global proxy
            // cannot be had here (JavaScriptCore's global prototype is immutable): scripts run
            // inside `with` this scope, which has every name and hands each to the global.
            global.__photosim_scope = new Proxy(global, {
                has: function (target, key) { return typeof key === 'string'; },
                get: function (target, key) { return typeof key === 'string' && key in target ? target[key] : undefined; },
                set: function (target, key, value) { target[key] = value; return true; },
            });
            var logs = [];
            global.console = { log: function () { logs.push(Array.prototype.map.call(arguments, String).join(' ')); } };
            global.__photosim_takeLogs = function () {
                if (logs.length === 0) return '';
                var taken = JSON.stringify(logs);
                logs = [];
                return taken;
            };
            function offline(name) {
                return function () {
                    throw new Error('http.' + name + ': a scenario does not reach the network; give the script the data it needs '
                        + 'in env, or through output from an earlier script');
                };
            }
            global.http = { request: offline('request'), get: offline('get'), post: offline('post'), put: offline('put'),
                            delete: offline('delete') };
            var RealDate = Date;
            var now = 0;
            function WorldDate() {
                if (!new.target) return new RealDate(now).toString();
                if (arguments.length === 0) return new RealDate(now);
                return new (Function.prototype.bind.apply(RealDate, [null].concat(Array.prototype.slice.call(arguments))))();
            }
            WorldDate.prototype = RealDate.prototype;
            WorldDate.now = function () { return now; };
            WorldDate.parse = RealDate.parse;
            WorldDate.UTC = RealDate.UTC;
            global.Date = WorldDate;
            var state = 0;
            // mulberry32: 32 bits of state, seeded from the world's stream before each evaluation.
            Math.random = function () {
                state = (state + 0x6D2B79F5) | 0;
                var t = Math.imul(state ^ (state >>> 15), 1 | state);
                t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
                return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
            };
            global.__photosim_bind = function (variables, time, seed) {
                for (var name in variables) global[name] = variables[name];
                now = time;
                state = seed | 0;
            };
        })();
        """#
}
