// heat.frag: the heat-map view. Each texel of u_cells holds the mean of
// the grid cells it covers (NaN where none has been computed yet); the
// colour map turns it into a colour over [vmin, vmax]. Lines show study
// 001's launch: the blocks, and inside them each thread's K outputs once
// the cells are big enough to see. Drawn inside a scissor box: the map.
uniform sampler2D u_cells;      // texels × texels, R32F
uniform sampler2D u_colormap;   // 256 × 1, the perceptual colour map
uniform int u_texels;
uniform float u_side;           // grid cells a side
uniform vec3 u_map;             // left, bottom and side of the map, window pixels
uniform vec2 u_range;           // vmin, vmax
uniform vec2 u_blocks;          // block columns and rows in cells, 0: no lines
uniform float u_thread_cols;    // K, 0: no thread lines
uniform float u_scale;          // device pixels per logical pixel

out vec4 frag_color;

const vec3 pending = vec3 (0.16, 0.17, 0.20);
const vec3 line = vec3 (0.93, 0.94, 0.96);

// TRUE when cells [c0, c1) hold a multiple of `every` strictly inside the
// grid: a boundary between two blocks (or threads) runs through the pixel.
bool
crosses (float c0, float c1, float every)
{
  if (every <= 0.0)
    return false;
  float k = ceil (c0 / every) * every;
  return k > 0.0 && k < u_side && k < c1;
}

void
main ()
{
  vec2 p = gl_FragCoord.xy - u_map.xy;
  // Whole pixels from the map's top-left corner (rows grow downwards).
  vec2 pixel = floor (vec2 (p.x, u_map.z - p.y));
  float per_pixel = u_side / u_map.z;
  vec2 c0 = pixel * per_pixel, c1 = (pixel + 1.0) * per_pixel;
  ivec2 t = clamp (ivec2 ((pixel + 0.5) * float (u_texels) / u_map.z), ivec2 (0),
                   ivec2 (u_texels - 1));
  float v = texelFetch (u_cells, t, 0).r;
  vec3 c;

  if (isnan (v))
    // Not computed yet: a dark hatch, so it cannot pass for a low value.
    c = mod (pixel.x + pixel.y, 8.0 * u_scale) < 2.0 * u_scale ? pending * 1.6 : pending;
  else
    c = texture (u_colormap, vec2 (clamp ((v - u_range.x) / (u_range.y - u_range.x), 0.0, 1.0),
                                   0.5)).rgb;
  float cell_pixels = 1.0 / per_pixel;
  bool thread_line = crosses (c0.x, c1.x, u_thread_cols)
                     || (u_thread_cols > 0.0 && crosses (c0.y, c1.y, 1.0));
  if (cell_pixels >= 5.0 * u_scale && thread_line)
    c = mix (c, line, 0.25);
  if (min (u_blocks.x, u_blocks.y) * cell_pixels >= 6.0 * u_scale
      && (crosses (c0.x, c1.x, u_blocks.x) || crosses (c0.y, c1.y, u_blocks.y)))
    c = mix (c, line, 0.6);
  frag_color = vec4 (c, 1.0);
}
