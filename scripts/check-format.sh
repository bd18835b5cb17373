#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when any C++ file differs from what clang-format (the repository's .clang-format) makes of
# it, and lists those files. `cmake --build build --target format` rewrites them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t files < <(find app cli core ui tests -name '*.cpp' -o -name '*.h' | sort)
unformatted=()
for file in "${files[@]}"; do
    clang-format --dry-run --Werror "$file" >/dev/null 2>&1 || unformatted+=("$file")
done
if ((${#unformatted[@]} > 0)); then
    echo "check-format: ${#unformatted[@]} of ${#files[@]} files differ from clang-format:" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    echo "check-format: run 'cmake --build build --target format' and commit the result" >&2
    exit 1
fi
echo "check-format: all ${#files[@]} C++ files are clang-format clean"
