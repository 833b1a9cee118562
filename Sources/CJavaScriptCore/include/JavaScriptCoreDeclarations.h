// The part of JavaScriptCore's C API PhotoSim calls, declared here rather than taken from
// WebKitGTK's headers: those sit under /usr/include/webkitgtk-4.1, which needs pkg-config's
// include flags, and a SwiftPM target gets those only from a system library target, which also
// links the library into every product above it.
//
// The declarations are JavaScriptCore's (JSBase.h, JSContextRef.h, JSStringRef.h, JSValueRef.h
// of WebKitGTK 2.50). Compiled with PHOTOSIM_JSC_SYSTEM_HEADERS and the flags of
// `pkg-config --cflags javascriptcoregtk-4.1` (as `JavaScriptCoreDeclarationsTests` does),
// JavaScriptCore's own header comes first: every prototype here is then a redeclaration the
// compiler refuses if it differs, and the opaque types are checked to be JavaScriptCore's.
#ifndef PHOTOSIM_JSC_DECLARATIONS_H
#define PHOTOSIM_JSC_DECLARATIONS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef PHOTOSIM_JSC_SYSTEM_HEADERS
#include <JavaScriptCore/JavaScript.h>
#endif

typedef const struct OpaqueJSContextGroup *JSContextGroupRef;
typedef const struct OpaqueJSContext *JSContextRef;
typedef struct OpaqueJSContext *JSGlobalContextRef;
typedef struct OpaqueJSString *JSStringRef;
typedef struct OpaqueJSClass *JSClassRef;
typedef const struct OpaqueJSValue *JSValueRef;
typedef struct OpaqueJSValue *JSObjectRef;

JSContextGroupRef JSContextGroupCreate(void);
void JSContextGroupRelease(JSContextGroupRef group);
JSGlobalContextRef JSGlobalContextCreateInGroup(JSContextGroupRef group, JSClassRef globalObjectClass);
void JSGlobalContextRelease(JSGlobalContextRef ctx);
JSValueRef JSEvaluateScript(JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL,
                            int startingLineNumber, JSValueRef *exception);
JSStringRef JSStringCreateWithUTF8CString(const char *string);
void JSStringRelease(JSStringRef string);
size_t JSStringGetMaximumUTF8CStringSize(JSStringRef string);
size_t JSStringGetUTF8CString(JSStringRef string, char *buffer, size_t bufferSize);
JSStringRef JSValueToStringCopy(JSContextRef ctx, JSValueRef value, JSValueRef *exception);

// Exported by the library, declared only in WebKit's private JSContextRefPrivate.h (not in the
// -dev package, so not checked): after `limit` seconds of one evaluation, with no callback, the
// script is terminated.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit, JSShouldTerminateCallback callback,
                                         void *context);

#endif
