#!/bin/sh
# Runs one validator and reports it as a single TAP case, so that
# tests/run-suites.py counts it: validate.sh NAME TOOL [ARGS...]
# The tool's output follows as "# " lines; the case fails when it exits non-zero.
name=$1
shift
out=$("$@" 2>&1)
rc=$?
echo "1..1"
if [ "$rc" -eq 0 ]; then
  echo "ok 1 - $name"
else
  echo "not ok 1 - $name (exit status $rc)"
fi
if [ -n "$out" ]; then
  printf '%s\n' "$out" | sed 's/^/# /'
fi
exit 0
