# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# One torch launcher for this server; it starts rank.sh once per device with RANK and
# LOCAL_RANK set in the environment.
if [ ! -x "$HERE/rank.sh" ]; then
    echo "clusterwiz: $HERE/rank.sh is not executable (chmod +x it): the torch launcher runs it directly" >&2
    exit 2
fi
