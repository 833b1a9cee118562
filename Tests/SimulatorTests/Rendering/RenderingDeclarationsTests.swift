import Foundation
import PhotoSimTesting
import Testing

/// `CRendering` declares the part of Pango it calls itself (Pango's headers need pkg-config's
/// include flags, which would link Pango into every product): these tests compile it against
/// Pango's real headers, where every prototype is a redeclaration the C compiler refuses if it
/// differs and every constant is checked by a static assertion.
@Suite struct RenderingDeclarationsTests {
    /// `Sources/CRendering`, from this file's path.
    static let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/CRendering")

    /// Every Pango declaration of `CRendering` agrees with Pango's headers.
    @Test func theLoaderCompilesAgainstPangosOwnHeaders() throws {
        let check = try Self.compile(includeFolder: Self.target.appendingPathComponent("include").path)
        #expect(check.status == 0, "\(check.output)")
    }

    /// The check is real: a prototype that differs from Pango's, a constant of another value and
    /// a type of another struct each fail it, naming the declaration.
    @Test func aDeclarationThatDiffersFromPangosFailsTheCheck() throws {
        let folder = try TemporaryFolder(prefix: "RenderingDeclarationsTests.")
        let include = Self.target.appendingPathComponent("include")
        var declarations = try String(contentsOf: include.appendingPathComponent("PangoDeclarations.h"), encoding: .utf8)
        for (original, changed) in [
            ("void pango_layout_set_width(PangoLayout *layout, int width);", "void pango_layout_set_width(PangoLayout *layout, long width);"),
            ("#define PHOTOSIM_PANGO_ELLIPSIZE_END 3", "#define PHOTOSIM_PANGO_ELLIPSIZE_END 2"),
            ("typedef struct _PangoLayout PangoLayout;", "typedef struct _PangoLayoutLine PangoLayout;"),
        ] {
            #expect(declarations.contains(original), "PangoDeclarations.h no longer has: \(original)")
            declarations = declarations.replacingOccurrences(of: original, with: changed)
        }
        try Data(declarations.utf8).write(to: URL(fileURLWithPath: folder.appending("PangoDeclarations.h")))
        try FileManager.default.copyItem(atPath: include.appendingPathComponent("CRendering.h").path,
                                         toPath: folder.appending("CRendering.h"))
        let check = try Self.compile(includeFolder: folder.path)
        #expect(check.status != 0)
        #expect(check.output.contains("conflicting types for 'pango_layout_set_width'"), "\(check.output)")
        #expect(check.output.contains("PANGO_ELLIPSIZE_END"), "\(check.output)")
        #expect(check.output.contains("typedef redefinition with different types"), "\(check.output)")
    }

    /// `RenderingLoader.c` checked (`-fsyntax-only`) with Pango's headers in front of the
    /// declarations in `includeFolder`.
    static func compile(includeFolder: String) throws -> (status: Int32, output: String) {
        try compile(target.appendingPathComponent("RenderingLoader.c").path, includeFolder: includeFolder, package: "pangocairo",
                    debianPackage: "libpango1.0-dev", defining: "PHOTOSIM_PANGO_SYSTEM_HEADERS")
    }

    /// `source` checked (`-fsyntax-only`, warnings as errors) with `package`'s pkg-config flags,
    /// `defining` set and `includeFolder` searched first: how a C target's own declarations of a
    /// library are compared with the library's headers.
    static func compile(_ source: String, includeFolder: String, package: String, debianPackage: String,
                        defining: String) throws -> (status: Int32, output: String) {
        let flags = try run(try program("pkg-config"), ["--cflags", package])
        try #require(flags.status == 0, "pkg-config --cflags \(package) failed (install \(debianPackage)): \(flags.output)")
        let compiler = try program("clang", "cc")
        return try run(compiler, ["-fsyntax-only", "-std=gnu11", "-Werror", "-D\(defining)", "-I", includeFolder]
            + flags.output.split(separator: " ").map(String.init) + [source])
    }

    /// The first of `names` on `PATH`.
    static func program(_ names: String...) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        throw CheckSetupError(message: "none of \(names.joined(separator: ", ")) is on PATH")
    }

    /// Runs `executable` to the end; its status and its standard output and error together.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A tool the check needs is missing.
    struct CheckSetupError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
