#!/bin/sh
# Screenshots of the application for the README: ws-screenshots under Xvfb.
#   tests/ui/screenshots.sh [BUILD [DIR]]   (defaults: build, docs/images)
set -e
build=${1:-build}
dir=${2:-docs/images}
mkdir -p "$dir"
GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$build/data" GTK_A11Y=none \
  xvfb-run -a -s "-screen 0 1600x1000x24" "$build/tests/ui/ws-screenshots" "$dir"
