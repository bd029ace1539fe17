// Only HarfBuzz's own headers: fonts are opened from their files with hb_blob_create_from_file
// and measured by HarfBuzz's OpenType functions, so this module never includes FreeType's
// headers (hb-ft.h would put FreeType's types in two modules).
#include <hb.h>
#include <hb-ot.h>
