// heat.frag: the heat-map view. Each texel of u_cells holds the mean of
// the grid cells it covers (NaN where none has been computed yet); the
// colour map turns it into a colour over [vmin, vmax]. The map shows a
// part of the grid (all of it, or a zoomed part), and the texture holds a
// region of whole cells around that part (ws-heat.h). Lines show study
// 001's launch: the blocks, and inside them each thread's K outputs; the
// renderer passes 0 for lines too close to draw. Drawn inside a scissor
// box: the map.
uniform sampler2D u_cells;      // texels × texels, R32F
uniform sampler2D u_colormap;   // 256 × 1, the perceptual colour map
uniform int u_texels;
uniform float u_side;           // grid cells a side
uniform vec3 u_map;             // left, bottom and side of the map, window pixels
uniform ivec3 u_region;         // the texture's first column and row, and its span (cells)
uniform vec3 u_part;            // the part shown: first column and row from u_region's, span
uniform vec2 u_range;           // vmin, vmax
uniform ivec2 u_blocks;         // block columns and rows in cells, 0: no lines
uniform int u_thread_cols;      // K, 0: no thread lines
uniform float u_scale;          // device pixels per logical pixel

out vec4 frag_color;

const vec3 pending = vec3 (0.16, 0.17, 0.20);
const vec3 line = vec3 (0.93, 0.94, 0.96);

// TRUE when cells [c0, c1), counted from the region's first cell `first`,
// hold a multiple of `every` strictly inside the grid: a boundary between
// two blocks (or threads) runs through the pixel. The multiple is found
// from first's remainder, so that large grids keep the precision of small
// numbers.
bool
crosses (int first, float c0, float c1, int every)
{
  if (every <= 0)
    return false;
  float base = float (first % every);
  float k = ceil ((base + c0) / float (every)) * float (every) - base;
  float at = float (first) + k;
  return at > 0.0 && at < u_side && k < c1;
}

// The texel holding cell c (counted from the region's first): the t with
// floor(t·span/texels) <= c < floor((t+1)·span/texels).
int
texel_of (float c)
{
  uint cell = uint (clamp (c, 0.0, float (u_region.z - 1)));
  return int (((cell + 1u) * uint (u_texels) - 1u) / uint (u_region.z));
}

void
main ()
{
  vec2 p = gl_FragCoord.xy - u_map.xy;
  // Whole pixels from the map's top-left corner (rows grow downwards).
  vec2 pixel = floor (vec2 (p.x, u_map.z - p.y));
  float per_pixel = u_part.z / u_map.z;
  vec2 c0 = u_part.xy + pixel * per_pixel, c1 = c0 + per_pixel;
  vec2 centre = floor (c0 + 0.5 * per_pixel);
  float v = texelFetch (u_cells, ivec2 (texel_of (centre.x), texel_of (centre.y)), 0).r;
  vec3 c;

  if (isnan (v))
    // Not computed yet: a dark hatch, so it cannot pass for a low value.
    c = mod (pixel.x + pixel.y, 8.0 * u_scale) < 2.0 * u_scale ? pending * 1.6 : pending;
  else
    c = texture (u_colormap, vec2 (clamp ((v - u_range.x) / (u_range.y - u_range.x), 0.0, 1.0),
                                   0.5)).rgb;
  bool thread_line = crosses (u_region.x, c0.x, c1.x, u_thread_cols)
                     || (u_thread_cols > 0 && crosses (u_region.y, c0.y, c1.y, 1));
  if (thread_line)
    c = mix (c, line, 0.25);
  if (crosses (u_region.x, c0.x, c1.x, u_blocks.x) || crosses (u_region.y, c0.y, c1.y, u_blocks.y))
    c = mix (c, line, 0.6);
  frag_color = vec4 (c, 1.0);
}
