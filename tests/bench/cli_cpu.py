#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""CPU time of clusterwiz-cli commands above the program's own start-up.

    cli_cpu.py --runs N --bar-ms MS CLI PROJECT OUT_DIR

Runs, N times and interleaved, `CLI --version` (the start-up: loading Qt and the program),
`CLI validate PROJECT` and `CLI generate PROJECT -o OUT_DIR`, and takes each run's user + system
CPU time from the kernel (getrusage of the finished child, microseconds). Prints the median and
min of each, and of validate and generate minus the start-up's median; exits 1 when either
difference's median is over MS. CPU time, not wall time, so that other work on the machine
changes the figure little.
"""
import argparse
import resource
import statistics
import subprocess
import sys


def cpu_ms(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--bar-ms", type=float, default=15)
    parser.add_argument("cli")
    parser.add_argument("project")
    parser.add_argument("out_dir")
    args = parser.parse_args()

    commands = {
        "start-up (--version)": [args.cli, "--version"],
        "validate": [args.cli, "validate", args.project],
        "generate": [args.cli, "generate", args.project, "-o", args.out_dir],
    }
    samples = {name: [] for name in commands}
    for argv in commands.values():  # warm-up: page cache, and proof that each succeeds
        cpu_ms(argv)
    for _ in range(args.runs):
        for name, argv in commands.items():
            samples[name].append(cpu_ms(argv))

    print(f"clusterwiz-cli CPU time (user + sys), {args.runs} runs each:")
    for name, values in samples.items():
        print(f"  {name:22} median {statistics.median(values):7.2f} ms   min {min(values):7.2f} ms")
    startup = statistics.median(samples["start-up (--version)"])
    status = 0
    for name in ("validate", "generate"):
        above = statistics.median(samples[name]) - startup
        met = above < args.bar_ms
        status |= 0 if met else 1
        print(f"  bar: {name} above start-up, median {above:.2f} ms < {args.bar_ms:g} ms: "
              f"{'PASS' if met else 'FAIL'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
