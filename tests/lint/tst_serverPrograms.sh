#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Lints every program that runs on servers (resources/server/): shellcheck on the bash, a compile
# and pyflakes on the Python, and each awk program parsed by the three awks a server may have
# (Debian's mawk, gawk as on RHEL and openEuler, busybox awk). The programs are compiled into the
# core (cmake/EmbedServerPrograms.cmake); their behaviour is tested where they are used.
# Usage: tst_serverPrograms.sh SOURCE_DIR
set -uo pipefail
programs="$1/resources/server"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failed=0
checked=0

fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}

for tool in shellcheck mawk gawk busybox /usr/bin/python3 pyflakes3; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (scripts/install-deps.sh)"
done

shopt -s nullglob globstar
for file in "$programs"/**/*.sh; do
    checked=$((checked + 1))
    shellcheck --shell=bash --external-sources "$file" || fail "shellcheck: ${file#"$1"/}"
done

for file in "$programs"/**/*.py; do
    checked=$((checked + 1))
    PYTHONPYCACHEPREFIX=$scratch/pycache /usr/bin/python3 -m py_compile "$file" ||
        fail "py_compile: ${file#"$1"/}"
    # CONFIG is the one name a program gets from the header clusterwiz writes above it.
    PYFLAKES_BUILTINS=CONFIG pyflakes3 "$file" || fail "pyflakes: ${file#"$1"/}"
done

# Parsed without being run: gawk and mawk have a mode for it; busybox runs a BEGIN that exits
# first, with no input, so only a syntax error (or an END that fails on nothing) stops it.
echo 'BEGIN { exit 0 }' >"$scratch/exit.awk"
for file in "$programs"/**/*.awk; do
    checked=$((checked + 1))
    gawk --pretty-print=/dev/null -f "$file" || fail "gawk: ${file#"$1"/}"
    mawk -W dump -f "$file" >/dev/null || fail "mawk: ${file#"$1"/}"
    busybox awk -f "$scratch/exit.awk" -f "$file" </dev/null >/dev/null || fail "busybox awk: ${file#"$1"/}"
done

if ((checked == 0)); then
    fail "no program found under $programs"
fi
echo "$checked programs checked, $failed problems"
((failed == 0))
