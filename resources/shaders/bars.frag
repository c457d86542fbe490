// bars.frag: the bars view. Each bin (one key, or the keys of one pixel
// column) is a texel of u_bins: its scaled min, max and mean and its flags.
// Below min the bar is solid, from min to max a lighter band shows the
// spread of the keys in the column, a line marks the mean. A key swapped by
// the current pass keeps its value's colour under a cap in the highlight
// colour (and is marked under the axis), keys compared get a mark of their
// own there; stage boundaries are thin lines; faint lines behind the bars
// mark the value axis's ticks.
uniform sampler2D u_bins;      // bin_count × 1, RGBA32F: lo, hi, mean, flags
uniform sampler2D u_colormap;  // 256 × 1, the perceptual colour map
uniform int u_bin_count;
uniform float u_keys;          // n
uniform float u_boundary;      // keys per stage run, 0 for none
uniform vec4 u_plot;           // left, bottom, width, height in pixels
uniform float u_scale;         // device pixels per logical pixel (HiDPI)
uniform float u_level;         // a value to mark across the plot, scaled to [0, 1]; < 0: none
uniform vec3 u_grid;           // the axis's ticks: first, step (scaled to [0, 1]), count (0: none)

out vec4 frag_color;

uniform vec3 u_background;     // the renderer's style's background
const vec3 swapped = vec3 (1.0, 0.28, 0.22);
const vec3 compared = vec3 (0.95, 0.72, 0.18);
const vec3 boundary = vec3 (0.55, 0.58, 0.62);
const vec3 level = vec3 (0.95, 0.95, 0.95);
const vec3 grid = vec3 (0.55, 0.58, 0.62);

vec3
bar_colour (float mean)
{
  return texture (u_colormap, vec2 (clamp (mean, 0.0, 1.0), 0.5)).rgb;
}

// TRUE on the pixel column that holds the start of a stage run of
// u_boundary keys (not the first run's): the column spans key coordinates
// [s0, s1), and a run starts at every multiple of u_boundary.
bool
on_boundary (float x)
{
  if (u_boundary <= 0.0)
    return false;
  float s0 = x / u_plot.z * u_keys, s1 = (x + 1.0) / u_plot.z * u_keys;
  float start = ceil (s0 / u_boundary) * u_boundary;
  return start > 0.0 && start < u_keys && start < s1;
}

// TRUE on the pixel row (y pixels over the plot's bottom, v scaled like
// the bars) that holds one of the axis's interior ticks: one row a tick,
// wherever it falls between pixels.
bool
on_grid (float y, float v)
{
  if (u_grid.z < 0.5)
    return false;
  float k = floor ((v - u_grid.x) / u_grid.y + 0.5);
  return k >= 0.0 && k < u_grid.z && floor ((u_grid.x + k * u_grid.y) * u_plot.w) == floor (y);
}

void
main ()
{
  vec2 p = gl_FragCoord.xy - u_plot.xy;
  if (p.x < 0.0 || p.x >= u_plot.z || p.y >= u_plot.w)
    {
      frag_color = vec4 (u_background, 1.0);
      return;
    }
  float at = p.x / u_plot.z * float (u_bin_count);
  int bin = min (int (at), u_bin_count - 1);
  vec4 b = texelFetch (u_bins, ivec2 (bin, 0), 0);
  int flags = int (b.w + 0.5);
  float width = u_plot.z / float (u_bin_count);
  vec3 c = u_background;

  if (p.y < 0.0)
    {
      // Under the axis: a row of marks for compared keys, and under it one
      // for swapped keys.
      if ((flags & 1) != 0 && p.y > -4.0 * u_scale)
        c = compared;
      else if ((flags & 2) != 0 && p.y <= -4.0 * u_scale && p.y > -8.0 * u_scale)
        c = swapped;
      frag_color = vec4 (c, 1.0);
      return;
    }
  float v = p.y / u_plot.w;
  float one_pixel = 1.0 / u_plot.w;
  // The smallest key still gets a sliver of a bar, so that it stays visible.
  float floor_height = 3.0 * u_scale * one_pixel;
  bool gap = width >= 4.0 * u_scale && (fract (at) * width < max (1.0, width * 0.12));
  // A bar of one key gets a red cap when swapped, over its own colour (a
  // sorted result is not a red one); a bin of many keys shows the swap only
  // in its mark under the axis (nearly every column holds a swapped key in
  // a big pass).
  bool one_key = u_keys <= float (u_bin_count);
  bool capped = (flags & 2) != 0 && one_key;
  float top = max (b.x, floor_height), cap = 5.0 * u_scale * one_pixel;
  vec3 bar = bar_colour (b.z);
  if (!gap && v <= top)
    c = capped && v > top - cap ? swapped : bar;
  else if (!gap && v <= b.y + one_pixel)
    c = mix (u_background, bar, 0.55);
  if (!gap && b.y > b.x && abs (v - b.z) < 1.5 * u_scale * one_pixel)
    c = mix (bar, vec3 (1.0), 0.6);
  if (c == u_background && on_grid (p.y, v))
    c = mix (u_background, grid, 0.35);
  if (on_boundary (p.x))
    c = mix (c, boundary, 0.7);
  // The value a search looks for: a dashed line across the bars.
  if (u_level >= 0.0 && abs (v - u_level) < 1.0 * u_scale * one_pixel
      && fract (p.x / (12.0 * u_scale)) < 0.6)
    c = level;
  frag_color = vec4 (c, 1.0);
}
