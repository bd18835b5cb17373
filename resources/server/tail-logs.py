# SPDX-License-Identifier: GPL-3.0-or-later
import os, select, subprocess, sys, time
args = sys.argv[1:]
drain = args[0] == "drain"
every, status = int(args[1]) / 1000.0, args[2]
files = [[args[i], int(args[i + 1]), None, None] for i in range(3, len(args), 2)]
def put(data):
    view = memoryview(data)
    while view:
        if not select.select([], [1], [], 30)[1]:
            os._exit(0)
        try:
            view = view[os.write(1, view):]
        except OSError:
            os._exit(0)
def restart(i, f, size):
    put(b"T %d %d\n" % (i, size))
    f[1] = 0
def poll():
    try:
        return subprocess.run(["sh", "-c", status], stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              timeout=10).stdout
    except Exception:
        return None
quiet = 0.0
due = time.monotonic()
while True:
    report = None
    if every > 0 and not drain and time.monotonic() >= due:
        due = time.monotonic() + every
        report = poll()
    moved = False
    for i, f in enumerate(files):
        try:
            st = os.stat(f[0])
        except OSError:
            continue
        if f[2] is not None and (st.st_ino, st.st_dev) != f[3]:
            os.close(f[2])
            f[2] = None
            restart(i, f, 0)
        if f[2] is None:
            try:
                f[2] = os.open(f[0], os.O_RDONLY)
            except OSError:
                continue
            f[3] = (os.fstat(f[2]).st_ino, os.fstat(f[2]).st_dev)
        size = os.fstat(f[2]).st_size
        if size < f[1]:
            restart(i, f, size)
        while f[1] < size:
            data = os.pread(f[2], min(size - f[1], 262144), f[1])
            if not data:
                break
            put(b"D %d %d %d\n" % (i, f[1], len(data)) + data)
            f[1] += len(data)
            moved = True
    if report is not None:
        put(b"S %d\n" % len(report) + report)
        moved = True
    if drain:
        put(b"E\n")
        break
    if moved:
        quiet = 0.0
        continue
    if os.getppid() == 1:
        break
    time.sleep(0.05)
    quiet += 0.05
    if quiet >= 1.0:
        put(b"H\n")
        quiet = 0.0
