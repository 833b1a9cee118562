// Opens JavaScriptCore with dlopen on first use and calls it through the functions dlsym found.
#include "CJavaScriptCore.h"
#include "JavaScriptCoreDeclarations.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Every function PhotoSim calls.
#define PHOTOSIM_JSC_FUNCTIONS(X)                                                                \
    X(JSContextGroupCreate) X(JSContextGroupRelease) X(JSGlobalContextCreateInGroup)             \
    X(JSGlobalContextRelease) X(JSEvaluateScript) X(JSStringCreateWithUTF8CString)               \
    X(JSStringRelease) X(JSStringGetMaximumUTF8CStringSize) X(JSStringGetUTF8CString)            \
    X(JSValueToStringCopy) X(JSContextGroupSetExecutionTimeLimit)

/// The resolved functions, each a pointer of its JavaScriptCore type.
struct jsc_functions {
#define PHOTOSIM_SLOT(name) __typeof__(&name) name;
    PHOTOSIM_JSC_FUNCTIONS(PHOTOSIM_SLOT)
#undef PHOTOSIM_SLOT
};

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
/// Filled once, under `loading`, before `published` points at it.
static struct jsc_functions storage;
/// NULL until a load succeeded; then `&storage`, never changed again.
static const struct jsc_functions *published;

int photosim_js_load(const char *library, char *message, size_t capacity) {
    pthread_mutex_lock(&loading);
    int loaded = published != NULL;
    if (!loaded) {
        void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            const char *reason = dlerror();
            snprintf(message, capacity, "%s", reason ? reason : "dlopen failed");
        } else {
            struct jsc_functions functions;
            loaded = 1;
#define PHOTOSIM_RESOLVE(name)                                                                    \
            if (loaded) {                                                                         \
                dlerror();                                                                        \
                *(void **)&functions.name = dlsym(handle, #name);                                 \
                if (functions.name == NULL) {                                                     \
                    const char *reason = dlerror();                                               \
                    snprintf(message, capacity, "%s has no function %s (%s)", library, #name,     \
                             reason ? reason : "not found");                                      \
                    loaded = 0;                                                                   \
                }                                                                                 \
            }
            PHOTOSIM_JSC_FUNCTIONS(PHOTOSIM_RESOLVE)
#undef PHOTOSIM_RESOLVE
            if (loaded) {
                storage = functions;
                __atomic_store_n(&published, &storage, __ATOMIC_RELEASE);
            }
        }
    }
    pthread_mutex_unlock(&loading);
    return loaded;
}

/// The functions, or an abort naming `caller` when no load has succeeded.
static const struct jsc_functions *functions(const char *caller) {
    const struct jsc_functions *functions = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
    if (functions == NULL) {
        fprintf(stderr, "%s: called before photosim_js_load succeeded\n", caller);
        abort();
    }
    return functions;
}

void *photosim_js_context_create(double limit_seconds) {
    const struct jsc_functions *jsc = functions(__func__);
    JSContextGroupRef group = jsc->JSContextGroupCreate();
    if (group == NULL) return NULL;
    jsc->JSContextGroupSetExecutionTimeLimit(group, limit_seconds, NULL, NULL);
    JSGlobalContextRef context = jsc->JSGlobalContextCreateInGroup(group, NULL);
    // The context keeps its group alive.
    jsc->JSContextGroupRelease(group);
    return context;
}

void photosim_js_context_release(void *context) {
    functions(__func__)->JSGlobalContextRelease((JSGlobalContextRef)context);
}

/// `string` as UTF-8 in a new `malloc` buffer.
static char *copy_utf8(const struct jsc_functions *jsc, JSStringRef string) {
    size_t capacity = jsc->JSStringGetMaximumUTF8CStringSize(string);
    char *buffer = malloc(capacity > 0 ? capacity : 1);
    if (buffer == NULL) return NULL;
    buffer[0] = 0;
    jsc->JSStringGetUTF8CString(string, buffer, capacity);
    return buffer;
}

/// `value` as text, or NULL (with `*exception` set) when its conversion throws.
static char *text_of(const struct jsc_functions *jsc, JSContextRef context, JSValueRef value, JSValueRef *exception) {
    JSStringRef string = jsc->JSValueToStringCopy(context, value, exception);
    if (string == NULL) return NULL;
    char *text = copy_utf8(jsc, string);
    jsc->JSStringRelease(string);
    return text;
}

int photosim_js_evaluate(void *context, const char *script, const char *source, int line, char **result) {
    const struct jsc_functions *jsc = functions(__func__);
    JSContextRef ctx = (JSContextRef)context;
    JSStringRef code = jsc->JSStringCreateWithUTF8CString(script);
    JSStringRef name = jsc->JSStringCreateWithUTF8CString(source);
    JSValueRef exception = NULL;
    JSValueRef value = jsc->JSEvaluateScript(ctx, code, NULL, name, line, &exception);
    jsc->JSStringRelease(code);
    jsc->JSStringRelease(name);
    if (value != NULL && exception == NULL) {
        char *text = text_of(jsc, ctx, value, &exception);
        if (text != NULL && exception == NULL) {
            *result = text;
            return 1;
        }
        free(text);
    }
    JSValueRef nested = NULL;
    char *message = exception != NULL ? text_of(jsc, ctx, exception, &nested) : NULL;
    *result = message != NULL ? message : strdup("the script was ended (it ran past its time limit)");
    return 0;
}
