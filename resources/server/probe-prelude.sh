# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=sh
# clusterwiz discovery: read-only probes, one section each.
unset IFS
LC_ALL=C
export LC_ALL
PATH=${PATH:-/usr/bin:/bin}:/usr/local/sbin:/usr/sbin:/sbin:/usr/local/Ascend/driver/tools
export PATH
