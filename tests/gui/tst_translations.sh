#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every string of the wizard (and the core text it shows) has a zh_CN translation: lupdate scans the sources now into a copy of
# ui/translations/clusterwiz_zh_CN.ts, and any message that comes out unfinished (a new or changed
# string) or empty fails the test, listed with its context. Fix: build the update_translations
# target, translate the listed strings in the .ts, commit it.
# Usage: tst_translations.sh LUPDATE SOURCE_DIR
set -euo pipefail
lupdate=$1
source=$(cd "$2" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cp "$source/ui/translations/clusterwiz_zh_CN.ts" "$scratch/current.ts"
# The core's text for people is marked with trText(context, source) (core/model/TrText.h).
(cd "$source" && "$lupdate" -no-obsolete -locations none \
    -tr-function-alias QT_TRANSLATE_NOOP+=trText ui app/gui/main.cpp core \
    -ts "$scratch/current.ts") >"$scratch/lupdate.log" 2>&1 ||
    { cat "$scratch/lupdate.log" >&2; exit 1; }

python3 - "$scratch/current.ts" <<'PY'
import sys
import xml.etree.ElementTree as ET

untranslated = []
total = 0
for context in ET.parse(sys.argv[1]).getroot().iter("context"):
    name = context.findtext("name")
    for message in context.iter("message"):
        total += 1
        translation = message.find("translation")
        texts = [translation.text or ""] + [f.text or "" for f in translation.iter("numerusform")]
        if translation.get("type") in ("unfinished", "vanished") or not any(t.strip() for t in texts):
            untranslated.append(f"{name}: {message.findtext('source')!r}")
if untranslated:
    print(f"{len(untranslated)} of {total} strings have no zh_CN translation:")
    print("\n".join("  " + line for line in untranslated))
    sys.exit(1)
print(f"all {total} strings have a zh_CN translation")
PY
