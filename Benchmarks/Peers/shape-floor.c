// The HarfBuzz floor, alone, for instruction counts: hb_shape once per distinct label string, in first-seen order,
// set up as our shaper is (the font file fontconfig chose, OpenType functions, scale = units per em, Greek/grc or
// Latin/en by the same byte test as peers.c). All the shaping happens inside shape_distinct(), so
//
//   valgrind --tool=callgrind --toggle-collect=shape_distinct ./shape-floor LABELS_FILE
//
// counts the floor and nothing else (reading the file, sorting and HarfBuzz's set-up stay outside). LABELS_FILE is
// peers.c's format: a "#font<TAB>path<TAB>index" line, then "tier<TAB>points<TAB>text" per label
// (scripts/bench-shape-cache writes it from `interlinear typeset` JSON).
//
// Build: cc -O2 -o shape-floor shape-floor.c $(pkg-config --cflags --libs harfbuzz)
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { const char *text; int length; } label_t;

static hb_font_t *font;
static hb_buffer_t *buffer;
static hb_language_t greek, english;
static volatile long long sink;

static int compare_labels(const void *a, const void *b) {
    const label_t *x = a, *y = b;
    if (x->length != y->length) return x->length - y->length;
    return memcmp(x->text, y->text, x->length);
}

static const label_t *sort_labels;
static int compare_indices(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    int c = compare_labels(&sort_labels[i], &sort_labels[j]);
    return c ? c : i - j;
}

static void shape(const label_t *label) {
    int is_greek = 0;
    for (int i = 0; i < label->length; i++) {
        unsigned char c = (unsigned char)label->text[i];
        if (c == 0xCE || c == 0xCF || c == 0xE1) { is_greek = 1; break; }
    }
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, label->text, label->length, 0, label->length);
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, is_greek ? HB_SCRIPT_GREEK : HB_SCRIPT_LATIN);
    hb_buffer_set_language(buffer, is_greek ? greek : english);
    hb_shape(font, buffer, NULL, 0);
    unsigned int count = 0;
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    for (unsigned int i = 0; i < count; i++) sink += positions[i].x_advance;
}

// Not inlined: callgrind's --toggle-collect names it.
__attribute__((noinline)) void shape_distinct(const label_t *distinct, int count) {
    for (int i = 0; i < count; i++) shape(&distinct[i]);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: shape-floor LABELS_FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { fprintf(stderr, "shape-floor: cannot open %s\n", argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *data = malloc(size + 1);
    if (fread(data, 1, size, file) != (size_t)size) { fprintf(stderr, "shape-floor: cannot read %s\n", argv[1]); return 1; }
    data[size] = 0;
    fclose(file);

    char *line = data, *font_path = NULL;
    int font_index = 0, count = 0, capacity = 1 << 16;
    label_t *labels = malloc(sizeof(label_t) * capacity);
    while (line && *line) {
        char *end = strchr(line, '\n');
        if (end) *end = 0;
        if (strncmp(line, "#font\t", 6) == 0) {
            font_path = line + 6;
            char *tab = strchr(font_path, '\t');
            if (tab) { *tab = 0; font_index = atoi(tab + 1); }
        } else {
            char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
            if (t2) {
                if (count == capacity) labels = realloc(labels, sizeof(label_t) * (capacity *= 2));
                labels[count++] = (label_t){t2 + 1, (int)strlen(t2 + 1)};
            }
        }
        line = end ? end + 1 : NULL;
    }
    if (!font_path || count == 0) { fprintf(stderr, "shape-floor: %s has no #font line or no labels\n", argv[1]); return 1; }

    hb_blob_t *blob = hb_blob_create_from_file_or_fail(font_path);
    if (!blob) { fprintf(stderr, "shape-floor: cannot open font %s\n", font_path); return 1; }
    hb_face_t *face = hb_face_create(blob, font_index);
    font = hb_font_create(face);
    int upem = (int)hb_face_get_upem(face);
    hb_font_set_scale(font, upem, upem);
    buffer = hb_buffer_create();
    greek = hb_language_from_string("grc", -1);
    english = hb_language_from_string("en", -1);

    // Distinct strings in first-seen order (the order a cache meets them).
    int *order = malloc(sizeof(int) * count);
    for (int i = 0; i < count; i++) order[i] = i;
    sort_labels = labels;
    qsort(order, count, sizeof(int), compare_indices);
    char *first = calloc(count, 1);
    for (int i = 0; i < count; i++)
        if (i == 0 || compare_labels(&labels[order[i - 1]], &labels[order[i]]) != 0) first[order[i]] = 1;
    label_t *distinct = malloc(sizeof(label_t) * count);
    int distinct_count = 0;
    for (int i = 0; i < count; i++)
        if (first[i]) distinct[distinct_count++] = labels[i];

    // HarfBuzz sets up lazily (shaper plans, tables): one warm-up shaping of a string outside the measured call,
    // as our cache's font is loaded before it shapes.
    shape(&distinct[0]);
    shape_distinct(distinct, distinct_count);
    printf("{\"labels\": %d, \"distinctStrings\": %d}\n", count, distinct_count);
    return 0;
}
