/* ws-cli-roofline.h: what `warpscope-cli roofline` measured, and the table
 * it makes of it (ws-cli-roofline-table.c) as text, markdown or CSV.
 * Private to app/cli. */
#pragma once

#include <glib.h>

#include "ws-registry.h"
#include "ws-roofline.h"

G_BEGIN_DECLS

/* A row: one GPU variant of one configuration. */
typedef struct
{
  const WsAlgorithm *algo;
  WsVariant  variant;
  WsKeyType  type;
  WsParams   params;
  gsize      n;         /* keys, the grid side N for stencil */
  WsTraffic  traffic;   /* the bytes it must move (ws-roofline.h) */
  double     kernel_s;  /* the kernels' median */
  char      *failure;   /* NULL when verified; else what went wrong */
} WsRooflineRow;

typedef enum
{
  WS_ROOFLINE_TEXT,
  WS_ROOFLINE_MARKDOWN,
  WS_ROOFLINE_CSV,
} WsRooflineFormat;

/* A whole run: what it was, the copy bandwidth before and after, the rows. */
typedef struct
{
  WsRooflineFormat format;
  char            *command;    /* "roofline --format markdown", as typed */
  char            *device;     /* "NVIDIA H200 (CUDA runtime 13.0, …)" */
  gsize            copy_bytes; /* of each copy */
  guint            repeat;     /* timed runs a row, timed copies a measurement */
  double           copy[2];    /* GB/s, at the start and at the end */
  GArray          *rows;       /* WsRooflineRow */
} WsRooflineTable;

/* "n = 2^24", "N = 8192, R = 8", "n = 2^24, 2^20 queries". */
char *ws_cli_roofline_size    (const WsRooflineRow   *row);

/* Why the shares are uncertain, when the two copy measurements differ by
 * more than 5% of their mean; NULL otherwise. */
char *ws_cli_roofline_drift   (const WsRooflineTable *table);

/* The table in its format, with what it was measured on before it. */
char *ws_cli_roofline_render  (const WsRooflineTable *table);

G_END_DECLS
