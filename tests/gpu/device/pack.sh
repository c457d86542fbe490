#!/bin/bash
# Packs a built tree's test programs and CLI for a bare CUDA server (see the
# README, "Testing on a GPU machine"): devpack/devrun.tar.zst and a zstd to
# unpack it. Every test program links the CUDA kernels statically, so the
# archive dedupes them (zstd --long) to a small fraction of their size.
set -euo pipefail
build=${1:-build-dev}
# Globs of test programs to pack, space-separated (default all; 25 MB packed
# without their host debug information, of the 64 MiB the device tool carries
# with the checkout and .devbundle/).
only=${2:-test-*}
root=$(git rev-parse --show-toplevel)
cd "$root"
rm -rf devrun devpack && mkdir -p devrun/tests devrun/lib devpack
# core's too: its one test per algorithm holds that algorithm's GPU cases.
for glob in $only; do
  for f in "$build"/tests/{core,cli,gl,gpu}/$glob; do
    [ -f "$f" ] && [ -x "$f" ] && cp "$f" devrun/tests/
  done
done
cp "$build"/app/cli/warpscope-cli devrun/
# test-cli-check-student's students' functions (WS_STUDENTS, run-suites.sh).
mkdir -p devrun/students
cp "$build"/tests/cli/*.so devrun/students/
# Host DWARF (about 6 MB a program, and unlike the CUDA code it differs from
# one program to the next) would fill most of the 64 MiB; symbols stay, so
# the sanitizer's backtraces still name functions.
find devrun/warpscope-cli devrun/tests -type f -exec strip --strip-debug {} +
cp "$(gcc -print-file-name=libgomp.so.1)" devrun/lib/
# compare --json's JSON-GLib, which a bundle made before it lacks.
cp -L /usr/lib/x86_64-linux-gnu/libjson-glib-1.0.so.0 devrun/lib/
cp tests/gpu/device/*.sh devrun/
# The server has no fonts: the frames' captions and legends bring theirs,
# found through a fontconfig file beside them (dir relative to it).
mkdir -p devrun/fonts
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
   devrun/fonts/
cat > devrun/fonts/fonts.conf <<'EOF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir prefix="relative">.</dir>
  <cachedir>/tmp/warpscope-fontconfig</cachedir>
</fontconfig>
EOF
tar -cf - devrun | zstd --long=27 -3 -T0 -q -o devpack/devrun.tar.zst
cp "$(command -v zstd)" devpack/
du -sh devpack
