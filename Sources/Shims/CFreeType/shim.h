#ifndef LIMELIGHT_CFREETYPE_SHIM_H
#define LIMELIGHT_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_SYNTHESIS_H
#include FT_TRUETYPE_TABLES_H

/* FT_LOAD_TARGET_LIGHT is a function-like macro: Swift cannot import it. */
static inline FT_Int32 limelight_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
/* Whether the face has colour bitmaps or layers (FT_HAS_COLOR is a macro too). */
static inline int limelight_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int limelight_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
#endif
