// Reads a PNG held in memory row by row, through libpng's sequential ("classic") read API, so
// that checking a whole image needs one row of memory instead of its decoded size. The classic
// API reports errors by `longjmp` to a `setjmp` its caller made, which Swift cannot do; these
// functions make the `setjmp` and hand back the outcome and libpng's message.
#ifndef PHOTOSIM_PNG_ROWS_H
#define PHOTOSIM_PNG_ROWS_H

#include <stddef.h>
#include <stdint.h>

/// One PNG being read: libpng's read and info structures over the caller's bytes.
typedef struct photosim_png_rows photosim_png_rows;

/// Starts reading the `size` bytes at `data`, which must stay valid until
/// `photosim_png_rows_destroy`. Reads nothing yet. `NULL` when memory runs out.
photosim_png_rows *photosim_png_rows_create(const void *data, size_t size);

/// Reads the signature and every chunk before the image data (`png_read_info`), skipping those
/// that do not describe the image (text, time, EXIF ...: their CRC is still checked). 1 on
/// success, 0 on failure, with the reason in `photosim_png_rows_message`.
int photosim_png_rows_read_header(photosim_png_rows *reader);

/// 1 when the image has an alpha channel or a `tRNS` chunk, as `png_image`'s format reports it.
int photosim_png_rows_has_alpha(const photosim_png_rows *reader);

/// The size from `IHDR`, once the header was read.
uint32_t photosim_png_rows_width(const photosim_png_rows *reader);
uint32_t photosim_png_rows_height(const photosim_png_rows *reader);
/// Bytes of one row as libpng unpacks it (channels x bit depth x width, rounded up to a byte).
size_t photosim_png_rows_row_bytes(const photosim_png_rows *reader);

/// Reads and unfilters every row of every pass (all seven of an interlaced image) into one row
/// buffer, which is all the pixel memory it takes. 1 on success, 0 on failure with the reason.
int photosim_png_rows_read_image(photosim_png_rows *reader);

/// libpng's message for the last failure, at most 63 bytes as `png_image.message` holds it;
/// empty when nothing failed.
const char *photosim_png_rows_message(const photosim_png_rows *reader);

/// Frees libpng's structures and the row buffer.
void photosim_png_rows_destroy(photosim_png_rows *reader);

#endif
