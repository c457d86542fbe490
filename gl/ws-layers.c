/* ws-layers.c: Cairo layers as textures (see ws-layers.h). */
#include "ws-layers.h"

#include "ws-gl-program.h"

typedef struct
{
  GLuint texture;
  char  *key;
  int    width, height;
} Layer;

struct _WsLayers
{
  GLuint      program;
  GLuint      vertex_array;
  GHashTable *layers; /* name → Layer */
};

static void
layer_free (gpointer data)
{
  Layer *l = data;

  glDeleteTextures (1, &l->texture);
  g_free (l->key);
  g_free (l);
}

WsLayers *
ws_layers_new (GError **error)
{
  g_autoptr (WsLayers) l = g_new0 (WsLayers, 1);

  l->layers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, layer_free);
  if ((l->program = ws_gl_program_link ("fullscreen.vert", "image.frag", error)) == 0)
    return NULL;
  glGenVertexArrays (1, &l->vertex_array);
  return g_steal_pointer (&l);
}

void
ws_layers_free (WsLayers *l)
{
  if (l == NULL)
    return;
  g_clear_pointer (&l->layers, g_hash_table_unref);
  glDeleteProgram (l->program);
  glDeleteVertexArrays (1, &l->vertex_array);
  g_free (l);
}

/* Paints into a fresh Cairo image and copies it into the texture. */
static void
repaint (Layer *layer, int width, int height, WsLayerPaint paint, gconstpointer data)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (image);

  paint (cr, width, height, data);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  glBindTexture (GL_TEXTURE_2D, layer->texture);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, cairo_image_surface_get_stride (image) / 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                cairo_image_surface_get_data (image));
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
  cairo_surface_destroy (image);
  layer->width = width, layer->height = height;
}

static Layer *
lookup (WsLayers *l, const char *name)
{
  Layer *layer = g_hash_table_lookup (l->layers, name);

  if (layer != NULL)
    return layer;
  layer = g_new0 (Layer, 1);
  glGenTextures (1, &layer->texture);
  glBindTexture (GL_TEXTURE_2D, layer->texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  g_hash_table_insert (l->layers, g_strdup (name), layer);
  return layer;
}

void
ws_layers_draw (WsLayers *l, const char *name, const char *key, int x, int y, int width,
                int height, WsLayerPaint paint, gconstpointer data, int viewport_width,
                int viewport_height)
{
  Layer *layer = lookup (l, name);
  int bottom = viewport_height - y - height;

  if (width <= 0 || height <= 0)
    return;
  if (g_strcmp0 (layer->key, key) != 0 || layer->width != width || layer->height != height)
    {
      repaint (layer, width, height, paint, data);
      g_free (layer->key);
      layer->key = g_strdup (key);
    }
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glEnable (GL_SCISSOR_TEST);
  glScissor (x, bottom, width, height);
  glUseProgram (l->program);
  glUniform1i (glGetUniformLocation (l->program, "u_image"), 0);
  glUniform2f (glGetUniformLocation (l->program, "u_origin"), (GLfloat) x, (GLfloat) bottom);
  glUniform1i (glGetUniformLocation (l->program, "u_height"), height);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, layer->texture);
  glBindVertexArray (l->vertex_array);
  glDrawArrays (GL_TRIANGLES, 0, 3);
  glBindVertexArray (0);
  glDisable (GL_SCISSOR_TEST);
  glDisable (GL_BLEND);
}
