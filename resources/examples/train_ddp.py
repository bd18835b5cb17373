#!/usr/bin/env python3
"""A small PyTorch DDP training job for clusterwiz: the toy network of the Ascend multi-server
guide, trained on random data generated in place (nothing to download).

It runs unchanged under every launch mode that clusterwiz generates and on every accelerator:
  * backend: hccl (torch_npu) for every Ascend generation, nccl for nvidia, gloo for cpu, taken from
    CLUSTERWIZ_ACCELERATOR (env.sh exports it), else from what this machine has;
  * process group: init_method env:// from RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT, falling
    back to RANK_ID / RANK_SIZE (rank table mode) and CM_CHIEF_IP / CM_CHIEF_PORT;
  * local rank: LOCAL_RANK, or --local_rank / --local-rank (torch.distributed.launch);
  * device: DEVICE_ID when set (the id the process opens), else the local rank.

Prints `rank R/W local L device D host H` once, then `step N loss = X` every step.
--fail-rank R --fail-step S makes rank R exit with code 1 at step S (to test failure handling;
with --fail-restart K only in the attempt whose CLUSTERWIZ_RESTART_COUNT is K).

Resuming (a run with launch.restart starts the job again after a failure, with
CLUSTERWIZ_RESTART_COUNT above 0 and possibly fewer servers): with --checkpoint-dir DIR the first
local rank of every server saves the model and optimizer after every step as
DIR/checkpoint-<step>.pt (written to a temporary name, then renamed; the last two are kept). On
start every rank looks there, the ranks agree on the newest step all of them have, load it and
go on from the next step, printing `resumed from step N (world size W, restart R)`. DIR is best
on storage the servers share; a folder per server works too, as here. `{run_id}` in DIR becomes
the run id, so that every run starts afresh: --checkpoint-dir /data/ckpt/{run_id}.
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
    parser.add_argument("--fail-restart", type=int, default=-1,
                        help="... only in this attempt (CLUSTERWIZ_RESTART_COUNT; -1: every one)")
    parser.add_argument("--checkpoint-dir", default="",
                        help="save after every step and resume from the newest checkpoint here "
                             "({run_id} becomes CLUSTERWIZ_RUN_ID: one folder per run)")
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
    if accelerator.startswith("ascend"):  # ascend910, ascend910b, ascend910_93
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


def checkpoint_steps(folder):
    """The steps of the checkpoints in `folder` (checkpoint-<step>.pt), newest first."""
    steps = []
    for name in os.listdir(folder) if os.path.isdir(folder) else []:
        if name.startswith("checkpoint-") and name.endswith(".pt"):
            try:
                steps.append(int(name[len("checkpoint-"):-len(".pt")]))
            except ValueError:
                pass
    return sorted(steps, reverse=True)


def checkpoint_path(folder, step):
    return os.path.join(folder, "checkpoint-%d.pt" % step)


def save_checkpoint(torch, folder, step, model, optimizer):
    """After `step` steps: written to a temporary name and renamed, so that a rank killed
    halfway never leaves a broken file; the two newest are kept."""
    os.makedirs(folder, exist_ok=True)
    path = checkpoint_path(folder, step)
    temporary = "%s.tmp.%d" % (path, os.getpid())
    torch.save({"step": step, "model": model.state_dict(), "optimizer": optimizer.state_dict()},
               temporary)
    os.replace(temporary, path)
    for old in checkpoint_steps(folder)[2:]:
        try:
            os.remove(checkpoint_path(folder, old))
        except OSError:
            pass


def resume_step(dist, folder):
    """The newest checkpoint step every rank has (0: start afresh)."""
    mine = checkpoint_steps(folder) if folder else []
    everyone = [None] * dist.get_world_size()
    dist.all_gather_object(everyone, mine)
    common = set(everyone[0])
    for steps in everyone[1:]:
        common &= set(steps)
    return max(common) if common else 0


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
    restart = int(os.environ.get("CLUSTERWIZ_RESTART_COUNT", "0") or 0)

    args.checkpoint_dir = args.checkpoint_dir.replace(
        "{run_id}", os.environ.get("CLUSTERWIZ_RUN_ID", "manual"))
    first_step = resume_step(dist, args.checkpoint_dir) if args.checkpoint_dir else 0
    if first_step > 0:
        state = torch.load(checkpoint_path(args.checkpoint_dir, first_step), map_location=device)
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        print("resumed from step %d (world size %d, restart %d)" % (first_step, world, restart),
              flush=True)

    for step in range(first_step, args.steps):
        if rank == args.fail_rank and step == args.fail_step and \
                args.fail_restart in (-1, restart):
            print("rank %d: failing at step %d as asked (--fail-rank)" % (rank, step), flush=True)
            sys.exit(1)
        # Each rank its own shard of data, the same for a step whether or not it resumed.
        data_gen = torch.Generator().manual_seed(1000 + rank * 100003 + step)
        data = torch.randn(args.batch_size, 3, 32, 32, generator=data_gen).to(device)
        label = torch.randint(0, 10, (args.batch_size,), generator=data_gen).to(device)
        optimizer.zero_grad()
        loss = loss_func(ddp(data), label)
        loss.backward()
        optimizer.step()
        print("step %d loss = %0.4f" % (step, loss.item()), flush=True)
        if args.checkpoint_dir and local_rank == 0:
            save_checkpoint(torch, args.checkpoint_dir, step + 1, model, optimizer)
        if args.sleep > 0:
            time.sleep(args.sleep)

    dist.barrier()
    dist.destroy_process_group()
    print("rank %d done" % rank, flush=True)


if __name__ == "__main__":
    main()
