# SPDX-License-Identifier: GPL-3.0-or-later
import importlib, sys
for name in sys.argv[1:]:
    try:
        module = importlib.import_module(name)
    except BaseException as e:
        lines = str(e).strip().splitlines()
        sys.stderr.write("import %s: %s%s\n" % (name, type(e).__name__, ": " + lines[-1] if lines else ""))
        sys.exit(1)
    print(name, getattr(module, "__version__", "?"))
