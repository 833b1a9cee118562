// See include/CPNGRows.h. Follows libpng-manual.txt (libpng 1.6): "Setup" (png_create_read_struct
// with an error_ptr and error/warning functions, setjmp(png_jmpbuf(png_ptr)) in every function
// that calls libpng), "Input transformations" (png_set_interlace_handling and
// png_read_update_info before reading rows) and "Reading image data" (png_read_row, once per row
// and per pass). The reads mirror the simplified API's png_image_begin_read_from_memory and
// png_image_finish_read (pngread.c), so a file fails here exactly where it fails there.
#include "CPNGRows.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct photosim_png_rows {
    png_structp png;
    png_infop info;
    /// The bytes not read yet.
    const unsigned char *next;
    size_t remaining;
    /// The one row buffer, freed by photosim_png_rows_destroy (also after a longjmp).
    png_bytep row;
    /// Sized as png_image.message, so that long messages are cut where the simplified API cuts them.
    char message[64];
};

/// Keeps libpng's message, as png_safe_error does (pngerror.c), and returns to the setjmp.
static void on_error(png_structp png, png_const_charp text) {
    photosim_png_rows *reader = png_get_error_ptr(png);
    strncpy(reader->message, text ? text : "unknown libpng error", sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = '\0';
    png_longjmp(png, 1);
}

/// Warnings (benign errors included) do not stop the read; they are not printed either.
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/// Reads from memory with png_image_memory_read's words for a file that stops early.
static void read_memory(png_structp png, png_bytep out, size_t need) {
    photosim_png_rows *reader = png_get_io_ptr(png);
    if (reader->remaining < need) png_error(png, "read beyond end of data");
    memcpy(out, reader->next, need);
    reader->next += need;
    reader->remaining -= need;
}

photosim_png_rows *photosim_png_rows_create(const void *data, size_t size) {
    photosim_png_rows *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->next = data;
    reader->remaining = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning);
    if (reader->png) reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        photosim_png_rows_destroy(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, read_memory);
    return reader;
}

/// The ancillary chunks the simplified API's png_image_skip_unused_chunks (pngread.c) still
/// processes; every other chunk but IHDR, PLTE, tRNS, IDAT and IEND is skipped, its CRC checked.
static const png_byte image_chunks[] = {
    98, 75, 71, 68, '\0',   /* bKGD */
    99, 72, 82, 77, '\0',   /* cHRM */
    103, 65, 77, 65, '\0',  /* gAMA */
    105, 67, 67, 80, '\0',  /* iCCP */
    115, 66, 73, 84, '\0',  /* sBIT */
    115, 82, 71, 66, '\0',  /* sRGB */
};

int photosim_png_rows_read_header(photosim_png_rows *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    // As png_image_read_header: benign errors (a bad ancillary CRC ...) are only warnings.
    png_set_benign_errors(reader->png, 1);
    // Skipped before the header is read rather than after it, as the simplified API does: text
    // chunks are then never inflated (forty zTXt chunks of 8 KB would each inflate to 8 MB, and
    // the simplified API keeps them all). Their errors are benign either way, so no outcome changes.
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_AS_DEFAULT, image_chunks,
                                (int)(sizeof image_chunks / 5));
    png_read_info(reader->png, reader->info);
    return 1;
}

int photosim_png_rows_has_alpha(const photosim_png_rows *reader) {
    png_byte colour = png_get_color_type(reader->png, reader->info);
    return (colour & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) != 0;
}

uint32_t photosim_png_rows_width(const photosim_png_rows *reader) {
    return png_get_image_width(reader->png, reader->info);
}

uint32_t photosim_png_rows_height(const photosim_png_rows *reader) {
    return png_get_image_height(reader->png, reader->info);
}

size_t photosim_png_rows_row_bytes(const photosim_png_rows *reader) {
    return png_get_rowbytes(reader->png, reader->info);
}

int photosim_png_rows_read_image(photosim_png_rows *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    int passes = png_set_interlace_handling(reader->png);
    png_read_update_info(reader->png, reader->info);
    reader->row = png_malloc(reader->png, png_get_rowbytes(reader->png, reader->info));
    uint32_t height = png_get_image_height(reader->png, reader->info);
    // With interlace handling on, png_read_row is called `height` times per pass and skips the
    // rows a pass does not hold (libpng-manual.txt, "Reading image data"), as png_image_read_direct does.
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) png_read_row(reader->png, reader->row, NULL);
    }
    // Like png_image_finish_read, nothing after the image data is read (no png_read_end): the
    // last IDAT's CRC is checked by the last row, the chunks after it are not.
    return 1;
}

const char *photosim_png_rows_message(const photosim_png_rows *reader) {
    return reader->message;
}

void photosim_png_rows_destroy(photosim_png_rows *reader) {
    if (!reader) return;
    if (reader->png) {
        png_free(reader->png, reader->row);
        png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    }
    free(reader);
}
