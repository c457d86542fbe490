/* test-stencil-layout.c: study 001's launch geometry against places worked
 * by hand and against a simulation of the launch itself. */
#include <string.h>

#include "ws-heat.h"
#include "ws-stencil-layout.h"
#include "ws-test-util.h"

/* ---- Hand-worked places ---- */

typedef struct
{
  WsStencilShape shape;
  guint64        row, col;
  guint64        blocks_x, blocks_y;
  WsStencilPlace want;
} HandCase;

#define RECT(r0, r1, c0, c1) { (r0), (c0), (r1) - (r0) + 1, (c1) - (c0) + 1 }

static const HandCase hand[] = {
  /* N 64, R 2, BS 8, K 2: m = 60, a block covers 8 rows × 16 columns,
   * blocks 4 × 8. Output (30, 30): thread column 15 = block 1, thread 7;
   * row 30 = block 3, thread 6; launch 3·4 + 1 = 13. The block's outputs
   * rows 24-31, cols 16-31; their windows reach rows 24-35, cols 16-35. */
  { { 64, 2, 8, 2 }, 30, 30, 4, 8,
    { 1, 3, 7, 6, 13, RECT (30, 30, 30, 31), RECT (24, 31, 16, 31), RECT (30, 34, 30, 34),
      RECT (24, 35, 16, 35) } },
  /* The first output: block 0, thread 0, a full tile. */
  { { 64, 2, 8, 2 }, 0, 0, 4, 8,
    { 0, 0, 0, 0, 0, RECT (0, 0, 0, 1), RECT (0, 7, 0, 15), RECT (0, 4, 0, 4),
      RECT (0, 11, 0, 19) } },
  /* The last output (59, 59): thread column 29 = block 3, thread 5; row 59 =
   * block 7, thread 3; launch 7·4 + 3 = 31. The block is clipped to rows
   * 56-59 and cols 48-59 (60 is not a multiple of 8 or 16); its tile is
   * rows 56-63, cols 48-63, the input's corner. */
  { { 64, 2, 8, 2 }, 59, 59, 4, 8,
    { 3, 7, 5, 3, 31, RECT (59, 59, 58, 59), RECT (56, 59, 48, 59), RECT (59, 63, 59, 63),
      RECT (56, 63, 48, 63) } },
  /* N 19, R 1, BS 4, K 3: m = 17, blocks of 4 rows × 12 columns, 2 × 5.
   * Output (16, 16): thread column 5 = block 1, thread 1; row 16 = block 4,
   * thread 0; launch 4·2 + 1 = 9. The thread's 3 outputs (cols 15-17) are
   * clipped to 15-16, the block (rows 16-19, cols 12-23) to row 16,
   * cols 12-16; tile rows 16-18, cols 12-18. */
  { { 19, 1, 4, 3 }, 16, 16, 2, 5,
    { 1, 4, 1, 0, 9, RECT (16, 16, 15, 16), RECT (16, 16, 12, 16), RECT (16, 18, 16, 18),
      RECT (16, 18, 12, 18) } },
  /* Same shape, output (5, 13): thread column 4 = block 1, thread 0; row 5 =
   * block 1, thread 1; launch 1·2 + 1 = 3. Block rows 4-7, cols 12-16. */
  { { 19, 1, 4, 3 }, 5, 13, 2, 5,
    { 1, 1, 0, 1, 3, RECT (5, 5, 12, 14), RECT (4, 7, 12, 16), RECT (5, 7, 13, 15),
      RECT (4, 9, 12, 18) } },
  /* N 10, R 0, BS 3, K 1: m = 10, blocks 4 × 4. Output (4, 9): block (3, 1),
   * thread (0, 1), launch 1·4 + 3 = 7; the block's columns 9-11 are clipped
   * to 9; no halo: window the output itself, tile the block. */
  { { 10, 0, 3, 1 }, 4, 9, 4, 4,
    { 3, 1, 0, 1, 7, RECT (4, 4, 9, 9), RECT (3, 5, 9, 9), RECT (4, 4, 9, 9),
      RECT (3, 5, 9, 9) } },
  /* N 7, R 3, BS 1, K 1: a single output, a single thread, the whole input. */
  { { 7, 3, 1, 1 }, 0, 0, 1, 1,
    { 0, 0, 0, 0, 0, RECT (0, 0, 0, 0), RECT (0, 0, 0, 0), RECT (0, 6, 0, 6),
      RECT (0, 6, 0, 6) } },
};

static void
assert_rect (const char *what, const WsCellRect *got, const WsCellRect *want)
{
  if (memcmp (got, want, sizeof *got) != 0)
    g_error ("%s: rows %" G_GUINT64_FORMAT "+%" G_GUINT64_FORMAT ", cols %" G_GUINT64_FORMAT
             "+%" G_GUINT64_FORMAT "; want rows %" G_GUINT64_FORMAT "+%" G_GUINT64_FORMAT
             ", cols %" G_GUINT64_FORMAT "+%" G_GUINT64_FORMAT,
             what, got->row, got->rows, got->col, got->cols, want->row, want->rows, want->col,
             want->cols);
}

static void
test_hand (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (hand); i++)
    {
      const HandCase *h = &hand[i];
      WsStencilPlace p;
      guint64 bx, by;

      g_test_message ("case %u", i);
      g_assert_true (ws_stencil_shape_valid (&h->shape));
      g_assert_cmpuint (ws_stencil_outputs (&h->shape), ==,
                        h->shape.side - 2 * h->shape.radius);
      ws_stencil_blocks (&h->shape, &bx, &by);
      g_assert_cmpuint (bx, ==, h->blocks_x);
      g_assert_cmpuint (by, ==, h->blocks_y);
      memset (&p, 0xa5, sizeof p);
      ws_stencil_place (&h->shape, h->row, h->col, &p);
      g_assert_cmpuint (p.block_x, ==, h->want.block_x);
      g_assert_cmpuint (p.block_y, ==, h->want.block_y);
      g_assert_cmpuint (p.thread_x, ==, h->want.thread_x);
      g_assert_cmpuint (p.thread_y, ==, h->want.thread_y);
      g_assert_cmpuint (p.launch, ==, h->want.launch);
      assert_rect ("thread outputs", &p.thread_outputs, &h->want.thread_outputs);
      assert_rect ("block outputs", &p.block_outputs, &h->want.block_outputs);
      assert_rect ("window", &p.window, &h->want.window);
      assert_rect ("tile", &p.tile, &h->want.tile);
    }
}

static void
test_valid (void)
{
  const struct
  {
    WsStencilShape shape;
    gboolean       valid;
  } cases[] = {
    { { 0, 0, 1, 1 }, FALSE },  /* no input */
    { { 1, 0, 1, 1 }, TRUE },   /* one output */
    { { 4, 2, 8, 2 }, FALSE },  /* N = 2R: no output */
    { { 3, 2, 8, 2 }, FALSE },  /* N < 2R */
    { { 5, 2, 8, 2 }, TRUE },   /* N = 2R + 1 */
    { { 64, 2, 0, 2 }, FALSE }, /* BS 0 */
    { { 64, 2, 8, 0 }, FALSE }, /* K 0 */
    { { 64, 2, 0, 0 }, FALSE },
    { { 64, 2, 8, 2 }, TRUE },
    /* 2R computed in 64 bits: R = 2^31 needs N > 2^32. */
    { { G_GUINT64_CONSTANT (1) << 32, 1u << 31, 1, 1 }, FALSE },
    { { (G_GUINT64_CONSTANT (1) << 32) + 1, 1u << 31, 1, 1 }, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("case %u", i);
      g_assert_cmpint (ws_stencil_shape_valid (&cases[i].shape), ==, cases[i].valid);
    }
  g_assert_cmpuint (ws_stencil_outputs (&cases[10].shape), ==, 1);
}

/* ---- Brute force: the study's launch simulated thread by thread ---- */

/* A bounding box and how many cells were put in it. */
typedef struct
{
  guint64 r0, r1, c0, c1; /* inclusive */
  guint64 count;
} Box;

static void
box_init (Box *b)
{
  *b = (Box) { G_MAXUINT64, 0, G_MAXUINT64, 0, 0 };
}

static void
box_add (Box *b, guint64 r, guint64 c)
{
  b->r0 = MIN (b->r0, r), b->r1 = MAX (b->r1, r);
  b->c0 = MIN (b->c0, c), b->c1 = MAX (b->c1, c);
  b->count++;
}

/* The rectangle is exactly the box; with exact, exactly the cells put in
 * it (as many as it holds, and they were distinct). */
static gboolean
rect_is_box (const WsCellRect *r, const Box *b, gboolean exact)
{
  return b->count > 0 && r->row == b->r0 && r->rows == b->r1 - b->r0 + 1 && r->col == b->c0
         && r->cols == b->c1 - b->c0 + 1 && (!exact || r->rows * r->cols == b->count);
}

typedef struct
{
  guint64 m, gx, gy, threads_per_block;
  guint   bs;
  guint   *count;      /* per output: threads that computed it */
  guint64 *thread_of;  /* per output: the global thread that did */
  Box     *window;     /* per output: the inputs it read */
  Box     *thread_out; /* per thread: its outputs */
  Box     *block_out;  /* per block: its outputs */
  Box     *block_in;   /* per block: the inputs its outputs read */
} Launch;

/* What seed_kernel does for thread (tx, ty) of block (bx, by), with
 * blocks (ceil(m / (BS·K)), min(ceil(m / BS), 65535)) of BS × BS threads:
 * rows by·BS + ty, stepping by the grid's height, each K consecutive
 * outputs from column (bx·BS + tx)·K, stopping at m; each sums input rows
 * j … j + 2R, columns i … i + 2R. */
static void
run_thread (Launch *l, const WsStencilShape *s, guint64 bx, guint64 by, guint tx, guint ty)
{
  guint64 block = by * l->gx + bx, thread = block * l->threads_per_block + (guint64) ty * s->block + tx;
  guint64 i = ((guint64) tx + bx * s->block) * s->per_thread, span = 2 * (guint64) s->radius;

  for (guint64 j = ty + by * s->block; j < l->m; j += l->gy * s->block)
    for (guint k = 0; k < s->per_thread; k++)
      {
        guint64 ik = i + k, o = j * l->m + ik;
        if (ik >= l->m)
          break;
        l->count[o]++;
        l->thread_of[o] = thread;
        box_add (&l->thread_out[thread], j, ik);
        box_add (&l->block_out[block], j, ik);
        for (guint64 y = 0; y <= span; y++)
          for (guint64 x = 0; x <= span; x++)
            {
              g_assert_cmpuint (j + y, <, s->side);
              g_assert_cmpuint (ik + x, <, s->side);
              box_add (&l->window[o], j + y, ik + x);
              box_add (&l->block_in[block], j + y, ik + x);
            }
      }
}

static void
launch_run (Launch *l, const WsStencilShape *s)
{
  guint64 n_out, n_blocks, n_threads;

  l->m = s->side - 2 * (guint64) s->radius;
  l->bs = s->block;
  l->gx = (l->m + (guint64) s->block * s->per_thread - 1) / ((guint64) s->block * s->per_thread);
  l->gy = MIN ((l->m + s->block - 1) / s->block, 65535);
  l->threads_per_block = (guint64) s->block * s->block;
  n_out = l->m * l->m, n_blocks = l->gx * l->gy, n_threads = n_blocks * l->threads_per_block;
  l->count = g_new0 (guint, n_out);
  l->thread_of = g_new (guint64, n_out);
  l->window = g_new (Box, n_out);
  l->thread_out = g_new (Box, n_threads);
  l->block_out = g_new (Box, n_blocks);
  l->block_in = g_new (Box, n_blocks);
  for (guint64 o = 0; o < n_out; o++)
    box_init (&l->window[o]);
  for (guint64 t = 0; t < n_threads; t++)
    box_init (&l->thread_out[t]);
  for (guint64 b = 0; b < n_blocks; b++)
    box_init (&l->block_out[b]), box_init (&l->block_in[b]);
  for (guint64 by = 0; by < l->gy; by++)
    for (guint64 bx = 0; bx < l->gx; bx++)
      for (guint ty = 0; ty < s->block; ty++)
        for (guint tx = 0; tx < s->block; tx++)
          run_thread (l, s, bx, by, tx, ty);
}

static void
launch_clear (Launch *l)
{
  g_free (l->count);
  g_free (l->thread_of);
  g_free (l->window);
  g_free (l->thread_out);
  g_free (l->block_out);
  g_free (l->block_in);
}

/* The place of output (r, c) names the thread the launch gave it to, and
 * its rectangles are what that thread and block computed and read. */
static void
check_output (const Launch *l, const WsStencilShape *s, guint64 r, guint64 c)
{
  guint64 o = r * l->m + c, thread = l->thread_of[o];
  guint64 block = thread / l->threads_per_block, in_block = thread % l->threads_per_block;
  WsStencilPlace p;
  WsHeatMask mask = { s->block, (guint64) s->block * s->per_thread, 0 };

  g_assert_cmpuint (l->count[o], ==, 1);
  memset (&p, 0xa5, sizeof p);
  ws_stencil_place (s, r, c, &p);
  g_assert_cmpuint (p.block_x, ==, block % l->gx);
  g_assert_cmpuint (p.block_y, ==, block / l->gx);
  g_assert_cmpuint (p.thread_x, ==, in_block % l->bs);
  g_assert_cmpuint (p.thread_y, ==, in_block / l->bs);
  g_assert_cmpuint (p.launch, ==, block);
  g_assert_true (rect_is_box (&p.thread_outputs, &l->thread_out[thread], TRUE));
  g_assert_true (rect_is_box (&p.block_outputs, &l->block_out[block], TRUE));
  g_assert_true (rect_is_box (&p.window, &l->window[o], TRUE));
  g_assert_true (rect_is_box (&p.tile, &l->block_in[block], FALSE));
  /* The animation's mask on the output grid agrees: the output appears
   * when its block's launch index is passed, not before. */
  mask.done = p.launch;
  g_assert_cmpuint (ws_heat_row_done (&mask, l->m, r), <=, c);
  mask.done = p.launch + 1;
  g_assert_cmpuint (ws_heat_row_done (&mask, l->m, r), >, c);
}

static void
check_shape (const WsStencilShape *s)
{
  Launch l;
  guint64 bx, by;

  launch_run (&l, s);
  ws_stencil_blocks (s, &bx, &by);
  g_assert_cmpuint (bx, ==, l.gx);
  g_assert_cmpuint (by, ==, l.gy);
  /* The grid is no larger than it must be: every block computes. */
  for (guint64 b = 0; b < l.gx * l.gy; b++)
    g_assert_cmpuint (l.block_out[b].count, >, 0);
  for (guint64 r = 0; r < l.m; r++)
    for (guint64 c = 0; c < l.m; c++)
      check_output (&l, s, r, c);
  launch_clear (&l);
}

static void
test_launch (void)
{
  const guint radii[] = { 0, 1, 3 }, blocks[] = { 1, 2, 3, 8 }, per_thread[] = { 1, 2, 5 };
  guint shapes = 0;

  for (guint64 side = 1; side <= 40; side++)
    for (guint r = 0; r < G_N_ELEMENTS (radii); r++)
      for (guint b = 0; b < G_N_ELEMENTS (blocks); b++)
        for (guint k = 0; k < G_N_ELEMENTS (per_thread); k++)
          {
            WsStencilShape s = { side, radii[r], blocks[b], per_thread[k] };

            if (side <= 2 * (guint64) radii[r])
              {
                g_assert_false (ws_stencil_shape_valid (&s));
                continue;
              }
            g_assert_true (ws_stencil_shape_valid (&s));
            check_shape (&s);
            shapes++;
          }
  g_test_message ("%u shapes", shapes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stencil-layout/hand", test_hand);
  g_test_add_func ("/stencil-layout/valid", test_valid);
  g_test_add_func ("/stencil-layout/launch", test_launch);
  return g_test_run ();
}
