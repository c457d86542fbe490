// image.frag: a Cairo image (premultiplied ARGB32: bytes B, G, R, A in
// memory, so the texture's r and b are swapped) drawn one texel per pixel
// at u_origin, so that text stays as sharp as Cairo drew it. Blended with
// ONE, ONE_MINUS_SRC_ALPHA; a scissor box limits it to the image.
uniform sampler2D u_image;
uniform vec2 u_origin;  // the image's bottom-left corner in window pixels
uniform int u_height;   // its height in pixels

out vec4 frag_color;

void
main ()
{
  ivec2 p = ivec2 (gl_FragCoord.xy - u_origin);
  frag_color = texelFetch (u_image, ivec2 (p.x, u_height - 1 - p.y), 0).bgra;
}
