# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
        echo "setup_device_ips.sh: cannot write the backup $BACKUP in $(pwd); nothing changed" >&2
        exit 1
