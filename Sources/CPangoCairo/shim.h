#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

/// A font map that sees only the fonts of `config` (fontconfig's own files, not the machine's).
/// GObject casts are macros Swift cannot call, hence this wrapper.
static inline PangoFontMap *photosim_font_map_with_config(FcConfig *config) {
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (map == NULL) return NULL;
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    return map;
}

/// Drops a GObject reference (the font map, a layout, a context).
static inline void photosim_object_unref(void *object) {
    g_object_unref(object);
}
