// Opens cairo, fontconfig, GObject and Pango with dlopen on first use and calls them through the
// functions dlsym found.
#include "CRendering.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Every function PhotoSim calls, by the library that defines it.
#define PHOTOSIM_CAIRO_FUNCTIONS(X) \
    X(cairo_arc) X(cairo_clip) X(cairo_close_path) X(cairo_create) X(cairo_destroy) X(cairo_fill) \
    X(cairo_font_options_create) X(cairo_font_options_destroy) X(cairo_font_options_set_antialias) \
    X(cairo_font_options_set_hint_metrics) X(cairo_font_options_set_hint_style) \
    X(cairo_font_options_set_subpixel_order) X(cairo_get_source) X(cairo_image_surface_create) \
    X(cairo_image_surface_get_data) X(cairo_image_surface_get_height) \
    X(cairo_image_surface_get_stride) X(cairo_image_surface_get_width) X(cairo_line_to) \
    X(cairo_move_to) X(cairo_new_path) X(cairo_paint) X(cairo_pattern_add_color_stop_rgba) \
    X(cairo_pattern_create_linear) X(cairo_pattern_destroy) X(cairo_pattern_set_extend) \
    X(cairo_pattern_set_filter) X(cairo_rectangle) X(cairo_restore) X(cairo_save) X(cairo_scale) \
    X(cairo_set_font_options) X(cairo_set_line_width) X(cairo_set_source) X(cairo_set_source_rgba) \
    X(cairo_set_source_surface) X(cairo_status_to_string) X(cairo_stroke) X(cairo_surface_destroy) \
    X(cairo_surface_flush) X(cairo_surface_mark_dirty) X(cairo_surface_status) X(cairo_translate)
#define PHOTOSIM_FONTCONFIG_FUNCTIONS(X) \
    X(FcConfigAppFontAddFile) X(FcConfigCreate) X(FcConfigDestroy) X(FcFontList) X(FcFontSetDestroy) \
    X(FcObjectSetAdd) X(FcObjectSetCreate) X(FcObjectSetDestroy) X(FcPatternAddString) \
    X(FcPatternCreate) X(FcPatternDestroy) X(FcPatternGetString)
#define PHOTOSIM_GOBJECT_FUNCTIONS(X) X(g_object_unref)
#define PHOTOSIM_PANGO_FUNCTIONS(X) \
    X(pango_context_set_round_glyph_positions) X(pango_font_description_free) \
    X(pango_font_description_new) X(pango_font_description_set_absolute_size) \
    X(pango_font_description_set_family) X(pango_font_description_set_weight) \
    X(pango_font_map_create_context) X(pango_layout_get_size) X(pango_layout_new) \
    X(pango_layout_set_alignment) X(pango_layout_set_ellipsize) X(pango_layout_set_font_description) \
    X(pango_layout_set_text) X(pango_layout_set_width) X(pango_layout_set_wrap)
#define PHOTOSIM_PANGOFT2_FUNCTIONS(X) X(pango_fc_font_map_set_config)
#define PHOTOSIM_PANGOCAIRO_FUNCTIONS(X) \
    X(pango_cairo_context_set_font_options) X(pango_cairo_context_set_resolution) \
    X(pango_cairo_show_layout) X(pango_cairo_update_context) \
    X(pango_cairo_font_map_new_for_font_type)

/// The resolved functions, each a pointer of its library's type.
struct rendering_functions {
#define PHOTOSIM_SLOT(name) __typeof__(&name) name;
    PHOTOSIM_CAIRO_FUNCTIONS(PHOTOSIM_SLOT)
    PHOTOSIM_FONTCONFIG_FUNCTIONS(PHOTOSIM_SLOT)
    PHOTOSIM_GOBJECT_FUNCTIONS(PHOTOSIM_SLOT)
    PHOTOSIM_PANGO_FUNCTIONS(PHOTOSIM_SLOT)
    PHOTOSIM_PANGOFT2_FUNCTIONS(PHOTOSIM_SLOT)
    PHOTOSIM_PANGOCAIRO_FUNCTIONS(PHOTOSIM_SLOT)
#undef PHOTOSIM_SLOT
};

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
/// Filled once, under `loading`, before `published` points at it.
static struct rendering_functions storage;
/// NULL until a load succeeded; then `&storage`, never changed again.
static const struct rendering_functions *published;

/// Opens `library`; NULL with dlerror's text in `message`.
static void *open_library(const char *library, char *message, size_t capacity) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, capacity, "%s", reason ? reason : "dlopen failed");
    }
    return handle;
}

/// Looks `name` up in `handle` into `*slot`; 0 with the missing function named in `message`.
static int resolve(void *handle, const char *library, const char *name, void **slot, char *message, size_t capacity) {
    dlerror();
    *slot = dlsym(handle, name);
    if (*slot != NULL) return 1;
    const char *reason = dlerror();
    snprintf(message, capacity, "%s has no function %s (%s)", library, name, reason ? reason : "not found");
    return 0;
}

/// Opens every library, in the order they depend on each other, and resolves its functions.
static int resolve_all(struct rendering_functions *functions, char *message, size_t capacity) {
    void *handle;
#define PHOTOSIM_RESOLVE(name) \
    if (!resolve(handle, library, #name, (void **)&functions->name, message, capacity)) return 0;
#define PHOTOSIM_LIBRARY(file, list)                                      \
    do {                                                                  \
        const char *library = file;                                       \
        if ((handle = open_library(library, message, capacity)) == NULL) return 0; \
        list(PHOTOSIM_RESOLVE)                                            \
    } while (0)
    PHOTOSIM_LIBRARY("libcairo.so.2", PHOTOSIM_CAIRO_FUNCTIONS);
    PHOTOSIM_LIBRARY("libfontconfig.so.1", PHOTOSIM_FONTCONFIG_FUNCTIONS);
    PHOTOSIM_LIBRARY("libgobject-2.0.so.0", PHOTOSIM_GOBJECT_FUNCTIONS);
    PHOTOSIM_LIBRARY("libpango-1.0.so.0", PHOTOSIM_PANGO_FUNCTIONS);
    PHOTOSIM_LIBRARY("libpangoft2-1.0.so.0", PHOTOSIM_PANGOFT2_FUNCTIONS);
    PHOTOSIM_LIBRARY("libpangocairo-1.0.so.0", PHOTOSIM_PANGOCAIRO_FUNCTIONS);
#undef PHOTOSIM_LIBRARY
#undef PHOTOSIM_RESOLVE
    return 1;
}

int photosim_rendering_load(char *message, size_t capacity) {
    pthread_mutex_lock(&loading);
    int loaded = published != NULL;
    struct rendering_functions functions;
    if (!loaded && resolve_all(&functions, message, capacity)) {
        storage = functions;
        __atomic_store_n(&published, &storage, __ATOMIC_RELEASE);
        loaded = 1;
    }
    pthread_mutex_unlock(&loading);
    return loaded;
}

/// The functions, or an abort naming `caller` when no load has succeeded.
static const struct rendering_functions *functions(const char *caller) {
    const struct rendering_functions *functions = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
    if (functions == NULL) {
        fprintf(stderr, "%s: called before photosim_rendering_load succeeded\n", caller);
        abort();
    }
    return functions;
}

PangoFontMap *photosim_font_map_with_config(FcConfig *config) {
    const struct rendering_functions *loaded = functions(__func__);
    PangoFontMap *map = loaded->pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (map == NULL) return NULL;
    // A FreeType font map of pangocairo is a PangoFcFontMap (PangoCairoFcFontMap derives from it):
    // the cast PANGO_FC_FONT_MAP makes, without its run-time type check.
    loaded->pango_fc_font_map_set_config((PangoFcFontMap *)map, config);
    return map;
}

void photosim_object_unref(void *object) {
    functions(__func__)->g_object_unref(object);
}

void photosim_cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2) {
    functions(__func__)->cairo_arc(cr, xc, yc, radius, angle1, angle2);
}

void photosim_cairo_clip(cairo_t *cr) {
    functions(__func__)->cairo_clip(cr);
}

void photosim_cairo_close_path(cairo_t *cr) {
    functions(__func__)->cairo_close_path(cr);
}

cairo_t *photosim_cairo_create(cairo_surface_t *target) {
    return functions(__func__)->cairo_create(target);
}

void photosim_cairo_destroy(cairo_t *cr) {
    functions(__func__)->cairo_destroy(cr);
}

void photosim_cairo_fill(cairo_t *cr) {
    functions(__func__)->cairo_fill(cr);
}

cairo_font_options_t *photosim_cairo_font_options_create(void) {
    return functions(__func__)->cairo_font_options_create();
}

void photosim_cairo_font_options_destroy(cairo_font_options_t *options) {
    functions(__func__)->cairo_font_options_destroy(options);
}

void photosim_cairo_font_options_set_antialias(cairo_font_options_t *options, cairo_antialias_t antialias) {
    functions(__func__)->cairo_font_options_set_antialias(options, antialias);
}

void photosim_cairo_font_options_set_hint_metrics(cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics) {
    functions(__func__)->cairo_font_options_set_hint_metrics(options, hint_metrics);
}

void photosim_cairo_font_options_set_hint_style(cairo_font_options_t *options, cairo_hint_style_t hint_style) {
    functions(__func__)->cairo_font_options_set_hint_style(options, hint_style);
}

void photosim_cairo_font_options_set_subpixel_order(cairo_font_options_t *options, cairo_subpixel_order_t subpixel_order) {
    functions(__func__)->cairo_font_options_set_subpixel_order(options, subpixel_order);
}

cairo_pattern_t *photosim_cairo_get_source(cairo_t *cr) {
    return functions(__func__)->cairo_get_source(cr);
}

cairo_surface_t *photosim_cairo_image_surface_create(cairo_format_t format, int width, int height) {
    return functions(__func__)->cairo_image_surface_create(format, width, height);
}

unsigned char *photosim_cairo_image_surface_get_data(cairo_surface_t *surface) {
    return functions(__func__)->cairo_image_surface_get_data(surface);
}

int photosim_cairo_image_surface_get_height(cairo_surface_t *surface) {
    return functions(__func__)->cairo_image_surface_get_height(surface);
}

int photosim_cairo_image_surface_get_stride(cairo_surface_t *surface) {
    return functions(__func__)->cairo_image_surface_get_stride(surface);
}

int photosim_cairo_image_surface_get_width(cairo_surface_t *surface) {
    return functions(__func__)->cairo_image_surface_get_width(surface);
}

void photosim_cairo_line_to(cairo_t *cr, double x, double y) {
    functions(__func__)->cairo_line_to(cr, x, y);
}

void photosim_cairo_move_to(cairo_t *cr, double x, double y) {
    functions(__func__)->cairo_move_to(cr, x, y);
}

void photosim_cairo_new_path(cairo_t *cr) {
    functions(__func__)->cairo_new_path(cr);
}

void photosim_cairo_paint(cairo_t *cr) {
    functions(__func__)->cairo_paint(cr);
}

void photosim_cairo_pattern_add_color_stop_rgba(cairo_pattern_t *pattern, double offset, double red, double green, double blue, double alpha) {
    functions(__func__)->cairo_pattern_add_color_stop_rgba(pattern, offset, red, green, blue, alpha);
}

cairo_pattern_t *photosim_cairo_pattern_create_linear(double x0, double y0, double x1, double y1) {
    return functions(__func__)->cairo_pattern_create_linear(x0, y0, x1, y1);
}

void photosim_cairo_pattern_destroy(cairo_pattern_t *pattern) {
    functions(__func__)->cairo_pattern_destroy(pattern);
}

void photosim_cairo_pattern_set_extend(cairo_pattern_t *pattern, cairo_extend_t extend) {
    functions(__func__)->cairo_pattern_set_extend(pattern, extend);
}

void photosim_cairo_pattern_set_filter(cairo_pattern_t *pattern, cairo_filter_t filter) {
    functions(__func__)->cairo_pattern_set_filter(pattern, filter);
}

void photosim_cairo_rectangle(cairo_t *cr, double x, double y, double width, double height) {
    functions(__func__)->cairo_rectangle(cr, x, y, width, height);
}

void photosim_cairo_restore(cairo_t *cr) {
    functions(__func__)->cairo_restore(cr);
}

void photosim_cairo_save(cairo_t *cr) {
    functions(__func__)->cairo_save(cr);
}

void photosim_cairo_scale(cairo_t *cr, double sx, double sy) {
    functions(__func__)->cairo_scale(cr, sx, sy);
}

void photosim_cairo_set_font_options(cairo_t *cr, const cairo_font_options_t *options) {
    functions(__func__)->cairo_set_font_options(cr, options);
}

void photosim_cairo_set_line_width(cairo_t *cr, double width) {
    functions(__func__)->cairo_set_line_width(cr, width);
}

void photosim_cairo_set_source(cairo_t *cr, cairo_pattern_t *source) {
    functions(__func__)->cairo_set_source(cr, source);
}

void photosim_cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha) {
    functions(__func__)->cairo_set_source_rgba(cr, red, green, blue, alpha);
}

void photosim_cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y) {
    functions(__func__)->cairo_set_source_surface(cr, surface, x, y);
}

const char *photosim_cairo_status_to_string(cairo_status_t status) {
    return functions(__func__)->cairo_status_to_string(status);
}

void photosim_cairo_stroke(cairo_t *cr) {
    functions(__func__)->cairo_stroke(cr);
}

void photosim_cairo_surface_destroy(cairo_surface_t *surface) {
    functions(__func__)->cairo_surface_destroy(surface);
}

void photosim_cairo_surface_flush(cairo_surface_t *surface) {
    functions(__func__)->cairo_surface_flush(surface);
}

void photosim_cairo_surface_mark_dirty(cairo_surface_t *surface) {
    functions(__func__)->cairo_surface_mark_dirty(surface);
}

cairo_status_t photosim_cairo_surface_status(cairo_surface_t *surface) {
    return functions(__func__)->cairo_surface_status(surface);
}

void photosim_cairo_translate(cairo_t *cr, double tx, double ty) {
    functions(__func__)->cairo_translate(cr, tx, ty);
}

FcBool photosim_FcConfigAppFontAddFile(FcConfig *config, const FcChar8 *file) {
    return functions(__func__)->FcConfigAppFontAddFile(config, file);
}

FcConfig *photosim_FcConfigCreate(void) {
    return functions(__func__)->FcConfigCreate();
}

void photosim_FcConfigDestroy(FcConfig *config) {
    functions(__func__)->FcConfigDestroy(config);
}

FcFontSet *photosim_FcFontList(FcConfig *config, FcPattern *p, FcObjectSet *os) {
    return functions(__func__)->FcFontList(config, p, os);
}

void photosim_FcFontSetDestroy(FcFontSet *s) {
    functions(__func__)->FcFontSetDestroy(s);
}

FcBool photosim_FcObjectSetAdd(FcObjectSet *os, const char *object) {
    return functions(__func__)->FcObjectSetAdd(os, object);
}

FcObjectSet *photosim_FcObjectSetCreate(void) {
    return functions(__func__)->FcObjectSetCreate();
}

void photosim_FcObjectSetDestroy(FcObjectSet *os) {
    functions(__func__)->FcObjectSetDestroy(os);
}

FcBool photosim_FcPatternAddString(FcPattern *p, const char *object, const FcChar8 *s) {
    return functions(__func__)->FcPatternAddString(p, object, s);
}

FcPattern *photosim_FcPatternCreate(void) {
    return functions(__func__)->FcPatternCreate();
}

void photosim_FcPatternDestroy(FcPattern *p) {
    functions(__func__)->FcPatternDestroy(p);
}

FcResult photosim_FcPatternGetString(const FcPattern *p, const char *object, int n, FcChar8 **s) {
    return functions(__func__)->FcPatternGetString(p, object, n, s);
}

void photosim_pango_context_set_round_glyph_positions(PangoContext *context, int round_positions) {
    functions(__func__)->pango_context_set_round_glyph_positions(context, round_positions);
}

void photosim_pango_font_description_free(PangoFontDescription *desc) {
    functions(__func__)->pango_font_description_free(desc);
}

PangoFontDescription *photosim_pango_font_description_new(void) {
    return functions(__func__)->pango_font_description_new();
}

void photosim_pango_font_description_set_absolute_size(PangoFontDescription *desc, double size) {
    functions(__func__)->pango_font_description_set_absolute_size(desc, size);
}

void photosim_pango_font_description_set_family(PangoFontDescription *desc, const char *family) {
    functions(__func__)->pango_font_description_set_family(desc, family);
}

void photosim_pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight) {
    functions(__func__)->pango_font_description_set_weight(desc, weight);
}

PangoContext *photosim_pango_font_map_create_context(PangoFontMap *fontmap) {
    return functions(__func__)->pango_font_map_create_context(fontmap);
}

void photosim_pango_layout_get_size(PangoLayout *layout, int *width, int *height) {
    functions(__func__)->pango_layout_get_size(layout, width, height);
}

PangoLayout *photosim_pango_layout_new(PangoContext *context) {
    return functions(__func__)->pango_layout_new(context);
}

void photosim_pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment) {
    functions(__func__)->pango_layout_set_alignment(layout, alignment);
}

void photosim_pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize) {
    functions(__func__)->pango_layout_set_ellipsize(layout, ellipsize);
}

void photosim_pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc) {
    functions(__func__)->pango_layout_set_font_description(layout, desc);
}

void photosim_pango_layout_set_text(PangoLayout *layout, const char *text, int length) {
    functions(__func__)->pango_layout_set_text(layout, text, length);
}

void photosim_pango_layout_set_width(PangoLayout *layout, int width) {
    functions(__func__)->pango_layout_set_width(layout, width);
}

void photosim_pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap) {
    functions(__func__)->pango_layout_set_wrap(layout, wrap);
}

void photosim_pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options) {
    functions(__func__)->pango_cairo_context_set_font_options(context, options);
}

void photosim_pango_cairo_context_set_resolution(PangoContext *context, double dpi) {
    functions(__func__)->pango_cairo_context_set_resolution(context, dpi);
}

void photosim_pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout) {
    functions(__func__)->pango_cairo_show_layout(cr, layout);
}

void photosim_pango_cairo_update_context(cairo_t *cr, PangoContext *context) {
    functions(__func__)->pango_cairo_update_context(cr, context);
}
