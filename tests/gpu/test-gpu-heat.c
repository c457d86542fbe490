/* test-gpu-heat.c: the heat map's texels made on the device equal
 * ws_heat_fill's bit for bit, NaN texels included — int32 and float32
 * grids of every distribution, sides from 1 to 3001 that texels divide
 * evenly or not, with no mask, a mask that keeps every cell, and launch
 * masks with none, one, about half and all of the blocks run, over the
 * whole grid and over regions of it (a zoomed map's). Bad sizes
 * give WS_ERROR_INVALID_ARGUMENT, not a crash. Through an OpenGL texture
 * (GL_R32F, registered with CUDA) the texels read back from GL are the
 * same, the rest of a larger texture is left alone, and a fill that fails
 * leaves the texture unmapped for the next one. Skips without a GPU (and
 * the GL case without an NVIDIA EGL device). */
#include <epoxy/gl.h>
#include <string.h>

#include "gpu-test-util.h"
#include "ws-backend.h"
#include "ws-error.h"
#include "ws-gl-context.h"
#include "ws-heat.h"
#include "ws-interop.h"

static const WsDeviceOps *
device (void)
{
  return ws_backend_gpu ()->device;
}

/* How the GPU writes GL's textures (gl/ws-interop.h, cuda/engine). */
static const WsInterop *
interop (void)
{
  return ws_interop_for (ws_backend_gpu ());
}

/* One mask of the matrix: none (NULL) or m. */
typedef struct
{
  const char *name;
  gboolean    none;
  WsHeatMask  m;
} TestMask;

static const WsHeatMask *
mask_of (const TestMask *t)
{
  return t->none ? NULL : &t->m;
}

/* NULL, block_rows = 0, and blocks of BS = 8 rows × BS·K = 32 columns
 * (K = 4) with 0, 1, a middle count (half the rows of blocks and half of
 * the next row: a partial row of blocks) and all of them run. */
static guint
test_masks (guint64 side, TestMask masks[6])
{
  guint64 blocks_x = (side + 31) / 32, blocks_y = (side + 7) / 8;
  guint64 done[] = { 0, 1, (blocks_y / 2) * blocks_x + blocks_x / 2, blocks_x * blocks_y };
  const char *names[] = { "none run", "one run", "half run", "all run" };

  masks[0] = (TestMask) { "NULL", TRUE, { 0 } };
  masks[1] = (TestMask) { "every cell", FALSE, { 0, 32, 5 } };
  for (guint i = 0; i < G_N_ELEMENTS (done); i++)
    masks[2 + i] = (TestMask) { names[i], FALSE, { 8, 32, done[i] } };
  return 6;
}

/* The texel counts checked for a side: 1, 3, side, 512, 1024 where they
 * fit, without repeats. */
static guint
test_texels (guint64 side, guint texels[5])
{
  const guint64 wanted[] = { 1, 3, side, MIN (side, 512), MIN (side, 1024) };
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (wanted); i++)
    {
      gboolean seen = wanted[i] > side;
      for (guint j = 0; j < n; j++)
        seen = seen || texels[j] == wanted[i];
      if (!seen)
        texels[n++] = (guint) wanted[i];
    }
  return n;
}

/* memcmp of count texels, naming the first that differs before failing. */
static void
assert_same_texels (const float *got, const float *want, gsize count, const char *what)
{
  for (gsize i = 0; i < count; i++)
    {
      guint32 g, w;
      memcpy (&g, &got[i], sizeof g);
      memcpy (&w, &want[i], sizeof w);
      if (g != w)
        g_test_message ("%s: texel %" G_GSIZE_FORMAT " is %.9g (0x%08x), the host's %.9g (0x%08x)",
                        what, i, got[i], g, want[i], w);
      g_assert_cmphex (g, ==, w);
    }
}

/* A side × side grid of `type` and `dist` on the host and the device. */
static WsArray *
grid_on_device (WsKeyType type, WsDistribution dist, guint64 side, guint64 seed, gpointer *d_grid)
{
  WsArray *a = ws_test_generate (type, dist, side * side, seed);
  g_autoptr (GError) error = NULL;

  *d_grid = device ()->alloc (ws_array_bytes (a), &error);
  g_assert_no_error (error);
  g_assert_true (device ()->upload (*d_grid, a->data, ws_array_bytes (a), &error));
  g_assert_no_error (error);
  return a;
}

static void
check_fill (const WsArray *a, gconstpointer d_grid, guint64 side, const WsHeatRegion *region,
            const TestMask *mask, guint texels, gpointer d_out)
{
  gsize count = (gsize) texels * texels;
  g_autofree float *host = g_new (float, count);
  g_autofree float *gpu = g_new (float, count);
  g_autofree char *what = g_strdup_printf ("side %" G_GUINT64_FORMAT ", region span %"
                                           G_GUINT64_FORMAT ", %u texels, mask %s",
                                           side, region ? region->span : side, texels, mask->name);
  g_autoptr (GError) error = NULL;

  ws_heat_fill (a, side, region, mask_of (mask), texels, host);
  g_assert_true (device ()->heat_fill (a->type, d_grid, side, region, mask_of (mask), texels,
                                       d_out, &error));
  g_assert_no_error (error);
  g_assert_true (device ()->download (gpu, d_out, count * sizeof (float), &error));
  g_assert_no_error (error);
  assert_same_texels (gpu, host, count, what);
}

/* Regions a zoomed map takes: the middle third and the far corner, one
 * texel a cell and fewer, with no mask and the half-run one. */
static void
check_regions (const WsArray *a, gconstpointer d_grid, guint64 side, const TestMask *masks,
               guint n_masks, gpointer d_out)
{
  guint64 third = MAX (side / 3, 1);
  const WsHeatRegion regions[] = { { side / 3, side / 3, third }, { side - third, side - third, third } };

  for (guint g = 0; g < G_N_ELEMENTS (regions); g++)
    {
      guint fewer = (guint) MAX (third / 4, 1);
      check_fill (a, d_grid, side, &regions[g], &masks[0], (guint) MIN (third, 1024), d_out);
      check_fill (a, d_grid, side, &regions[g], &masks[n_masks - 2], fewer, d_out);
    }
}

static void
test_texels_equal (gconstpointer data)
{
  const WsTestCase *c = data;
  const guint64 sides[] = { 1, 2, 7, 64, 1000, 2048, 3001 };

  if (gpu_test_skip_without_device ())
    return;
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      TestMask masks[6];
      guint texels[5], n_masks = test_masks (sides[s], masks);
      guint n_texels = test_texels (sides[s], texels);
      gpointer d_grid, d_out = device ()->alloc (sides[s] * sides[s] * sizeof (float), NULL);
      g_autoptr (WsArray) a = grid_on_device (c->type, c->dist, sides[s], 11 + s, &d_grid);
      g_assert_nonnull (d_out);
      for (guint t = 0; t < n_texels; t++)
        for (guint m = 0; m < n_masks; m++)
          check_fill (a, d_grid, sides[s], NULL, &masks[m], texels[t], d_out);
      check_regions (a, d_grid, sides[s], masks, n_masks, d_out);
      device ()->release (d_grid), device ()->release (d_out);
    }
}

static void
assert_invalid (WsKeyType type, gconstpointer d_grid, guint64 side, const WsHeatRegion *region,
                const WsHeatMask *mask, guint texels, gpointer d_out)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (device ()->heat_fill (type, d_grid, side, region, mask, texels, d_out, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
}

/* Sizes the texels cannot have give an error, and the device works on. */
static void
test_bad_arguments (void)
{
  const WsHeatMask no_columns = { 8, 0, 3 };
  const TestMask all = { "NULL", TRUE, { 0 } };
  gpointer d_grid, d_out;
  g_autoptr (WsArray) a = NULL;

  if (gpu_test_skip_without_device ())
    return;
  a = grid_on_device (WS_KEY_FLOAT32, WS_DIST_UNIFORM, 7, 3, &d_grid);
  d_out = device ()->alloc (49 * sizeof (float), NULL);
  assert_invalid (a->type, d_grid, 7, NULL, NULL, 0, d_out);
  assert_invalid (a->type, d_grid, 7, NULL, NULL, 8, d_out);
  assert_invalid (a->type, d_grid, 0, NULL, NULL, 1, d_out);
  assert_invalid (a->type, d_grid, 7, NULL, &no_columns, 3, d_out);
  assert_invalid (a->type, NULL, 7, NULL, NULL, 3, d_out);
  assert_invalid (a->type, d_grid, 7, NULL, NULL, 3, NULL);
  assert_invalid (a->type, d_grid, 7, &(WsHeatRegion) { 5, 0, 3 }, NULL, 1, d_out);
  assert_invalid (a->type, d_grid, 7, &(WsHeatRegion) { 2, 2, 0 }, NULL, 1, d_out);
  assert_invalid (a->type, d_grid, 7, &(WsHeatRegion) { 2, 2, 3 }, NULL, 4, d_out);
  check_fill (a, d_grid, 7, NULL, &all, 3, d_out);
  check_fill (a, d_grid, 7, &(WsHeatRegion) { 4, 1, 3 }, &all, 3, d_out);
  device ()->release (d_grid), device ()->release (d_out);
}

/* Arguments are checked before the device is touched, so this runs
 * everywhere CUDA is built: the engine gets the error with its message
 * (an earlier backend read the CUDA error before the call had set it). */
static void
test_errors_reach_the_engine (void)
{
  g_autoptr (GError) error = NULL;
  int fake;

  g_assert_false (device ()->heat_fill (WS_KEY_FLOAT32, &fake, 7, NULL, NULL, 0, &fake, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "0 texels a side"));
}

/* ---- OpenGL textures ---- */

#define SENTINEL -12345.5f

/* A size × size GL_R32F texture, every texel SENTINEL. */
static GLuint
sentinel_texture (guint size)
{
  g_autofree float *fill = g_new (float, (gsize) size * size);
  GLuint texture;

  for (gsize i = 0; i < (gsize) size * size; i++)
    fill[i] = SENTINEL;
  glGenTextures (1, &texture);
  glBindTexture (GL_TEXTURE_2D, texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_R32F, (GLsizei) size, (GLsizei) size, 0, GL_RED, GL_FLOAT,
                fill);
  glBindTexture (GL_TEXTURE_2D, 0);
  g_assert_cmphex (glGetError (), ==, GL_NO_ERROR);
  return texture;
}

/* The texture's texels as GL sees them (row 0 first), through a
 * framebuffer it is attached to. */
static float *
read_texture (GLuint texture, guint size)
{
  float *texels = g_new (float, (gsize) size * size);
  GLint before;
  GLuint fbo;

  glGetIntegerv (GL_READ_FRAMEBUFFER_BINDING, &before);
  glGenFramebuffers (1, &fbo);
  glBindFramebuffer (GL_READ_FRAMEBUFFER, fbo);
  glFramebufferTexture2D (GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  g_assert_cmphex (glCheckFramebufferStatus (GL_READ_FRAMEBUFFER), ==, GL_FRAMEBUFFER_COMPLETE);
  glReadBuffer (GL_COLOR_ATTACHMENT0);
  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glReadPixels (0, 0, (GLsizei) size, (GLsizei) size, GL_RED, GL_FLOAT, texels);
  g_assert_cmphex (glGetError (), ==, GL_NO_ERROR);
  glBindFramebuffer (GL_READ_FRAMEBUFFER, (GLuint) before);
  glDeleteFramebuffers (1, &fbo);
  return texels;
}

/* The top-left texels × texels of the size × size texture are the host's;
 * the rest still SENTINEL. */
static void
assert_texture_holds (GLuint texture, guint size, const float *host, guint texels,
                      const char *what)
{
  g_autofree float *got = read_texture (texture, size);
  const float sentinel = SENTINEL;

  for (guint y = 0; y < size; y++)
    {
      guint keep = y < texels ? texels : 0;
      assert_same_texels (got + (gsize) y * size, host + (gsize) y * texels, keep, what);
      for (guint x = keep; x < size; x++)
        assert_same_texels (got + (gsize) y * size + x, &sentinel, 1, what);
    }
}

typedef struct
{
  guint64      side;
  guint        size; /* the texture's */
  guint        texels;
  WsHeatRegion region; /* span 0: the whole grid */
} ImageCase;

static void
check_image (const ImageCase *ic, WsKeyType type, const TestMask *mask)
{
  g_autoptr (GError) error = NULL;
  g_autofree float *host = g_new (float, (gsize) ic->texels * ic->texels);
  const WsHeatRegion *region = ic->region.span > 0 ? &ic->region : NULL;
  g_autofree char *what
      = g_strdup_printf ("image: side %" G_GUINT64_FORMAT ", region span %" G_GUINT64_FORMAT
                         ", %u texels in %u, mask %s", ic->side, ic->region.span, ic->texels,
                         ic->size, mask->name);
  gpointer d_grid, image;
  g_autoptr (WsArray) a = grid_on_device (type, WS_DIST_UNIFORM, ic->side, 21, &d_grid);
  GLuint texture = sentinel_texture (ic->size);

  image = interop ()->register_image (texture, &error);
  g_assert_no_error (error);
  g_assert_nonnull (image);
  ws_heat_fill (a, ic->side, region, mask_of (mask), ic->texels, host);
  g_assert_true (interop ()->heat_fill_image (image, type, d_grid, ic->side, region,
                                             mask_of (mask), ic->texels, &error));
  g_assert_no_error (error);
  assert_texture_holds (texture, ic->size, host, ic->texels, what);
  interop ()->unregister_image (image);
  glDeleteTextures (1, &texture);
  device ()->release (d_grid);
}

/* More texels than the texture holds: an error; the texture is unmapped
 * again, so the next fill of it works. */
static void
check_image_too_small (WsKeyType type)
{
  g_autoptr (GError) error = NULL;
  g_autofree float *host = g_new (float, 64 * 64);
  gpointer d_grid, image;
  g_autoptr (WsArray) a = grid_on_device (type, WS_DIST_UNIFORM, 100, 5, &d_grid);
  GLuint texture = sentinel_texture (64);

  image = interop ()->register_image (texture, &error);
  g_assert_no_error (error);
  g_assert_false (interop ()->heat_fill_image (image, type, d_grid, 100, NULL, NULL, 65, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_assert_false (interop ()->heat_fill_image (image, type, d_grid, 100, NULL, NULL, 0, &error));
  g_assert_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  ws_heat_fill (a, 100, NULL, NULL, 64, host);
  g_assert_true (interop ()->heat_fill_image (image, type, d_grid, 100, NULL, NULL, 64, &error));
  g_assert_no_error (error);
  assert_texture_holds (texture, 64, host, 64, "image after a failed fill");
  interop ()->unregister_image (image);
  interop ()->unregister_image (NULL);
  glDeleteTextures (1, &texture);
  device ()->release (d_grid);
}

static void
test_image (void)
{
  const ImageCase cases[] = { { 1, 1, 1 },         { 7, 7, 7 },         { 7, 7, 3 },
                              { 64, 64, 64 },      { 1000, 1000, 1000 }, { 1000, 1000, 512 },
                              { 3001, 1024, 1024 }, { 3001, 1024, 1000 },
                              { 3001, 512, 300, { 1000, 2200, 300 } },
                              { 3001, 512, 100, { 2501, 17, 500 } } };
  g_autoptr (WsGlContext) gl = NULL;

  if (gpu_test_skip_without_device ())
    return;
  if ((gl = ws_gl_context_new (NULL)) == NULL || !ws_gl_context_is_nvidia (gl))
    {
      g_test_skip ("no OpenGL context on an NVIDIA EGL device here");
      return;
    }
  g_test_message ("%s", ws_gl_context_describe (gl));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
      {
        TestMask masks[6];
        guint n_masks = test_masks (cases[i].side, masks);
        /* NULL, and the partly run launch mask (NaN texels below it). */
        check_image (&cases[i], ws_test_key_types[t], &masks[0]);
        check_image (&cases[i], ws_test_key_types[t], &masks[n_masks - 2]);
      }
  for (guint t = 0; t < G_N_ELEMENTS (ws_test_key_types); t++)
    check_image_too_small (ws_test_key_types[t]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ws_test_add_cases ("/gpu/heat/texels", WS_TEST_PER_DIST, 0, test_texels_equal);
  g_test_add_func ("/gpu/heat/bad-arguments", test_bad_arguments);
  g_test_add_func ("/gpu/heat/errors-reach-the-engine", test_errors_reach_the_engine);
  g_test_add_func ("/gpu/heat/image", test_image);
  return g_test_run ();
}
