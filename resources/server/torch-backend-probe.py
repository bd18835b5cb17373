# SPDX-License-Identifier: GPL-3.0-or-later
import sys
try:
    import torch
    print("torch " + torch.__version__)
except BaseException as e:
    print("notorch %s: %s" % (type(e).__name__, " ".join(str(e).split())[:200]))
    sys.exit(0)
try:
    if sys.argv[1] == "ascend":
        __import__("torch_npu")
        print("accel ok")
    elif sys.argv[1] == "nvidia":
        ok = torch.cuda.is_available() and torch.cuda.device_count() > 0
        print("accel ok" if ok else "accel no CUDA is not available to torch")
    else:
        print("accel no")
except BaseException as e:
    print("accel no %s: %s" % (type(e).__name__, " ".join(str(e).split())[:200]))