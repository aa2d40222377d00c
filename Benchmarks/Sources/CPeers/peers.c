// The peers, as a library PeerRounds calls in-process (see include/peers.h). What each does is what a Linux
// developer would otherwise write; the code is the former stand-alone Peers/peers.c without its file parsing,
// timing and printing, which PeerRounds now does for ours and the peers alike.

// dladdr (glibc declares it only for _GNU_SOURCE), for the check that each function is libharfbuzz's own.
#define _GNU_SOURCE
#include "peers.h"

#include <dlfcn.h>
#include <hb.h>
#include <hb-ot.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The HarfBuzz functions the peers call, taken from libharfbuzz itself. This executable also links the product,
// whose CHarfBuzzLoader defines these names as forwarders (they load libharfbuzz on first use): a plain call to
// hb_shape here would bind to that forwarder at link time and put its instructions on the peers' side. dlsym on
// libharfbuzz's own handle searches only that library and what it needs, never this executable, so each pointer
// below is Debian's function; peers_harfbuzz_binding_failure checks that it is.
#define PEERS_HARFBUZZ_FUNCTIONS(X)                                                                                   \
    X(hb_blob_create_from_file_or_fail) X(hb_blob_destroy) X(hb_face_create) X(hb_face_destroy)                     \
    X(hb_face_get_upem) X(hb_font_create) X(hb_font_destroy) X(hb_font_set_scale) X(hb_buffer_create)               \
    X(hb_buffer_destroy) X(hb_buffer_clear_contents) X(hb_buffer_add_utf8) X(hb_buffer_set_direction)               \
    X(hb_buffer_set_script) X(hb_buffer_set_language) X(hb_buffer_get_glyph_positions)                              \
    X(hb_buffer_get_glyph_infos) X(hb_language_from_string) X(hb_shape)

#define PEERS_FIELD(name) __typeof__(name) *name;
static struct { PEERS_HARFBUZZ_FUNCTIONS(PEERS_FIELD) } harfbuzz;

// Fills `harfbuzz` once (PeerRounds sets the peers up on one thread); 0 when libharfbuzz or a function is missing.
static int harfbuzz_resolve(void) {
    static int resolved;
    if (resolved) return 1;
    void *library = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;  // the handle stays open: the pointers live as long as the process
#define PEERS_RESOLVE(name) if (!(harfbuzz.name = (__typeof__(name) *)dlsym(library, #name))) return 0;
    PEERS_HARFBUZZ_FUNCTIONS(PEERS_RESOLVE)
    resolved = 1;
    return 1;
}

static int is_libharfbuzz(const char *file) {
    const char *base = strrchr(file, '/');
    return strncmp(base ? base + 1 : file, "libharfbuzz.so", 14) == 0;
}

// NULL when both the peers' pointer to `name` and the global scope's `name` are libharfbuzz's own; else one line.
static const char *binding_failure(const char *name, const void *peers) {
    static char failure[512];
    Dl_info info;
    // What the peers in this file call.
    const char *file = peers && dladdr(peers, &info) && info.dli_fname ? info.dli_fname : "no file";
    if (!is_libharfbuzz(file)) {
        snprintf(failure, sizeof failure, "the peers' %s is defined in %s, not libharfbuzz", name, file);
        return failure;
    }
    // What Pango (and libharfbuzz calling its own exported functions) binds to: the first definition in the global
    // scope, which is this executable's when the executable exports the product's forwarder.
    const void *global = dlsym(RTLD_DEFAULT, name);
    file = global && dladdr(global, &info) && info.dli_fname ? info.dli_fname : "no file";
    if (!is_libharfbuzz(file)) {
        snprintf(failure, sizeof failure,
                 "Pango's and libharfbuzz's calls to %s bind to %s, not libharfbuzz (the executable exports the "
                 "product's forwarder)", name, file);
        return failure;
    }
    return NULL;
}

const char *peers_harfbuzz_binding_failure(void) {
    if (!harfbuzz_resolve()) return "cannot take the HarfBuzz functions from libharfbuzz.so.0 (Debian libharfbuzz0b)";
    const char *failure;
#define PEERS_CHECK(name) if ((failure = binding_failure(#name, (const void *)harfbuzz.name))) return failure;
    PEERS_HARFBUZZ_FUNCTIONS(PEERS_CHECK)
    return NULL;
}

typedef struct { const char *text; int length; float points; } label_t;

struct peers_labels {
    char *bytes;
    label_t *labels;
    int count;
    label_t *distinct;  // first occurrence of each string, in first-seen order
    int distinct_count;
};

struct peers_harfbuzz {
    hb_blob_t *blob;
    hb_face_t *face;
    hb_font_t *font;
    hb_buffer_t *buffer;
    hb_language_t greek, english;
    int notdef_strings;
};

enum { max_sizes = 8 };

struct peers_pango {
    PangoFontMap *map;
    PangoContext *context;
    const char *family;
    float sizes[max_sizes];
    PangoFontDescription *descriptions[max_sizes];
    int size_count;
};

static int compare_labels(const label_t *x, const label_t *y) {
    if (x->length != y->length) return x->length - y->length;
    return memcmp(x->text, y->text, x->length);
}

// Sorts label indices by content; ties by index, so each group starts with its first occurrence.
static const label_t *sort_labels;
static int compare_indices(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    int c = compare_labels(&sort_labels[i], &sort_labels[j]);
    return c ? c : i - j;
}

peers_labels *peers_labels_create(const char *bytes, const int64_t *offsets, const float *points, int count) {
    if (count < 0) return NULL;
    peers_labels *l = calloc(1, sizeof *l);
    size_t size = count > 0 ? (size_t)offsets[count] : 0;
    l->bytes = malloc(size + 1);
    l->labels = malloc(sizeof(label_t) * (count > 0 ? count : 1));
    l->distinct = malloc(sizeof(label_t) * (count > 0 ? count : 1));
    if (!l->bytes || !l->labels || !l->distinct) { peers_labels_destroy(l); return NULL; }
    if (size) memcpy(l->bytes, bytes, size);
    l->count = count;
    for (int i = 0; i < count; i++)
        l->labels[i] = (label_t){l->bytes + offsets[i], (int)(offsets[i + 1] - offsets[i]), points[i]};
    // Distinct strings in first-seen order (the order a cache meets them): sort indices by content, keep the
    // first index of each group, then walk the labels in order.
    int *order = malloc(sizeof(int) * (count > 0 ? count : 1));
    char *first = calloc(count > 0 ? count : 1, 1);
    for (int i = 0; i < count; i++) order[i] = i;
    sort_labels = l->labels;
    qsort(order, count, sizeof(int), compare_indices);
    for (int i = 0; i < count; i++)
        if (i == 0 || compare_labels(&l->labels[order[i - 1]], &l->labels[order[i]]) != 0) first[order[i]] = 1;
    for (int i = 0; i < count; i++)
        if (first[i]) l->distinct[l->distinct_count++] = l->labels[i];
    free(order);
    free(first);
    return l;
}

void peers_labels_destroy(peers_labels *l) {
    if (!l) return;
    free(l->bytes);
    free(l->labels);
    free(l->distinct);
    free(l);
}

int peers_labels_count(const peers_labels *l) { return l->count; }
int peers_labels_distinct_count(const peers_labels *l) { return l->distinct_count; }

peers_harfbuzz *peers_harfbuzz_create(const char *font_path, int face_index) {
    if (!harfbuzz_resolve()) return NULL;
    hb_blob_t *blob = harfbuzz.hb_blob_create_from_file_or_fail(font_path);
    if (!blob) return NULL;
    peers_harfbuzz *hb = calloc(1, sizeof *hb);
    hb->blob = blob;
    hb->face = harfbuzz.hb_face_create(blob, face_index);
    hb->font = harfbuzz.hb_font_create(hb->face);
    int upem = (int)harfbuzz.hb_face_get_upem(hb->face);
    harfbuzz.hb_font_set_scale(hb->font, upem, upem);
    hb->buffer = harfbuzz.hb_buffer_create();
    hb->greek = harfbuzz.hb_language_from_string("grc", -1);
    hb->english = harfbuzz.hb_language_from_string("en", -1);
    return hb;
}

void peers_harfbuzz_destroy(peers_harfbuzz *hb) {
    if (!hb) return;
    harfbuzz.hb_buffer_destroy(hb->buffer);
    harfbuzz.hb_font_destroy(hb->font);
    harfbuzz.hb_face_destroy(hb->face);
    harfbuzz.hb_blob_destroy(hb->blob);
    free(hb);
}

static double shape(peers_harfbuzz *hb, const label_t *label) {
    int is_greek = 0;
    for (int i = 0; i < label->length; i++) {
        unsigned char c = (unsigned char)label->text[i];
        if (c == 0xCE || c == 0xCF || c == 0xE1) { is_greek = 1; break; }
    }
    harfbuzz.hb_buffer_clear_contents(hb->buffer);
    harfbuzz.hb_buffer_add_utf8(hb->buffer, label->text, label->length, 0, label->length);
    harfbuzz.hb_buffer_set_direction(hb->buffer, HB_DIRECTION_LTR);
    harfbuzz.hb_buffer_set_script(hb->buffer, is_greek ? HB_SCRIPT_GREEK : HB_SCRIPT_LATIN);
    harfbuzz.hb_buffer_set_language(hb->buffer, is_greek ? hb->greek : hb->english);
    harfbuzz.hb_shape(hb->font, hb->buffer, NULL, 0);
    unsigned int count = 0;
    hb_glyph_position_t *positions = harfbuzz.hb_buffer_get_glyph_positions(hb->buffer, &count);
    hb_glyph_info_t *infos = harfbuzz.hb_buffer_get_glyph_infos(hb->buffer, NULL);
    hb_position_t advance = 0;
    int notdef = 0;
    for (unsigned int i = 0; i < count; i++) {
        advance += positions[i].x_advance;
        notdef |= infos[i].codepoint == 0;
    }
    hb->notdef_strings += notdef;
    return advance;
}

double peers_hb_per_label(peers_harfbuzz *hb, const peers_labels *l) {
    double sum = 0;
    for (int i = 0; i < l->count; i++) sum += shape(hb, &l->labels[i]);
    return sum;
}

double peers_hb_floor(peers_harfbuzz *hb, const peers_labels *l) {
    double sum = 0;
    hb->notdef_strings = 0;
    for (int i = 0; i < l->distinct_count; i++) sum += shape(hb, &l->distinct[i]);
    return sum;
}

int peers_hb_notdef_strings(const peers_harfbuzz *hb) { return hb->notdef_strings; }

peers_pango *peers_pango_create(const char *family) {
    peers_pango *p = calloc(1, sizeof *p);
    p->map = pango_ft2_font_map_new();
    p->context = pango_font_map_create_context(p->map);
    p->family = strdup(family);
    return p;
}

void peers_pango_destroy(peers_pango *p) {
    if (!p) return;
    for (int s = 0; s < p->size_count; s++) pango_font_description_free(p->descriptions[s]);
    g_object_unref(p->context);
    g_object_unref(p->map);
    free((char *)p->family);
    free(p);
}

double peers_pango_per_label(peers_pango *p, const peers_labels *l) {
    double sum = 0;
    for (int i = 0; i < l->count; i++) {
        // One description per point size, made on first use and kept (an app would keep them too).
        int s = 0;
        while (s < p->size_count && p->sizes[s] != l->labels[i].points) s++;
        if (s == p->size_count) {
            if (s == max_sizes) s = 0;
            else {
                p->sizes[s] = l->labels[i].points;
                p->descriptions[s] = pango_font_description_from_string(p->family);
                pango_font_description_set_absolute_size(p->descriptions[s], l->labels[i].points * PANGO_SCALE);
                p->size_count++;
            }
        }
        PangoLayout *layout = pango_layout_new(p->context);
        pango_layout_set_font_description(layout, p->descriptions[s]);
        pango_layout_set_text(layout, l->labels[i].text, l->labels[i].length);
        PangoRectangle logical;
        pango_layout_get_pixel_extents(layout, NULL, &logical);
        sum += logical.width;
        g_object_unref(layout);
    }
    return sum;
}
