// Opens libheif with dlopen on first use and calls it through the functions dlsym found.
#include "CHeif.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/// Every libheif function PhotoSim calls, `heif_init` included.
#define PHOTOSIM_HEIF_FUNCTIONS(X)                                                               \
    X(heif_init) X(heif_context_alloc) X(heif_context_free) X(heif_context_set_maximum_image_size_limit) \
    X(heif_context_set_max_decoding_threads) X(heif_context_read_from_memory_without_copy)        \
    X(heif_context_get_primary_image_handle) X(heif_image_handle_release)                         \
    X(heif_image_handle_has_alpha_channel) X(heif_image_handle_get_width) X(heif_image_handle_get_height) \
    X(heif_image_handle_get_ispe_width) X(heif_image_handle_get_ispe_height)                      \
    X(heif_image_handle_get_luma_bits_per_pixel) X(heif_image_handle_get_chroma_bits_per_pixel)   \
    X(heif_decoding_options_alloc) X(heif_decoding_options_free) X(heif_decode_image)             \
    X(heif_image_release) X(heif_image_get_primary_width) X(heif_image_get_primary_height)        \
    X(heif_image_get_width) X(heif_image_get_height) X(heif_image_get_plane_readonly)

/// The resolved functions, each a pointer of its libheif type.
struct heif_functions {
#define PHOTOSIM_SLOT(name) __typeof__(&name) name;
    PHOTOSIM_HEIF_FUNCTIONS(PHOTOSIM_SLOT)
#undef PHOTOSIM_SLOT
};

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
/// Filled once, under `loading`, before `published` points at it.
static struct heif_functions storage;
/// NULL until a load succeeded; then `&storage`, never changed again.
static const struct heif_functions *published;

/// Resolves every function from `handle` into `functions`; 0 with the missing one's name in `message`.
static int resolve(void *handle, const char *library, struct heif_functions *functions, char *message, size_t capacity) {
#define PHOTOSIM_RESOLVE(name)                                                                    \
    dlerror();                                                                                    \
    *(void **)&functions->name = dlsym(handle, #name);                                            \
    if (functions->name == NULL) {                                                                \
        const char *reason = dlerror();                                                           \
        snprintf(message, capacity, "%s has no function %s (%s)", library, #name, reason ? reason : "not found"); \
        return 0;                                                                                 \
    }
    PHOTOSIM_HEIF_FUNCTIONS(PHOTOSIM_RESOLVE)
#undef PHOTOSIM_RESOLVE
    return 1;
}

int photosim_heif_load(const char *library, char *message, size_t capacity) {
    pthread_mutex_lock(&loading);
    int loaded = 0;
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    struct heif_functions functions;
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, capacity, "%s", reason ? reason : "dlopen failed");
    } else if (resolve(handle, library, &functions, message, capacity)) {
        if (published != NULL) {
            loaded = 1;
        } else {
            // Registers libheif's built-in decoders; reference-counted by libheif, never undone here.
            struct heif_error error = functions.heif_init(NULL);
            if (error.code == heif_error_Ok) {
                storage = functions;
                __atomic_store_n(&published, &storage, __ATOMIC_RELEASE);
                loaded = 1;
            } else {
                snprintf(message, capacity, "heif_init failed: %s", error.message ? error.message : "no message");
            }
        }
    }
    pthread_mutex_unlock(&loading);
    return loaded;
}

/// The functions, or an abort naming `caller` when no load has succeeded.
static const struct heif_functions *functions(const char *caller) {
    const struct heif_functions *functions = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
    if (functions == NULL) {
        fprintf(stderr, "%s: called before photosim_heif_load succeeded\n", caller);
        abort();
    }
    return functions;
}

struct heif_context *photosim_heif_context_alloc(void) {
    return functions(__func__)->heif_context_alloc();
}

void photosim_heif_context_free(struct heif_context *context) {
    functions(__func__)->heif_context_free(context);
}

void photosim_heif_context_set_maximum_image_size_limit(struct heif_context *context, int maximum_width) {
    functions(__func__)->heif_context_set_maximum_image_size_limit(context, maximum_width);
}

void photosim_heif_context_set_max_decoding_threads(struct heif_context *context, int max_threads) {
    functions(__func__)->heif_context_set_max_decoding_threads(context, max_threads);
}

struct heif_error photosim_heif_context_read_from_memory_without_copy(struct heif_context *context, const void *memory,
                                                                       size_t size, const struct heif_reading_options *options) {
    return functions(__func__)->heif_context_read_from_memory_without_copy(context, memory, size, options);
}

struct heif_error photosim_heif_context_get_primary_image_handle(struct heif_context *context,
                                                                  struct heif_image_handle **handle) {
    return functions(__func__)->heif_context_get_primary_image_handle(context, handle);
}

void photosim_heif_image_handle_release(const struct heif_image_handle *handle) {
    functions(__func__)->heif_image_handle_release(handle);
}

int photosim_heif_image_handle_has_alpha_channel(const struct heif_image_handle *handle) {
    return functions(__func__)->heif_image_handle_has_alpha_channel(handle);
}

int photosim_heif_image_handle_get_width(const struct heif_image_handle *handle) {
    return functions(__func__)->heif_image_handle_get_width(handle);
}

int photosim_heif_image_handle_get_height(const struct heif_image_handle *handle) {
    return functions(__func__)->heif_image_handle_get_height(handle);
}

int photosim_heif_image_handle_get_ispe_width(const struct heif_image_handle *handle) {
    return functions(__func__)->heif_image_handle_get_ispe_width(handle);
}

int photosim_heif_image_handle_get_ispe_height(const struct heif_image_handle *handle) {
    return functions(__func__)->heif_image_handle_get_ispe_height(handle);
}

int photosim_heif_image_handle_get_luma_bits_per_pixel(const struct heif_image_handle *handle) {
    return functions(__func__)->heif_image_handle_get_luma_bits_per_pixel(handle);
}

int photosim_heif_image_handle_get_chroma_bits_per_pixel(const struct heif_image_handle *handle) {
    return functions(__func__)->heif_image_handle_get_chroma_bits_per_pixel(handle);
}

struct heif_decoding_options *photosim_heif_decoding_options_alloc(void) {
    return functions(__func__)->heif_decoding_options_alloc();
}

void photosim_heif_decoding_options_free(struct heif_decoding_options *options) {
    functions(__func__)->heif_decoding_options_free(options);
}

struct heif_error photosim_heif_decode_image(const struct heif_image_handle *handle, struct heif_image **image,
                                             enum heif_colorspace colorspace, enum heif_chroma chroma,
                                             const struct heif_decoding_options *options) {
    return functions(__func__)->heif_decode_image(handle, image, colorspace, chroma, options);
}

void photosim_heif_image_release(const struct heif_image *image) {
    functions(__func__)->heif_image_release(image);
}

int photosim_heif_image_get_primary_width(const struct heif_image *image) {
    return functions(__func__)->heif_image_get_primary_width(image);
}

int photosim_heif_image_get_primary_height(const struct heif_image *image) {
    return functions(__func__)->heif_image_get_primary_height(image);
}

int photosim_heif_image_get_width(const struct heif_image *image, enum heif_channel channel) {
    return functions(__func__)->heif_image_get_width(image, channel);
}

int photosim_heif_image_get_height(const struct heif_image *image, enum heif_channel channel) {
    return functions(__func__)->heif_image_get_height(image, channel);
}

const uint8_t *photosim_heif_image_get_plane_readonly(const struct heif_image *image, enum heif_channel channel,
                                                      int *stride) {
    return functions(__func__)->heif_image_get_plane_readonly(image, channel, stride);
}
