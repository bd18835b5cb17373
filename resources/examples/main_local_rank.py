"""A training entry written like the Ascend PyTorch multi-server guide's main.py: it reads its
device from --local_rank (argparse, default -1), which torchrun and torch.distributed.launch
--use_env never pass. Projects with launch.local_rank_arg "--local_rank" give it to every rank.
"""
import argparse
import os
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--local_rank", type=int, default=-1)
    parser.add_argument("--epochs", type=int, default=1)
    args = parser.parse_args()
    if args.local_rank < 0:
        sys.exit("main_local_rank.py: no --local_rank given; set launch.local_rank_arg")
    rank = int(os.environ.get("RANK", "0"))
    world = int(os.environ.get("WORLD_SIZE", "1"))
    print(f"rank {rank}/{world} local_rank {args.local_rank} epochs {args.epochs}", flush=True)
    import torch
    import torch.distributed as dist

    backend = "gloo"
    if hasattr(torch, "npu"):  # torch_npu registers it
        torch.npu.set_device(args.local_rank)
        backend = "hccl"
    dist.init_process_group(backend=backend)
    value = torch.ones(1)
    dist.all_reduce(value)
    print(f"rank {rank}: all_reduce gives {value.item():.0f} (world {world})", flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
