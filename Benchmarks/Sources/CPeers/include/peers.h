// The peers ours is measured against, called in-process (PeerRounds times them round by round beside our own
// layouts), on the exact label strings our typesetter emits:
//
//   pango    one PangoLayout per label, created, measured (pango_layout_get_pixel_extents) and freed;
//   hb       hb_shape once per label, no cache (one hb_font and hb_buffer reused);
//   floor    hb_shape once per distinct string, in first-seen order: the least any shaping typesetter can do.
//
// HarfBuzz is set up exactly as ours (the font file fontconfig chose, OpenType functions, scale = units per em,
// Greek/grc or Latin/en by the same byte test as the old stand-alone peers program).
#ifndef PEERS_H
#define PEERS_H

#include <stdint.h>

/// Label strings, copied: label i is bytes[offsets[i] ..< offsets[i + 1]], drawn at points[i].
typedef struct peers_labels peers_labels;
/// A HarfBuzz font and buffer for one font file.
typedef struct peers_harfbuzz peers_harfbuzz;
/// A Pango FT2 context and one font description per point size.
typedef struct peers_pango peers_pango;

peers_labels *peers_labels_create(const char *bytes, const int64_t *offsets, const float *points, int count);
void peers_labels_destroy(peers_labels *labels);
int peers_labels_count(const peers_labels *labels);
/// Distinct strings among the labels (what the floor shapes).
int peers_labels_distinct_count(const peers_labels *labels);

/// NULL when every HarfBuzz function the peers call is Debian's libharfbuzz's own, both as the peers call it and
/// as Pango binds to it (not the product's forwarder of the same name, which this executable links too); otherwise
/// one line naming the function and the file that defines it.
const char *peers_harfbuzz_binding_failure(void);
/// NULL when the font file cannot be opened or libharfbuzz is missing.
peers_harfbuzz *peers_harfbuzz_create(const char *font_path, int face_index);
void peers_harfbuzz_destroy(peers_harfbuzz *hb);
/// hb_shape once per label; returns the sum of advances (kept so nothing is optimized away).
double peers_hb_per_label(peers_harfbuzz *hb, const peers_labels *labels);
/// hb_shape once per distinct string; returns the sum of advances.
double peers_hb_floor(peers_harfbuzz *hb, const peers_labels *labels);
/// Distinct strings with a glyph the font lacks, in the last floor run (ours re-shapes those with fallback fonts).
int peers_hb_notdef_strings(const peers_harfbuzz *hb);

peers_pango *peers_pango_create(const char *family);
void peers_pango_destroy(peers_pango *pango);
/// One PangoLayout per label; returns the sum of the logical widths in pixels.
double peers_pango_per_label(peers_pango *pango, const peers_labels *labels);

#endif
