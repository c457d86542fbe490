#!/bin/bash
# GPU machine: the device table, every test suite, then side-by-side medians.
. devrun/env.sh
export WS_CLI=$PWD/devrun/warpscope-cli G_TEST_SRCDIR=$PWD/tests WS_STUDENTS=$PWD/devrun/students
nvidia-smi -L
$B info | tail -15
pass=0; fail=0; skip=0
# Every program pack.sh carried: the gpu suite's, and those of core, cli and
# gl, among them the one test per algorithm whose GPU cases (skipped on CI)
# run here. Such a program runs its CPU and GPU variants together (the
# networks' three): 900 s, as meson allows it.
# ONLY=GLOB runs a part (one call of the device tool has 10 minutes).
for t in devrun/tests/${ONLY:-*}; do
  timeout 900 $t --tap > /tmp/tap.log 2>&1; rc=$?
  p=$(grep -c '^ok' /tmp/tap.log); s=$(grep -c '# SKIP' /tmp/tap.log); f=$(grep -c '^not ok' /tmp/tap.log)
  p=$((p - s)); [ $rc -ne 0 ] && [ $f -eq 0 ] && f=1
  echo "$(basename $t): $p passed, $f failed, $s skipped (rc $rc)"
  [ $f -ne 0 ] && grep -v '^# ' /tmp/tap.log | tail -12
  cat /tmp/tap.log >> $OUT/taps.log
  pass=$((pass+p)); fail=$((fail+f)); skip=$((skip+s))
done
echo "SUITES: $pass passed, $fail failed, $skip skipped"
[ "${1:-}" = perf ] && bash devrun/perf.sh
