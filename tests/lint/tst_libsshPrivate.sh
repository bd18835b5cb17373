#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# libssh stays private to core/ssh (docs/architecture.md): only core/ssh's own sources include
# <libssh/...> or its two private headers (SshSessionPrivate.h, SshTunnel.h), so no libssh type
# reaches a header that anything outside core/ssh includes, and clusterwiz_remote can link libssh
# PRIVATE. Usage: tst_libsshPrivate.sh SOURCE_DIR
set -uo pipefail
cd "$1" || exit 2
private='SshSessionPrivate\.h|SshTunnel\.h'
failed=0
while IFS=: read -r file line text; do
    case "$file" in
    core/ssh/*.cpp | core/ssh/SshSessionPrivate.h | core/ssh/SshTunnel.h) ;;
    *)
        echo "FAIL: $file:$line includes libssh or a private header of core/ssh: $text"
        failed=$((failed + 1))
        ;;
    esac
done < <(grep -rnE "^#include [<\"](libssh/|ssh/($private))" app cli core ui tests \
    --include='*.cpp' --include='*.h')
checked=$(grep -rlE "^#include <libssh/" core/ssh | wc -l)
if ((checked == 0)); then
    echo "FAIL: no file of core/ssh includes libssh: is this the source tree?"
    failed=$((failed + 1))
fi
echo "$checked files of core/ssh use libssh; $failed includes elsewhere"
((failed == 0))
