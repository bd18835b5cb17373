# SPDX-License-Identifier: GPL-3.0-or-later
import datetime, os, subprocess, sys, time
rank, addr, port, host_ip, backend = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
size_mb, iterations, init_seconds = int(sys.argv[6]), int(sys.argv[7]), int(sys.argv[8])
def fail(message):
    print("error " + " ".join(str(message).split())[:300])
    sys.stdout.flush()
    os._exit(1)
try:
    out = subprocess.run(["ip", "-o", "-4", "addr", "show"], capture_output=True, text=True, timeout=10).stdout
    for line in out.splitlines():
        w = line.split()
        if len(w) > 3 and w[2] == "inet" and w[3].split("/")[0] == host_ip:
            for name in ("GLOO_SOCKET_IFNAME", "NCCL_SOCKET_IFNAME", "HCCL_SOCKET_IFNAME"):
                os.environ[name] = w[1].split("@")[0]
    os.environ["HCCL_IF_IP"] = host_ip
except Exception:
    pass
try:
    import torch
    import torch.distributed as dist
    device = "cpu"
    if backend == "hccl":
        __import__("torch_npu")
        torch.npu.set_device(0)
        device = "npu:0"
    elif backend == "nccl":
        torch.cuda.set_device(0)
        device = "cuda:0"
    def sync():
        if device.startswith("cuda"):
            torch.cuda.synchronize()
        elif device.startswith("npu"):
            torch.npu.synchronize()
    dist.init_process_group(backend, init_method="tcp://%s:%d" % (addr, port), rank=rank,
                            world_size=2, timeout=datetime.timedelta(seconds=init_seconds))
    t = torch.ones(size_mb * 262144, dtype=torch.float32, device=device)
    dist.all_reduce(t)
    sync()
    start = time.perf_counter()
    for _ in range(iterations):
        dist.all_reduce(t)
    sync()
    elapsed = time.perf_counter() - start
    print("gbps %.6f" % (size_mb * 1048576.0 * iterations / max(elapsed, 1e-9) / 1e9))
    sys.stdout.flush()
    dist.destroy_process_group()
except BaseException as e:
    fail("%s: %s" % (type(e).__name__, e))