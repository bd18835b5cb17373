# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# This copy is one rank; mpirun waits for it and stops the others when it fails.
export LOCAL_RANK RANK
exec bash "$HERE/rank.sh"
