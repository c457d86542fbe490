// solid.frag: the colour (and opacity) the vertex gave.
in vec4 v_colour;
out vec4 frag_color;

void
main ()
{
  frag_color = v_colour;
}
