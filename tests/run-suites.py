#!/usr/bin/env python3
"""Run every test program of a meson build and count individual test cases.

Each test is a GLib test program run with --tap; its "ok"/"not ok" lines are
the cases. A program that crashes or exits non-zero after its cases counts
one extra failure, so a crash is never silent. The last line printed is
"N passed, N failed" (", N skipped" when some skip), as `make test` promises.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

TAP_LINE = re.compile(r"^(not ok|ok)\b(.*)$")


def introspect(build):
    out = subprocess.run(["meson", "introspect", "--tests", build],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def run_one(test, wrapper):
    env = dict(os.environ)
    env.update(test.get("env") or {})
    cmd = wrapper + test["cmd"]
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, env=env, cwd=test.get("workdir") or None,
                              capture_output=True, text=True,
                              timeout=test.get("timeout") or 600)
        out, rc = proc.stdout + proc.stderr, proc.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        out += "\nTIMEOUT"
        rc = -1
    return test, out, rc, time.monotonic() - start


def count(out):
    passed = failed = skipped = 0
    failures = []
    for line in out.splitlines():
        m = TAP_LINE.match(line)
        if not m:
            continue
        if "# SKIP" in line or "# skip" in line:
            skipped += 1
        elif m.group(1) == "ok":
            passed += 1
        else:
            failed += 1
            failures.append(line)
    return passed, failed, skipped, failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--suite", action="append", default=[])
    ap.add_argument("--wrapper", default="", help="command to run each test under")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()

    wanted = {"warpscope:" + s for s in args.suite} | set(args.suite)
    tests = [t for t in introspect(args.build)
             if not args.suite or set(t.get("suite", [])) & wanted]
    wrapper = args.wrapper.split() if args.wrapper else []
    total = [0, 0, 0]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        for test, out, rc, secs in pool.map(lambda t: run_one(t, wrapper), tests):
            p, f, s, failures = count(out)
            if rc != 0 and rc != 77:
                f += 1 if f == 0 else 0
                failures.append(f"exit status {rc}")
            status = "FAIL" if f else "ok"
            print(f"{status:4} {test['name']:28} {p:5} passed {f:3} failed {s:3} skipped  {secs:6.1f} s",
                  flush=True)
            if f:
                tail = "\n".join(out.splitlines()[-40:])
                print("     " + "\n     ".join(failures[:20]))
                print("     --- last output ---\n" + tail, flush=True)
            total[0] += p
            total[1] += f
            total[2] += s
    line = f"{total[0]} passed, {total[1]} failed"
    if total[2]:
        line += f", {total[2]} skipped"
    print(line)
    return 1 if total[1] or not tests else 0


if __name__ == "__main__":
    sys.exit(main())
