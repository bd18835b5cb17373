# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # pending is counted by the first part, setup-device-ips.sh
    echo "setup_device_ips.sh: dry run, nothing changed; $pending of $NPROC devices differ from the plan"
    [ "$pending" = 0 ] && exit 0
    exit 1
