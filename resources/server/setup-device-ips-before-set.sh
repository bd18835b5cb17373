# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # pending is counted by the first part, setup-device-ips.sh
# shellcheck disable=SC2034 # BACKUP is read by the parts that follow
# Only a value that looks like an address goes into the undo file, which is a shell script.
clusterwiz_is_address() {
    [[ "$1" =~ ^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$ ]]
}

if [ "$pending" -gt 0 ] && [ "$(id -u)" != 0 ]; then
    echo "setup_device_ips.sh: setting device IPs needs root (hccn_tool -ip -s); if a device fails below, run it again as root: sudo bash setup_device_ips.sh"
fi

BACKUP=""
