/* ws-student-private.h: what ws-student.c (opening) and ws-student-run.c
 * (running) share. */
#pragma once

#include <gmodule.h>

#include "ws-backend.h"
#include "ws-student.h"

/* The C function's two shapes: bitonic and merge take two parameters
 * after n, odd-even one. */
typedef void (*WsStageFunc2) (void *keys, unsigned n, unsigned a, unsigned b);
typedef void (*WsStageFunc1) (void *keys, unsigned n, unsigned phase);

struct _WsStudent
{
  char             *path;
  WsNetworkKind     network;
  WsKeyType         type;
  guint             block;
  /* a kernel: */
  const WsStageOps  *ops;
  const WsDeviceOps *device;
  gpointer           stage;
  /* a C function: */
  GModule           *module;
  gpointer           function;
};

/* The pass's parameters after the keys, as the signature orders them; how
 * many. */
guint ws_student_params (const WsStudent  *student,
                         gsize             width,
                         const WsPassInfo *info,
                         guint            *params);
