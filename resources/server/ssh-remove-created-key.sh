# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
f=~/.ssh/id_ed25519
if [ -f "$f.pub" ] && grep -q ' clusterwiz$' "$f.pub"; then rm -f "$f" "$f.pub"; fi