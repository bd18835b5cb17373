# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # three rounds, the count unused
for round in 1 2 3; do
    [ "$(left_count)" -eq 0 ] && break
    signal_all KILL
    sleep 0.3
done
echo "left $(left_count)"
