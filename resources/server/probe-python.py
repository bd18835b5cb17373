# SPDX-License-Identifier: GPL-3.0-or-later
import os, sys
print("python " + sys.version.split()[0])
print("executable " + str(sys.executable))
def norm(n):
    return n.lower().replace("-", "_").replace(".", "_")
def scan(name):
    want = norm(name)
    for d in sys.path:
        try:
            entries = os.listdir(d or ".")
        except OSError:
            continue
        for e in entries:
            base, ext = os.path.splitext(e)
            if ext not in (".dist-info", ".egg-info") or norm(base.split("-")[0]) != want:
                continue
            for f in ("METADATA", "PKG-INFO"):
                try:
                    with open(os.path.join(d or ".", e, f)) as m:
                        for line in m:
                            if line.startswith("Version:"):
                                return line[8:].strip()
                            if not line.strip():
                                break
                except OSError:
                    pass
    return None
def version(name):
    found = scan(name)
    if found:
        return found
    try:
        from importlib import metadata
        return metadata.version(name)
    except Exception:
        return None
for arg in sys.argv[1:]:
    names = arg.split("|")
    found = None
    for n in names:
        found = version(n)
        if found:
            break
    print(("package " + names[0] + " " + found) if found else ("package-missing " + names[0]))
