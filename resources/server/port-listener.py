# SPDX-License-Identifier: GPL-3.0-or-later
import os, select, socket, sys, time
seconds, expected = float(sys.argv[2]), int(sys.argv[3])
socks = []
for p in sys.argv[4:]:
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("", int(p)))
        s.listen(1024)
        s.setblocking(False)
        socks.append(s)
        print("bound %s %d" % (p, s.getsockname()[1]))
    except OSError as e:
        print("busy %s %s" % (p, str(e).replace("\n", " ")))
if not socks:
    print("error no port could be bound")
    sys.exit(1)
pid = os.fork()
if pid:
    print("listening %d" % pid)
    sys.stdout.flush()
    os._exit(0)
os.setsid()
null = os.open(os.devnull, os.O_RDWR)
for fd in (0, 1, 2):
    os.dup2(null, fd)
end = time.time() + seconds
done = 0
while done < expected and time.time() < end:
    ready, _, _ = select.select(socks, [], [], max(0.05, min(1.0, end - time.time())))
    for s in ready:
        try:
            c, _ = s.accept()
            c.close()
            done += 1
        except OSError:
            pass