/* fuzz-util.h: what the fuzzing harnesses share.
 *
 * Every harness is a libFuzzer entry point, LLVMFuzzerTestOneInput, that
 * hands its bytes to one parser through the parser's public API and checks
 * what comes back. `make fuzz` links each with clang's libFuzzer; the
 * core suite's test-fuzz-replay links them all as plain code (each entry
 * point renamed ws_fuzz_NAME) and feeds them the seed corpus and the
 * regression inputs, so a crash found once stays tested without clang.
 */
#pragma once

#include <stdint.h>
#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

/* The libFuzzer entry point; the replay build renames it per harness. */
int          LLVMFuzzerTestOneInput (const uint8_t *data,
                                     size_t         size);

/* Once per process: critical messages (a g_return_if_fail that failed, a
 * precondition the parser broke) abort, so they count as crashes; the
 * warnings and messages a bad input may rightly cause are dropped, so the
 * fuzzer's output stays readable. */
void         ws_fuzz_init           (void);

/* A harness's own check: when cond is false, says what broke and aborts
 * (whatever NDEBUG says, unlike g_assert). */
#define ws_fuzz_check(cond, ...) \
  G_STMT_START { if (!(cond)) g_error (__VA_ARGS__); } G_STMT_END

/* A refusal must say why, in text a window can show: checks that error
 * is set, with a message that is not empty and is valid UTF-8. */
void         ws_fuzz_check_error    (const GError *error);

/* A path whose file holds exactly these bytes: a memfd, rewritten on each
 * call, so the parsers that take a path read it through their usual code
 * (the same path each time: the previous contents are gone). */
const char  *ws_fuzz_file           (const void *data,
                                     gsize       size);

/* A second such file, for a harness that needs two at once. */
const char  *ws_fuzz_file2          (const void *data,
                                     gsize       size);

/* A new empty folder, for parsers that read a fixed name in a folder
 * (run.ini), and its removal with what it holds. One per input: libFuzzer
 * ends without running atexit handlers, so a folder kept for the whole run
 * would be left behind by every run. */
char        *ws_fuzz_folder_new     (void);
void         ws_fuzz_folder_remove  (char       *folder);

/* /dev/null, for reports written to a FILE. */
FILE        *ws_fuzz_null           (void);

/* The bytes as a NUL-terminated string, cut at the first NUL byte: the
 * text a command-line argument or a GtkEntry could hold. */
char        *ws_fuzz_cstring        (const uint8_t *data,
                                     size_t         size);

G_END_DECLS
