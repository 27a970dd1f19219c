/* The floor for Benchmarks/load-speed: reads each file named on standard input (one path a
 * line) whole, and pulls every libyaml event from it, doing nothing with them but counting.
 * This is the least any libyaml-based loader must do: read the bytes and parse them.
 * Prints "files events" and exits 1 at the first file that does not parse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    size_t capacity = 1 << 16, used = 0;
    unsigned char *bytes = malloc(capacity);
    size_t got;
    while ((got = fread(bytes + used, 1, capacity - used, file)) > 0) {
        used += got;
        if (used == capacity) bytes = realloc(bytes, capacity *= 2);
    }
    fclose(file);
    *size = used;
    return bytes;
}

int main(void) {
    char path[4096];
    long files = 0, events = 0;
    while (fgets(path, sizeof path, stdin)) {
        path[strcspn(path, "\n")] = 0;
        if (!*path) continue;
        size_t size;
        unsigned char *bytes = read_file(path, &size);
        if (!bytes) {
            fprintf(stderr, "%s: cannot read\n", path);
            return 1;
        }
        yaml_parser_t parser;
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_string(&parser, bytes, size);
        yaml_event_t event;
        int done = 0;
        while (!done) {
            if (!yaml_parser_parse(&parser, &event)) {
                fprintf(stderr, "%s: %s\n", path, parser.problem ? parser.problem : "parse error");
                return 1;
            }
            done = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            events++;
        }
        yaml_parser_delete(&parser);
        free(bytes);
        files++;
    }
    printf("%ld %ld\n", files, events);
    return 0;
}
