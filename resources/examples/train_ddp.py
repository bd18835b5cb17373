#!/usr/bin/env python3
"""A small PyTorch DDP training job for clusterwiz: the toy network of the Ascend multi-server
guide, trained on random data generated in place (nothing to download).

It runs unchanged under every launch mode that clusterwiz generates and on every accelerator:
  * backend: hccl (torch_npu) for ascend910, nccl for nvidia, gloo for cpu, taken from
    CLUSTERWIZ_ACCELERATOR (env.sh exports it), else from what this machine has;
  * process group: init_method env:// from RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT, falling
    back to RANK_ID / RANK_SIZE (rank table mode) and CM_CHIEF_IP / CM_CHIEF_PORT;
  * local rank: LOCAL_RANK, or --local_rank / --local-rank (torch.distributed.launch);
  * device: DEVICE_ID when set (the id the process opens), else the local rank.

Prints `rank R/W local L device D host H` once, then `step N loss = X` every step.
--fail-rank R --fail-step S makes rank R exit with code 1 at step S (to test failure handling).
"""

import argparse
import os
import socket
import sys
import time
from datetime import timedelta


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--local_rank", "--local-rank", dest="local_rank", type=int, default=None,
                        help="set by torch.distributed.launch; LOCAL_RANK otherwise")
    parser.add_argument("--steps", type=int, default=20, help="training steps (default 20)")
    parser.add_argument("--batch-size", type=int, default=16, help="samples per step and rank")
    parser.add_argument("--sleep", type=float, default=0.0, help="seconds to sleep every step")
    parser.add_argument("--fail-rank", type=int, default=-1, help="this rank exits 1 ...")
    parser.add_argument("--fail-step", type=int, default=0, help="... at this step")
    parser.add_argument("--backend", choices=["auto", "hccl", "nccl", "gloo"], default="auto")
    parser.add_argument("--timeout", type=float, default=1800.0,
                        help="seconds a collective may wait for the other ranks")
    return parser.parse_args()


def first_env(*names):
    for name in names:
        value = os.environ.get(name)
        if value:
            return value
    return None


def choose_backend(requested):
    if requested != "auto":
        return requested
    accelerator = os.environ.get("CLUSTERWIZ_ACCELERATOR", "")
    if accelerator == "ascend910":
        return "hccl"
    if accelerator == "nvidia":
        return "nccl"
    if accelerator == "cpu":
        return "gloo"
    try:
        import torch_npu  # noqa: F401  (registers the npu device and hccl)
        import torch
        if torch.npu.is_available():
            return "hccl"
    except ImportError:
        pass
    import torch
    return "nccl" if torch.cuda.is_available() else "gloo"


def make_model(nn, F):
    class ToyModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 6, 5)
            self.pool = nn.MaxPool2d(2, 2)
            self.conv2 = nn.Conv2d(6, 16, 5)
            self.fc1 = nn.Linear(16 * 5 * 5, 120)
            self.fc2 = nn.Linear(120, 84)
            self.fc3 = nn.Linear(84, 10)

        def forward(self, x):
            x = self.pool(F.relu(self.conv1(x)))
            x = self.pool(F.relu(self.conv2(x)))
            x = x.view(-1, 16 * 5 * 5)
            x = F.relu(self.fc1(x))
            x = F.relu(self.fc2(x))
            return self.fc3(x)

    return ToyModel()


def main():
    args = parse_args()
    rank = int(first_env("RANK", "RANK_ID") or 0)
    world = int(first_env("WORLD_SIZE", "RANK_SIZE") or 1)
    local_rank = args.local_rank
    if local_rank is None:
        local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    # env:// reads these four; the launch modes without a torch launcher may name them otherwise.
    os.environ["RANK"] = str(rank)
    os.environ["WORLD_SIZE"] = str(world)
    os.environ.setdefault("MASTER_ADDR", first_env("CM_CHIEF_IP") or "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", first_env("CM_CHIEF_PORT") or "29501")

    backend = choose_backend(args.backend)
    import torch
    import torch.distributed as dist
    import torch.nn as nn
    import torch.nn.functional as F
    from torch.nn.parallel import DistributedDataParallel as DDP

    device_index = int(os.environ.get("DEVICE_ID", local_rank))
    if backend == "hccl":
        import torch_npu  # noqa: F401
        device = torch.device("npu:%d" % device_index)
        torch.npu.set_device(device)
    elif backend == "nccl":
        device = torch.device("cuda:%d" % device_index)
        torch.cuda.set_device(device)
    else:
        device = torch.device("cpu")

    print("rank %d/%d local %d device %s host %s backend %s"
          % (rank, world, local_rank, device, socket.gethostname(), backend), flush=True)
    dist.init_process_group(backend=backend, init_method="env://", rank=rank, world_size=world,
                            timeout=timedelta(seconds=args.timeout))

    torch.manual_seed(0)  # the same initial weights everywhere (DDP broadcasts rank 0's anyway)
    model = make_model(nn, F).to(device)
    ddp = DDP(model, device_ids=[device.index] if device.type != "cpu" else None)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.01)
    loss_func = nn.CrossEntropyLoss().to(device)
    data_gen = torch.Generator().manual_seed(1000 + rank)  # each rank its own shard of data

    for step in range(args.steps):
        if rank == args.fail_rank and step == args.fail_step:
            print("rank %d: failing at step %d as asked (--fail-rank)" % (rank, step), flush=True)
            sys.exit(1)
        data = torch.randn(args.batch_size, 3, 32, 32, generator=data_gen).to(device)
        label = torch.randint(0, 10, (args.batch_size,), generator=data_gen).to(device)
        optimizer.zero_grad()
        loss = loss_func(ddp(data), label)
        loss.backward()
        optimizer.step()
        print("step %d loss = %0.4f" % (step, loss.item()), flush=True)
        if args.sleep > 0:
            time.sleep(args.sleep)

    dist.barrier()
    dist.destroy_process_group()
    print("rank %d done" % rank, flush=True)


if __name__ == "__main__":
    main()
