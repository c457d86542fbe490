// solid.frag: the colour the vertex gave.
in vec3 v_colour;
out vec4 frag_color;

void
main ()
{
  frag_color = vec4 (v_colour, 1.0);
}
