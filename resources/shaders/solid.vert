// solid.vert: flat-coloured triangles given in pixels (top-left origin),
// for the comparators over the bars and the marks over the heat maps.
in vec2 a_position;
in vec4 a_colour;
uniform vec2 u_viewport;

out vec4 v_colour;

void
main ()
{
  v_colour = a_colour;
  gl_Position = vec4 (a_position.x / u_viewport.x * 2.0 - 1.0,
                      1.0 - a_position.y / u_viewport.y * 2.0, 0.0, 1.0);
}
