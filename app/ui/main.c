/* main.c: the warpscope application. */
#include "ws-application.h"
#include "ws-file.h"

int
main (int argc, char **argv)
{
  g_autoptr (WsApplication) app = NULL;

  ws_file_clean_on_signals (); /* an export cut short leaves no temporary file */
  app = ws_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
