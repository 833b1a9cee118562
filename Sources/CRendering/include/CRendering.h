// cairo, Pango and fontconfig, loaded when the first screen is drawn rather than at start:
// nothing links them, so a command that draws nothing (`simctl list`, `addmedia`) never maps
// them and the libraries they pull in (GLib, HarfBuzz, FreeType, X11 ...).
//
// Cairo's and fontconfig's types and constants are their own, from their headers (libcairo2-dev,
// libfontconfig-dev); Pango's are declared in PangoDeclarations.h. Each function PhotoSim calls
// has a wrapper `photosim_<name>` of exactly its type (declared from the prototype with
// `__typeof__`), which calls the function `photosim_rendering_load` resolved with `dlsym`.
#ifndef PHOTOSIM_CRENDERING_H
#define PHOTOSIM_CRENDERING_H

#include <cairo/cairo.h>
#include <fontconfig/fontconfig.h>
#include <stddef.h>

#include "PangoDeclarations.h"

/// The Debian package whose dependencies install every library below.
#define PHOTOSIM_RENDERING_PACKAGE "libpangocairo-1.0-0"

/// Opens libcairo.so.2, libfontconfig.so.1, libgobject-2.0.so.0, libpango-1.0.so.0,
/// libpangoft2-1.0.so.0 and libpangocairo-1.0.so.0 and resolves every function below, once per
/// process.
///
/// Returns 1 when the wrappers can be called: now, or already by an earlier call. Returns 0 when
/// a library cannot be opened or lacks a function, and writes why into `message` (at most
/// `capacity` bytes, NUL-terminated: `dlerror`'s text, which names the file); the wrappers then
/// stay unusable and a later call may try again. Safe to call from several threads; a library
/// that was opened is never closed.
int photosim_rendering_load(char *message, size_t capacity);

/// A Pango font map that sees only the fonts of `config` (fontconfig's own files, not the
/// machine's), or NULL. Pango's GObject casts are macros Swift cannot call, hence this helper.
PangoFontMap *photosim_font_map_with_config(FcConfig *config);

/// Drops a GObject reference (the font map, a layout, a context): `g_object_unref`.
void photosim_object_unref(void *object);

// The wrappers. Calling one (or a helper above) before `photosim_rendering_load` returned 1 is a
// programmer error: it prints the function's name and aborts.
// cairo (libcairo.so.2)
extern __typeof__(cairo_arc) photosim_cairo_arc;
extern __typeof__(cairo_clip) photosim_cairo_clip;
extern __typeof__(cairo_close_path) photosim_cairo_close_path;
extern __typeof__(cairo_create) photosim_cairo_create;
extern __typeof__(cairo_destroy) photosim_cairo_destroy;
extern __typeof__(cairo_fill) photosim_cairo_fill;
extern __typeof__(cairo_font_options_create) photosim_cairo_font_options_create;
extern __typeof__(cairo_font_options_destroy) photosim_cairo_font_options_destroy;
extern __typeof__(cairo_font_options_set_antialias) photosim_cairo_font_options_set_antialias;
extern __typeof__(cairo_font_options_set_hint_metrics) photosim_cairo_font_options_set_hint_metrics;
extern __typeof__(cairo_font_options_set_hint_style) photosim_cairo_font_options_set_hint_style;
extern __typeof__(cairo_font_options_set_subpixel_order) photosim_cairo_font_options_set_subpixel_order;
extern __typeof__(cairo_get_source) photosim_cairo_get_source;
extern __typeof__(cairo_image_surface_create) photosim_cairo_image_surface_create;
extern __typeof__(cairo_image_surface_get_data) photosim_cairo_image_surface_get_data;
extern __typeof__(cairo_image_surface_get_height) photosim_cairo_image_surface_get_height;
extern __typeof__(cairo_image_surface_get_stride) photosim_cairo_image_surface_get_stride;
extern __typeof__(cairo_image_surface_get_width) photosim_cairo_image_surface_get_width;
extern __typeof__(cairo_line_to) photosim_cairo_line_to;
extern __typeof__(cairo_move_to) photosim_cairo_move_to;
extern __typeof__(cairo_new_path) photosim_cairo_new_path;
extern __typeof__(cairo_paint) photosim_cairo_paint;
extern __typeof__(cairo_pattern_add_color_stop_rgba) photosim_cairo_pattern_add_color_stop_rgba;
extern __typeof__(cairo_pattern_create_linear) photosim_cairo_pattern_create_linear;
extern __typeof__(cairo_pattern_destroy) photosim_cairo_pattern_destroy;
extern __typeof__(cairo_pattern_set_extend) photosim_cairo_pattern_set_extend;
extern __typeof__(cairo_pattern_set_filter) photosim_cairo_pattern_set_filter;
extern __typeof__(cairo_rectangle) photosim_cairo_rectangle;
extern __typeof__(cairo_restore) photosim_cairo_restore;
extern __typeof__(cairo_save) photosim_cairo_save;
extern __typeof__(cairo_scale) photosim_cairo_scale;
extern __typeof__(cairo_set_font_options) photosim_cairo_set_font_options;
extern __typeof__(cairo_set_line_width) photosim_cairo_set_line_width;
extern __typeof__(cairo_set_source) photosim_cairo_set_source;
extern __typeof__(cairo_set_source_rgba) photosim_cairo_set_source_rgba;
extern __typeof__(cairo_set_source_surface) photosim_cairo_set_source_surface;
extern __typeof__(cairo_status_to_string) photosim_cairo_status_to_string;
extern __typeof__(cairo_stroke) photosim_cairo_stroke;
extern __typeof__(cairo_surface_destroy) photosim_cairo_surface_destroy;
extern __typeof__(cairo_surface_flush) photosim_cairo_surface_flush;
extern __typeof__(cairo_surface_mark_dirty) photosim_cairo_surface_mark_dirty;
extern __typeof__(cairo_surface_status) photosim_cairo_surface_status;
extern __typeof__(cairo_translate) photosim_cairo_translate;
// fontconfig (libfontconfig.so.1)
extern __typeof__(FcConfigAppFontAddFile) photosim_FcConfigAppFontAddFile;
extern __typeof__(FcConfigCreate) photosim_FcConfigCreate;
extern __typeof__(FcConfigDestroy) photosim_FcConfigDestroy;
extern __typeof__(FcFontList) photosim_FcFontList;
extern __typeof__(FcFontSetDestroy) photosim_FcFontSetDestroy;
extern __typeof__(FcObjectSetAdd) photosim_FcObjectSetAdd;
extern __typeof__(FcObjectSetCreate) photosim_FcObjectSetCreate;
extern __typeof__(FcObjectSetDestroy) photosim_FcObjectSetDestroy;
extern __typeof__(FcPatternAddString) photosim_FcPatternAddString;
extern __typeof__(FcPatternCreate) photosim_FcPatternCreate;
extern __typeof__(FcPatternDestroy) photosim_FcPatternDestroy;
extern __typeof__(FcPatternGetString) photosim_FcPatternGetString;
// Pango (libpango-1.0.so.0)
extern __typeof__(pango_context_set_round_glyph_positions) photosim_pango_context_set_round_glyph_positions;
extern __typeof__(pango_font_description_free) photosim_pango_font_description_free;
extern __typeof__(pango_font_description_new) photosim_pango_font_description_new;
extern __typeof__(pango_font_description_set_absolute_size) photosim_pango_font_description_set_absolute_size;
extern __typeof__(pango_font_description_set_family) photosim_pango_font_description_set_family;
extern __typeof__(pango_font_description_set_weight) photosim_pango_font_description_set_weight;
extern __typeof__(pango_font_map_create_context) photosim_pango_font_map_create_context;
extern __typeof__(pango_layout_get_size) photosim_pango_layout_get_size;
extern __typeof__(pango_layout_new) photosim_pango_layout_new;
extern __typeof__(pango_layout_set_alignment) photosim_pango_layout_set_alignment;
extern __typeof__(pango_layout_set_ellipsize) photosim_pango_layout_set_ellipsize;
extern __typeof__(pango_layout_set_font_description) photosim_pango_layout_set_font_description;
extern __typeof__(pango_layout_set_text) photosim_pango_layout_set_text;
extern __typeof__(pango_layout_set_width) photosim_pango_layout_set_width;
extern __typeof__(pango_layout_set_wrap) photosim_pango_layout_set_wrap;
// PangoCairo (libpangocairo-1.0.so.0)
extern __typeof__(pango_cairo_context_set_font_options) photosim_pango_cairo_context_set_font_options;
extern __typeof__(pango_cairo_context_set_resolution) photosim_pango_cairo_context_set_resolution;
extern __typeof__(pango_cairo_show_layout) photosim_pango_cairo_show_layout;
extern __typeof__(pango_cairo_update_context) photosim_pango_cairo_update_context;

#endif
