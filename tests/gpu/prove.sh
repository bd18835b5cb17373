#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Proves the nvidia accelerator on a real GPU: clusterwiz's generated files for a one-server
# `launch` project (gpu-1x1.clusterwiz.json) start a real NCCL job; check.sh runs for real.
# Before: clusterwiz-cli generate tests/gpu/gpu-1x1.clusterwiz.json -o tests/gpu/out; then run
# this on the GPU machine from the repository root (OUT: where the evidence goes). CI never runs it.
set -u
out=${OUT:-/tmp/out}
here=$(cd "$(dirname "$0")" && pwd)
{ nvidia-smi -L; nvidia-smi; python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.cuda.is_available(), "nccl", torch.cuda.nccl.version())'; command -v python3; } > "$out/env.txt" 2>&1
rm -rf /tmp/cw-gpu && mkdir -p /tmp/cw-gpu && cp "$here"/out/* /tmp/cw-gpu/ && cd /tmp/cw-gpu || exit 1
nvidia-smi -L > "$out/nvidia-smi-L.txt" 2>&1
CLUSTERWIZ_NODE_RANK=0 bash check.sh --print-facts > "$out/gpu-server.facts" 2>&1
CLUSTERWIZ_NODE_RANK=0 bash check.sh > "$out/check.txt" 2>&1; echo "check.sh exit $?" >> "$out/check.txt"
CLUSTERWIZ_NODE_RANK=0 timeout -k 10 300 bash train.sh > "$out/train.txt" 2>&1; echo "train.sh exit $?" >> "$out/train.txt"
tar czf "$out/logs.tar.gz" -C /tmp/cw-gpu logs 2>/dev/null
cat "$out/train.txt"; tail -n 25 logs/manual/gpu0/rank0.log; cat "$out/check.txt"
