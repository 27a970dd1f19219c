// The do-nothing driver: speaks protocol v1 (docs/protocol.md) and does nothing else, as fast
// as a driver can. `authspec bench` measures authspec against it: the driver alone, fed the
// same requests, is the yardstick for what authspec itself costs per input step.
//
// It declares every input of the unlock model and no observation key, so every scenario runs
// to its end and passes with nothing checked. Each input reply carries one fixed observations
// object, the size and shape of a real driver's, so authspec decodes and keeps as much per
// step as it does with a real driver. `--empty` sends `"observations":{}` instead.
// `--delay-ms N` answers each input N ms late, as a driver backed by an emulator or a device
// would (Benchmarks/jobs-speedup); the replies before it are sent first.
//
// Requests are read a chunk at a time; the replies to every whole line in the chunk are
// written together before the next read, so each reply is flushed before the driver waits.

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char hello_tail[] =
    ",\"ok\":true,\"protocol\":1,"
    "\"implementation\":{\"name\":\"do-nothing\",\"version\":\"1\",\"language\":\"c\"},"
    "\"capabilities\":{\"inputs\":[\"launch\",\"kill\",\"background\",\"foreground\",\"advance\","
    "\"biometric\",\"biometric_error\",\"digit\",\"delete\",\"clear\",\"tap\",\"login_completed\","
    "\"enrolment_changed\",\"enable_biometrics\",\"clock_forward\",\"clock_back\",\"platform_lockout_ended\"],\"observations\":[]}}\n";
static const char ok_tail[] = ",\"ok\":true}\n";
static const char input_tail[] =
    ",\"ok\":true,\"observations\":{\"state\":\"PINInput\",\"states\":[\"PINInput\"],\"navigation\":null,"
    "\"pin_entered\":0,\"pin_attempts_left\":5,\"bio_attempts_left\":3,\"lock_remaining\":null,"
    "\"countdown\":null,\"message\":null,\"announcements\":[\"Usa tu PIN para desbloquear\"],"
    "\"events\":[{\"name\":\"biometric_to_pin\",\"params\":{\"reason\":\"cancelled\"}}]}}\n";
static const char empty_input_tail[] = ",\"ok\":true,\"observations\":{}}\n";
static const char unsupported_tail[] =
    ",\"ok\":false,\"error\":{\"kind\":\"unsupported\",\"message\":\"the do-nothing driver does not know this request\"}}\n";

static char *out;
static size_t out_used, out_size;

static void flush_out(void) {
    size_t done = 0;
    while (done < out_used) {
        ssize_t written = write(1, out + done, out_used - done);
        if (written < 0) {
            if (errno == EINTR) continue;
            exit(1);
        }
        done += (size_t)written;
    }
    out_used = 0;
}

static void put(const char *bytes, size_t count) {
    if (out_used + count > out_size) {
        flush_out();
        if (count > out_size) {
            out_size = count;
            out = realloc(out, out_size);
            if (!out) exit(1);
        }
    }
    memcpy(out + out_used, bytes, count);
    out_used += count;
}

// The top-level "id" (its number, as written) and "type" (its word) of one request line; a
// small scanner that follows strings and nesting so that keys inside values are not taken.
static void read_request(const char *line, const char *end, const char **id, size_t *id_length, const char **type,
                         size_t *type_length) {
    int depth = 0;
    const char *cursor = line;
    *id = NULL;
    *type = NULL;
    while (cursor < end) {
        char c = *cursor;
        if (c == '"') {
            const char *start = ++cursor;
            while (cursor < end && *cursor != '"') cursor += (*cursor == '\\') ? 2 : 1;
            if (cursor >= end) return;
            const char *stop = cursor++;
            if (depth != 1) continue;
            while (cursor < end && (*cursor == ' ' || *cursor == '\t')) cursor++;
            if (cursor >= end || *cursor != ':') continue;  // a value, not a key
            cursor++;
            while (cursor < end && (*cursor == ' ' || *cursor == '\t')) cursor++;
            size_t key_length = (size_t)(stop - start);
            if (key_length == 2 && memcmp(start, "id", 2) == 0) {
                const char *number = cursor;
                while (cursor < end && (*cursor == '-' || (*cursor >= '0' && *cursor <= '9'))) cursor++;
                *id = number;
                *id_length = (size_t)(cursor - number);
            } else if (key_length == 4 && memcmp(start, "type", 4) == 0 && cursor < end && *cursor == '"') {
                const char *word = ++cursor;
                while (cursor < end && *cursor != '"' && *cursor != '\\') cursor++;
                *type = word;
                *type_length = (size_t)(cursor - word);
            }
            continue;
        }
        if (c == '{' || c == '[') depth++;
        else if (c == '}' || c == ']') depth--;
        cursor++;
    }
}

static int is(const char *word, size_t length, const char *expected) {
    return word && length == strlen(expected) && memcmp(word, expected, length) == 0;
}

int main(int argc, char **argv) {
    int empty = 0;
    long delay_ms = 0;
    for (int index = 1; index < argc; index++) {
        if (strcmp(argv[index], "--empty") == 0) empty = 1;
        else if (strcmp(argv[index], "--delay-ms") == 0 && index + 1 < argc) delay_ms = atol(argv[++index]);
    }
    const char *input_reply = empty ? empty_input_tail : input_tail;
    size_t input_reply_length = empty ? sizeof empty_input_tail - 1 : sizeof input_tail - 1;
    out_size = 1 << 16;
    out = malloc(out_size);
    size_t size = 1 << 16, used = 0;
    char *buffer = malloc(size);
    if (!out || !buffer) return 1;
    for (;;) {
        if (used == size) {
            size *= 2;
            buffer = realloc(buffer, size);
            if (!buffer) return 1;
        }
        ssize_t count = read(0, buffer + used, size - used);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        used += (size_t)count;
        char *line = buffer, *end = buffer + used, *newline;
        int bye = 0;
        while (!bye && (newline = memchr(line, '\n', (size_t)(end - line)))) {
            const char *id, *type;
            size_t id_length = 0, type_length = 0;
            read_request(line, newline, &id, &id_length, &type, &type_length);
            put("{\"id\":", 6);
            if (id && id_length) put(id, id_length);
            else put("-1", 2);
            if (is(type, type_length, "input")) {
                if (delay_ms > 0) {
                    flush_out();
                    struct timespec pause = {delay_ms / 1000, (delay_ms % 1000) * 1000000};
                    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {}
                }
                put(input_reply, input_reply_length);
            }
            else if (is(type, type_length, "hello")) put(hello_tail, sizeof hello_tail - 1);
            else if (is(type, type_length, "start") || is(type, type_length, "reset")) put(ok_tail, sizeof ok_tail - 1);
            else if (is(type, type_length, "bye")) {
                put(ok_tail, sizeof ok_tail - 1);
                bye = 1;
            } else put(unsupported_tail, sizeof unsupported_tail - 1);
            line = newline + 1;
        }
        flush_out();
        if (bye) return 0;
        used = (size_t)(end - line);
        memmove(buffer, line, used);
    }
    flush_out();
    return 0;
}
