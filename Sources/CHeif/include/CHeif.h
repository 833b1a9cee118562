// libheif, loaded on the first HEIC rather than at start: nothing links `-lheif`, so a command
// that reads no HEIC never maps libheif and its codecs (libde265, x265, aom, dav1d).
//
// The types and constants are libheif's own, from its header (libheif-dev). Each function PhotoSim
// calls has a wrapper `photosim_<name>` of exactly its type (declared from libheif's prototype
// with `__typeof__`), which calls the function `photosim_heif_load` resolved with `dlsym`.
#ifndef PHOTOSIM_CHEIF_H
#define PHOTOSIM_CHEIF_H

#include <libheif/heif.h>
#include <stddef.h>

/// The shared library `photosim_heif_load` opens by default: Debian's `libheif1` package.
#define PHOTOSIM_HEIF_LIBRARY "libheif.so.1"

/// Opens `library` (a file name for `dlopen`, such as ``PHOTOSIM_HEIF_LIBRARY``), resolves every
/// function below from it and initializes libheif (`heif_init`), once per process.
///
/// Returns 1 when the wrappers can be called: now, or already by an earlier call. Returns 0 when
/// the library cannot be opened, lacks a function or fails to initialize, and writes why into
/// `message` (at most `capacity` bytes, NUL-terminated: `dlerror`'s text, or libheif's); the
/// wrappers then stay unusable and a later call may try again. Safe to call from several
/// threads; a library that was opened is never closed.
int photosim_heif_load(const char *library, char *message, size_t capacity);

// The wrappers. Calling one before `photosim_heif_load` returned 1 is a programmer error: it
// prints the function's name and aborts.
extern __typeof__(heif_context_alloc) photosim_heif_context_alloc;
extern __typeof__(heif_context_free) photosim_heif_context_free;
extern __typeof__(heif_context_set_maximum_image_size_limit) photosim_heif_context_set_maximum_image_size_limit;
extern __typeof__(heif_context_set_max_decoding_threads) photosim_heif_context_set_max_decoding_threads;
extern __typeof__(heif_context_read_from_memory_without_copy) photosim_heif_context_read_from_memory_without_copy;
extern __typeof__(heif_context_get_primary_image_handle) photosim_heif_context_get_primary_image_handle;
extern __typeof__(heif_image_handle_release) photosim_heif_image_handle_release;
extern __typeof__(heif_image_handle_has_alpha_channel) photosim_heif_image_handle_has_alpha_channel;
extern __typeof__(heif_image_handle_get_width) photosim_heif_image_handle_get_width;
extern __typeof__(heif_image_handle_get_height) photosim_heif_image_handle_get_height;
extern __typeof__(heif_image_handle_get_ispe_width) photosim_heif_image_handle_get_ispe_width;
extern __typeof__(heif_image_handle_get_ispe_height) photosim_heif_image_handle_get_ispe_height;
extern __typeof__(heif_image_handle_get_luma_bits_per_pixel) photosim_heif_image_handle_get_luma_bits_per_pixel;
extern __typeof__(heif_image_handle_get_chroma_bits_per_pixel) photosim_heif_image_handle_get_chroma_bits_per_pixel;
// libheif 1.15 declares `heif_decoding_options_alloc()` without `void`, which is no prototype in
// C; this one has it (the definition is checked against libheif's return type).
struct heif_decoding_options *photosim_heif_decoding_options_alloc(void);
extern __typeof__(heif_decoding_options_free) photosim_heif_decoding_options_free;
extern __typeof__(heif_decode_image) photosim_heif_decode_image;
extern __typeof__(heif_image_release) photosim_heif_image_release;
extern __typeof__(heif_image_get_primary_width) photosim_heif_image_get_primary_width;
extern __typeof__(heif_image_get_primary_height) photosim_heif_image_get_primary_height;
extern __typeof__(heif_image_get_width) photosim_heif_image_get_width;
extern __typeof__(heif_image_get_height) photosim_heif_image_get_height;
extern __typeof__(heif_image_get_plane_readonly) photosim_heif_image_get_plane_readonly;

#endif
