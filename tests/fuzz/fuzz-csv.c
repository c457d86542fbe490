/* fuzz-csv.c: CSV tables (result.csv read by `plot`, `bench --resume`, the
 * app's Open Results), through ws_csv_table_read and its lenient twin.
 *
 * Checked beyond not crashing: every row is as wide as the header, rows
 * keep their lines in order, the lenient reader differs from the strict
 * one only by a last row cut short, and what was read, written back with
 * ws_csv_record, reads back the same (RFC 4180 quoting both ways).
 *
 * The reader takes files in chunks of 64 KiB, far beyond what libFuzzer's
 * inputs reach, so for about half of them (the last byte decides) the
 * file is read again with its first header field made longer by enough
 * bytes to put a chunk's end at a point inside the input that the input
 * picks: it must read the same, but for that one name.
 */
#include <math.h>
#include <string.h>

#include "fuzz-util.h"
#include "ws-csv.h"

static void
check_shape (const WsCsvTable *t)
{
  guint width = g_strv_length (t->header);

  ws_fuzz_check (width > 0, "a table without columns");
  ws_fuzz_check (t->lines->len == t->rows->len, "%u lines for %u rows", t->lines->len,
                 t->rows->len);
  for (guint r = 0; r < t->rows->len; r++)
    {
      guint line = g_array_index (t->lines, guint, r);

      ws_fuzz_check (g_strv_length (g_ptr_array_index (t->rows, r)) == width,
                     "row %u is not as wide as the header", r);
      ws_fuzz_check (line >= 2 && (r == 0 || line > g_array_index (t->lines, guint, r - 1)),
                     "row %u says it is on line %u", r, line);
    }
}

static gboolean
same_row (GStrv a,
          GStrv b)
{
  return g_strv_equal ((const char *const *) a, (const char *const *) b);
}

static void
check_round_trip (const WsCsvTable *t)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) again = NULL;

  for (guint r = 0; r <= t->rows->len; r++)
    {
      g_autofree char *line = ws_csv_record (r == 0 ? (const char *const *) t->header
                                                    : g_ptr_array_index (t->rows, r - 1));
      g_string_append (text, line);
    }
  again = ws_csv_table_read (ws_fuzz_file2 (text->str, text->len), &error);
  ws_fuzz_check (again != NULL, "a table written back does not read: %s", error->message);
  ws_fuzz_check (same_row (t->header, again->header) && t->rows->len == again->rows->len,
                 "a table written back reads differently");
  for (guint r = 0; r < t->rows->len; r++)
    ws_fuzz_check (same_row (g_ptr_array_index (t->rows, r), g_ptr_array_index (again->rows, r)),
                   "row %u written back reads differently", r);
}

#define CHUNK_BYTES 65536 /* ws-csv.c's CHUNK: a reader's refill */

/* A first header field that padding cannot change the meaning of: not
 * quoted (a quote opens a field only at its first byte), not after a
 * dropped \r, not a byte order mark (skipped only at the file's start). */
static gboolean
can_pad (const uint8_t *data,
         size_t         size)
{
  return size >= 2 && (data[size - 1] & 1) && data[0] != '"' && data[0] != '\r'
         && data[0] != 0xEF;
}

static void
check_chunk_end (const uint8_t    *data,
                 size_t            size,
                 const WsCsvTable *t)
{
  gsize at = (size * 7 + data[size - 1]) % size; /* where in data a chunk ends */
  gsize pad = CHUNK_BYTES - at;
  g_autofree char *text = g_malloc (pad + size);
  g_autofree char *first = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (WsCsvTable) again = NULL;
  guint width = g_strv_length (t->header);

  memset (text, 'x', pad);
  memcpy (text + pad, data, size);
  again = ws_csv_table_read (ws_fuzz_file2 (text, pad + size), &error);
  ws_fuzz_check (again != NULL, "with a chunk's end %zu bytes in, the table does not read: %s",
                 at, error->message);
  first = g_strdup_printf ("%.*s%s", (int) pad, text, t->header[0]);
  ws_fuzz_check (g_strv_length (again->header) == width && g_str_equal (again->header[0], first)
                 && g_strv_equal ((const char *const *) again->header + 1,
                                  (const char *const *) t->header + 1),
                 "with a chunk's end %zu bytes in, the header reads differently", at);
  ws_fuzz_check (again->rows->len == t->rows->len, "with a chunk's end %zu bytes in, %u rows "
                 "instead of %u", at, again->rows->len, t->rows->len);
  for (guint r = 0; r < t->rows->len; r++)
    ws_fuzz_check (same_row (g_ptr_array_index (t->rows, r), g_ptr_array_index (again->rows, r))
                   && g_array_index (t->lines, guint, r) == g_array_index (again->lines, guint, r),
                   "with a chunk's end %zu bytes in, row %u reads differently", at, r);
}

/* Every field as a number, the way the reports read them. */
static void
read_numbers (const WsCsvTable *t)
{
  for (guint r = 0; r < MIN (t->rows->len, 16); r++)
    for (guint c = 0; t->header[c] != NULL; c++)
      {
        double v;

        if (ws_csv_table_number (t, r, t->header[c], &v))
          ws_fuzz_check (isfinite (v), "a number that is not finite");
      }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) lenient_error = NULL;
  g_autoptr (WsCsvTable) strict = NULL;
  g_autoptr (WsCsvTable) lenient = NULL;
  const char *path;
  gboolean dropped = FALSE;

  ws_fuzz_init ();
  path = ws_fuzz_file (data, size);
  strict = ws_csv_table_read (path, &error);
  lenient = ws_csv_table_read_lenient (path, &dropped, &lenient_error);
  ws_fuzz_check ((strict != NULL) == (error == NULL)
                 && (lenient != NULL) == (lenient_error == NULL),
                 "a table and an error at once, or neither");
  if (lenient != NULL)
    check_shape (lenient);
  else
    ws_fuzz_check_error (lenient_error);
  if (strict == NULL)
    {
      ws_fuzz_check_error (error);
      return 0;
    }
  check_shape (strict);
  ws_fuzz_check (lenient != NULL, "the lenient reader refuses what the strict one takes: %s",
                 lenient_error->message);
  ws_fuzz_check (strict->rows->len == lenient->rows->len + (dropped ? 1 : 0),
                 "strict %u rows, lenient %u rows%s", strict->rows->len, lenient->rows->len,
                 dropped ? " and one dropped" : "");
  for (guint r = 0; r < lenient->rows->len; r++)
    ws_fuzz_check (same_row (g_ptr_array_index (strict->rows, r),
                             g_ptr_array_index (lenient->rows, r)),
                   "row %u reads differently when lenient", r);
  read_numbers (strict);
  /* Known: a first column whose name starts with a byte order mark loses
   * it when written back, as the reader skips one there; not worth quoting
   * for (docs/reliability.md). */
  if (!g_str_has_prefix (strict->header[0], "\xEF\xBB\xBF"))
    check_round_trip (strict);
  if (can_pad (data, size))
    check_chunk_end (data, size, strict);
  return 0;
}
