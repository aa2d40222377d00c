// Peers for `interlinear bench`: what a Linux developer would otherwise do with the exact label strings our
// typesetter emits (written by `interlinear bench REF --labels-out FILE`: a "#font<TAB>path<TAB>index" line, then
// "tier<TAB>points<TAB>text" per label).
//
//   pango    one PangoLayout per label, created, measured (pango_layout_get_pixel_extents) and freed;
//   hb       hb_shape once per label, no cache (one hb_font and hb_buffer reused);
//   floor    hb_shape once per distinct string: the least any shaping typesetter can do.
//
// HarfBuzz is set up exactly as ours (the font file fontconfig chose, OpenType functions, scale = units per em,
// Greek/grc or Latin/en by the same byte test). Prints one JSON object of medians over --rounds. Heap allocations
// are counted when ordo-one's malloc-interposer is preloaded (LD_PRELOAD), found with dlsym.
//
// Build: cc -O2 -o peers peers.c $(pkg-config --cflags --libs pangoft2 harfbuzz fontconfig) -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <hb.h>
#include <pango/pangoft2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct { const char *text; int length; float points; } label_t;

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int compare_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *values, int count) {
    qsort(values, count, sizeof(double), compare_double);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static int compare_labels(const void *a, const void *b) {
    const label_t *x = a, *y = b;
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

// malloc-interposer, when preloaded.
typedef void (*toggle_fn)(void);
typedef void (*stats_fn)(int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *);
static toggle_fn counter_enable, counter_disable, counter_reset;
static stats_fn counter_stats;

static void counter_start(void) {
    if (!counter_stats) return;
    counter_reset();
    counter_enable();
}

static long long counter_stop(void) {
    if (!counter_stats) return -1;
    counter_disable();
    int64_t count = 0, bytes = 0, small = 0, large = 0, frees = 0, freed = 0;
    counter_stats(&count, &bytes, &small, &large, &frees, &freed);
    return count;
}

static hb_font_t *font;
static hb_buffer_t *buffer;
static hb_language_t greek, english;
static volatile double sink;
static int notdef_strings;  // strings with a glyph the font lacks (our cache re-shapes those with fallback fonts)

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
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, NULL);
    hb_position_t advance = 0;
    int notdef = 0;
    for (unsigned int i = 0; i < count; i++) {
        advance += positions[i].x_advance;
        notdef |= infos[i].codepoint == 0;
    }
    notdef_strings += notdef;
    sink += advance;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: peers LABELS_FILE [ROUNDS] [FAMILY]\n");
        return 2;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    const char *family = argc > 3 ? argv[3] : "Gentium Plus";
    if (rounds < 1) rounds = 1;
    // PEERS_NO_PANGO=1 skips Pango (used for the allocation-counting run: Pango/fontconfig and a preloaded
    // malloc interposer corrupt each other's heap).
    int with_pango = getenv("PEERS_NO_PANGO") == NULL;

    FILE *file = fopen(argv[1], "rb");
    if (!file) { fprintf(stderr, "peers: cannot open %s\n", argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *data = malloc(size + 1);
    if (fread(data, 1, size, file) != (size_t)size) { fprintf(stderr, "peers: cannot read %s\n", argv[1]); return 1; }
    data[size] = 0;
    fclose(file);

    // Parse: the font line, then one label per line (fields split in place).
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
                labels[count++] = (label_t){t2 + 1, (int)strlen(t2 + 1), strtof(t1 + 1, NULL)};
            }
        }
        line = end ? end + 1 : NULL;
    }
    if (!font_path || count == 0) { fprintf(stderr, "peers: %s has no #font line or no labels\n", argv[1]); return 1; }

    counter_enable = (toggle_fn)dlsym(RTLD_DEFAULT, "malloc_interposer_enable");
    counter_disable = (toggle_fn)dlsym(RTLD_DEFAULT, "malloc_interposer_disable");
    counter_reset = (toggle_fn)dlsym(RTLD_DEFAULT, "malloc_interposer_reset");
    counter_stats = (stats_fn)dlsym(RTLD_DEFAULT, "malloc_interposer_get_stats");
    if (!counter_enable || !counter_disable || !counter_reset) counter_stats = NULL;

    hb_blob_t *blob = hb_blob_create_from_file_or_fail(font_path);
    if (!blob) { fprintf(stderr, "peers: cannot open font %s\n", font_path); return 1; }
    hb_face_t *face = hb_face_create(blob, font_index);
    font = hb_font_create(face);
    int upem = (int)hb_face_get_upem(face);
    hb_font_set_scale(font, upem, upem);
    buffer = hb_buffer_create();
    greek = hb_language_from_string("grc", -1);
    english = hb_language_from_string("en", -1);

    // Distinct strings in first-seen order (the order a cache meets them): sort indices by content, keep the
    // first index of each group, then walk the labels in order.
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

    PangoContext *context = with_pango ? pango_font_map_create_context(pango_ft2_font_map_new()) : NULL;
    // One description per point size, made up front (an app would keep them too).
    float sizes[8];
    PangoFontDescription *descriptions[8];
    int size_count = 0;

    double *pango_ns = malloc(sizeof(double) * rounds), *hb_ns = malloc(sizeof(double) * rounds),
           *floor_ns = malloc(sizeof(double) * rounds);
    long long pango_allocations = -1, hb_allocations = -1, floor_allocations = -1;
    // Round 0 warms fonts and caches and is not measured.
    for (int round = -1; round < rounds; round++) {
        counter_start();
        double start = now_ns();
        for (int i = 0; with_pango && i < count; i++) {
            int s = 0;
            while (s < size_count && sizes[s] != labels[i].points) s++;
            if (s == size_count && size_count < 8) {
                sizes[s] = labels[i].points;
                descriptions[s] = pango_font_description_from_string(family);
                pango_font_description_set_absolute_size(descriptions[s], labels[i].points * PANGO_SCALE);
                size_count++;
            }
            PangoLayout *layout = pango_layout_new(context);
            pango_layout_set_font_description(layout, descriptions[s < 8 ? s : 0]);
            pango_layout_set_text(layout, labels[i].text, labels[i].length);
            PangoRectangle logical;
            pango_layout_get_pixel_extents(layout, NULL, &logical);
            sink += logical.width;
            g_object_unref(layout);
        }
        double pango = now_ns() - start;
        long long pango_count = counter_stop();

        counter_start();
        start = now_ns();
        for (int i = 0; i < count; i++) shape(&labels[i]);
        double hb = now_ns() - start;
        long long hb_count = counter_stop();

        counter_start();
        notdef_strings = 0;
        start = now_ns();
        for (int i = 0; i < distinct_count; i++) shape(&distinct[i]);
        double floor = now_ns() - start;
        long long floor_count = counter_stop();

        if (round >= 0) {
            pango_ns[round] = pango;
            hb_ns[round] = hb;
            floor_ns[round] = floor;
            pango_allocations = pango_count;
            hb_allocations = hb_count;
            floor_allocations = floor_count;
        }
    }
    double pango = median(pango_ns, rounds), hb = median(hb_ns, rounds), floor = median(floor_ns, rounds);
    char pango_a[32] = "null", hb_a[32] = "null", floor_a[32] = "null";
    if (pango_allocations >= 0 && with_pango) snprintf(pango_a, sizeof pango_a, "%.3f", (double)pango_allocations / count);
    if (hb_allocations >= 0) snprintf(hb_a, sizeof hb_a, "%.3f", (double)hb_allocations / count);
    if (floor_allocations >= 0) snprintf(floor_a, sizeof floor_a, "%lld", floor_allocations);
    if (!with_pango) pango = 0;
    printf("{\"labels\": %d, \"distinctStrings\": %d, \"rounds\": %d, "
           "\"pangoMs\": %.4f, \"pangoNsPerLabel\": %.2f, "
           "\"hbPerLabelMs\": %.4f, \"hbPerLabelNsPerLabel\": %.2f, "
           "\"floorMs\": %.4f, \"floorNsPerLabel\": %.2f, "
           "\"pangoAllocationsPerLabel\": %s, \"hbAllocationsPerLabel\": %s, \"floorAllocations\": %s, \"notdefStrings\": %d}\n",
           count, distinct_count, rounds, pango / 1e6, pango / count, hb / 1e6, hb / count, floor / 1e6,
           floor / count, pango_a, hb_a, floor_a, notdef_strings);
    // Leave without running library destructors: Pango's fontconfig thread and a preloaded malloc interposer
    // can disagree about blocks freed at exit.
    fflush(stdout);
    _exit(0);
}
