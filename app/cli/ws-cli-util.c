/* ws-cli-util.c: small parsers shared by the subcommands. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ws-cli.h"
#include "ws-error.h"

