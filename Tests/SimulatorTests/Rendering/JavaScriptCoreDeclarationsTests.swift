import Foundation
import PhotoSimTesting
import Testing

/// `CJavaScriptCore` declares the part of JavaScriptCore's C API it calls itself (WebKitGTK's
/// headers need pkg-config's include flags, which would link JavaScriptCore into every product):
/// these tests compile it against JavaScriptCore's real headers, where every prototype is a
/// redeclaration the C compiler refuses if it differs.
@Suite struct JavaScriptCoreDeclarationsTests {
    /// `Sources/CJavaScriptCore`, from this file's path.
    static let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/CJavaScriptCore")

    @Test func theLoaderCompilesAgainstJavaScriptCoresOwnHeaders() throws {
        let check = try Self.compile(includeFolder: Self.target.appendingPathComponent("include").path)
        #expect(check.status == 0, "\(check.output)")
    }

    /// The check is real: a prototype or a type that differs from JavaScriptCore's fails it.
    @Test func aDeclarationThatDiffersFromJavaScriptCoresFailsTheCheck() throws {
        let folder = try TemporaryFolder(prefix: "JavaScriptCoreDeclarationsTests.")
        let include = Self.target.appendingPathComponent("include")
        var declarations = try String(contentsOf: include.appendingPathComponent("JavaScriptCoreDeclarations.h"), encoding: .utf8)
        for (original, changed) in [
            ("void JSStringRelease(JSStringRef string);", "void JSStringRelease(JSValueRef string);"),
            ("typedef struct OpaqueJSString *JSStringRef;", "typedef struct OpaqueJSClass *JSStringRef;"),
        ] {
            #expect(declarations.contains(original), "JavaScriptCoreDeclarations.h no longer has: \(original)")
            declarations = declarations.replacingOccurrences(of: original, with: changed)
        }
        try Data(declarations.utf8).write(to: URL(fileURLWithPath: folder.appending("JavaScriptCoreDeclarations.h")))
        try FileManager.default.copyItem(atPath: include.appendingPathComponent("CJavaScriptCore.h").path,
                                         toPath: folder.appending("CJavaScriptCore.h"))
        let check = try Self.compile(includeFolder: folder.path)
        #expect(check.status != 0)
        #expect(check.output.contains("JSStringRelease"), "\(check.output)")
        #expect(check.output.contains("typedef redefinition with different types") || check.output.contains("conflicting types"),
                "\(check.output)")
    }

    /// `JavaScriptCoreLoader.c` checked (`-fsyntax-only`) with JavaScriptCore's headers in front
    /// of the declarations in `includeFolder`.
    static func compile(includeFolder: String) throws -> (status: Int32, output: String) {
        try RenderingDeclarationsTests.compile(target.appendingPathComponent("JavaScriptCoreLoader.c").path, includeFolder: includeFolder,
                                               package: "javascriptcoregtk-4.1", debianPackage: "libjavascriptcoregtk-4.1-dev",
                                               defining: "PHOTOSIM_JSC_SYSTEM_HEADERS")
    }
}
