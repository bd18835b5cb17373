# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # TORCH_LAUNCHER is read by the start that follows
# torchrun's module when this python has it (looked up without importing torch, which takes
# seconds), else the older torch.distributed.launch.
if "$PYTHON" -c 'import importlib.util, os, sys
spec = importlib.util.find_spec("torch")
dirs = (spec.submodule_search_locations or []) if spec else []
sys.exit(0 if any(os.path.isfile(os.path.join(d, "distributed", "run.py")) for d in dirs) else 1)' 2>/dev/null; then
    TORCH_LAUNCHER=(torch.distributed.run)
else
    TORCH_LAUNCHER=(torch.distributed.launch --use_env)
fi
