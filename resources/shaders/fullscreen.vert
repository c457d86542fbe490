// fullscreen.vert: one triangle that covers the viewport; the fragment
// shader does the drawing. No vertex buffer: the corners come from the
// vertex index.
out vec2 v_unused;

void
main ()
{
  vec2 corner = vec2 (float ((gl_VertexID << 1) & 2), float (gl_VertexID & 2));
  v_unused = corner;
  gl_Position = vec4 (corner * 2.0 - 1.0, 0.0, 1.0);
}
