# SPDX-License-Identifier: GPL-3.0-or-later
import socket, sys, threading
limit = float(sys.argv[1])
targets = sys.argv[2:]
result = ["error no result"] * len(targets)
def connect(i, host, port):
    try:
        socket.create_connection((host, port), timeout=limit).close()
        result[i] = "connected"
    except socket.timeout:
        result[i] = "timeout"
    except ConnectionRefusedError:
        result[i] = "refused"
    except OSError as e:
        result[i] = "error " + str(e).replace("\n", " ")
threads = []
for i, target in enumerate(targets):
    host, port = target.rsplit(":", 1)
    t = threading.Thread(target=connect, args=(i, host, int(port)))
    t.start()
    threads.append(t)
for t in threads:
    t.join()
for target, outcome in zip(targets, result):
    print(target, outcome)