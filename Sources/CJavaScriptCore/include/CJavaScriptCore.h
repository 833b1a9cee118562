// JavaScriptCore (WebKitGTK's libjavascriptcoregtk-4.1), loaded when a scenario first runs
// Maestro's JavaScript rather than at start: nothing links it, so a command that runs no script
// never maps it and the libraries it pulls in (GLib, ICU).
//
// Swift sees no JavaScriptCore type: a context is an opaque pointer, scripts and results are
// UTF-8 text.
#ifndef PHOTOSIM_CJAVASCRIPTCORE_H
#define PHOTOSIM_CJAVASCRIPTCORE_H

#include <stddef.h>

/// The shared library `photosim_js_load` opens: Debian's `libjavascriptcoregtk-4.1-0`.
#define PHOTOSIM_JSC_LIBRARY "libjavascriptcoregtk-4.1.so.0"

/// Opens `library` (a file name for `dlopen`, such as ``PHOTOSIM_JSC_LIBRARY``) and resolves
/// every function PhotoSim calls, once per process.
///
/// Returns 1 when the functions below can be called: now, or already by an earlier call.
/// Returns 0 when the library cannot be opened or lacks a function, and writes why into
/// `message` (at most `capacity` bytes, NUL-terminated: `dlerror`'s text). Safe to call from
/// several threads; a library that was opened is never closed.
int photosim_js_load(const char *library, char *message, size_t capacity);

/// A new global context in a group of its own (so contexts on different threads never share
/// a virtual machine), whose evaluations are ended after `limit_seconds` each; NULL when
/// JavaScriptCore could not make one. Calling it before `photosim_js_load` returned 1 aborts.
void *photosim_js_context_create(double limit_seconds);

/// Releases a context from `photosim_js_context_create`.
void photosim_js_context_release(void *context);

/// Evaluates `script` (UTF-8) in `context`, naming it `source` from line `line` in errors.
/// Returns 1 and the value as JavaScript's `String(value)` gives it in `*result`; returns 0 and
/// the exception as text in `*result` (`ReferenceError: Can't find variable: x`). `*result` is
/// allocated with `malloc`; the caller frees it.
int photosim_js_evaluate(void *context, const char *script, const char *source, int line, char **result);

#endif
