/* main.c: the warpscope application. */
#include "ws-application.h"

int
main (int argc, char **argv)
{
  g_autoptr (WsApplication) app = ws_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
