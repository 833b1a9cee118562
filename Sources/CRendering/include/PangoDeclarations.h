// The part of Pango (and GObject) PhotoSim calls, declared here rather than taken from Pango's
// headers: those include GLib's and HarfBuzz's, which need pkg-config's include flags, and a
// SwiftPM target gets those only from a system library target, which also links the libraries
// into every product above it. Cairo's and fontconfig's headers need no flags and are used as
// they are.
//
// The declarations are Pango 1.50's. Compiled with PHOTOSIM_PANGO_SYSTEM_HEADERS and Pango's
// flags (as `RenderingDeclarationsTests` does), Pango's own headers come first: every prototype
// here is then a redeclaration the compiler refuses if it differs, the opaque types are checked
// to be Pango's, and each constant is checked against Pango's value.
#ifndef PHOTOSIM_PANGO_DECLARATIONS_H
#define PHOTOSIM_PANGO_DECLARATIONS_H

#include <cairo/cairo.h>
#include <fontconfig/fontconfig.h>

// Pango's values of the constants PhotoSim uses.
#define PHOTOSIM_PANGO_SCALE 1024
#define PHOTOSIM_PANGO_WEIGHT_NORMAL 400
#define PHOTOSIM_PANGO_WEIGHT_BOLD 700
#define PHOTOSIM_PANGO_ALIGN_LEFT 0
#define PHOTOSIM_PANGO_ALIGN_CENTER 1
#define PHOTOSIM_PANGO_ALIGN_RIGHT 2
#define PHOTOSIM_PANGO_WRAP_WORD_CHAR 2
#define PHOTOSIM_PANGO_ELLIPSIZE_END 3

#ifdef PHOTOSIM_PANGO_SYSTEM_HEADERS
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
_Static_assert(PANGO_SCALE == PHOTOSIM_PANGO_SCALE, "PANGO_SCALE");
_Static_assert(PANGO_WEIGHT_NORMAL == PHOTOSIM_PANGO_WEIGHT_NORMAL, "PANGO_WEIGHT_NORMAL");
_Static_assert(PANGO_WEIGHT_BOLD == PHOTOSIM_PANGO_WEIGHT_BOLD, "PANGO_WEIGHT_BOLD");
_Static_assert(PANGO_ALIGN_LEFT == PHOTOSIM_PANGO_ALIGN_LEFT, "PANGO_ALIGN_LEFT");
_Static_assert(PANGO_ALIGN_CENTER == PHOTOSIM_PANGO_ALIGN_CENTER, "PANGO_ALIGN_CENTER");
_Static_assert(PANGO_ALIGN_RIGHT == PHOTOSIM_PANGO_ALIGN_RIGHT, "PANGO_ALIGN_RIGHT");
_Static_assert(PANGO_WRAP_WORD_CHAR == PHOTOSIM_PANGO_WRAP_WORD_CHAR, "PANGO_WRAP_WORD_CHAR");
_Static_assert(PANGO_ELLIPSIZE_END == PHOTOSIM_PANGO_ELLIPSIZE_END, "PANGO_ELLIPSIZE_END");
_Static_assert(sizeof(PangoWeight) == sizeof(unsigned int), "PangoWeight");
_Static_assert(sizeof(PangoAlignment) == sizeof(unsigned int), "PangoAlignment");
_Static_assert(sizeof(PangoWrapMode) == sizeof(unsigned int), "PangoWrapMode");
_Static_assert(sizeof(PangoEllipsizeMode) == sizeof(unsigned int), "PangoEllipsizeMode");
#else
/// Pango's units per point.
#define PANGO_SCALE PHOTOSIM_PANGO_SCALE
typedef enum { PANGO_WEIGHT_NORMAL = PHOTOSIM_PANGO_WEIGHT_NORMAL, PANGO_WEIGHT_BOLD = PHOTOSIM_PANGO_WEIGHT_BOLD } PangoWeight;
typedef enum {
    PANGO_ALIGN_LEFT = PHOTOSIM_PANGO_ALIGN_LEFT,
    PANGO_ALIGN_CENTER = PHOTOSIM_PANGO_ALIGN_CENTER,
    PANGO_ALIGN_RIGHT = PHOTOSIM_PANGO_ALIGN_RIGHT,
} PangoAlignment;
typedef enum { PANGO_WRAP_WORD_CHAR = PHOTOSIM_PANGO_WRAP_WORD_CHAR } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_END = PHOTOSIM_PANGO_ELLIPSIZE_END } PangoEllipsizeMode;
#endif

// Pango's object types, used only through pointers.
typedef struct _PangoContext PangoContext;
typedef struct _PangoFcFontMap PangoFcFontMap;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoLayout PangoLayout;

// libpango-1.0.so.0
void pango_context_set_round_glyph_positions(PangoContext *context, int round_positions);
void pango_font_description_free(PangoFontDescription *desc);
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
void pango_layout_get_size(PangoLayout *layout, int *width, int *height);
PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
// libpangoft2-1.0.so.0
void pango_fc_font_map_set_config(PangoFcFontMap *fcfontmap, FcConfig *fcconfig);
// libpangocairo-1.0.so.0
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
void pango_cairo_context_set_resolution(PangoContext *context, double dpi);
PangoFontMap *pango_cairo_font_map_new_for_font_type(cairo_font_type_t fonttype);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_update_context(cairo_t *cr, PangoContext *context);
// libgobject-2.0.so.0
void g_object_unref(void *object);

#endif
