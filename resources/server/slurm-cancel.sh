# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # cw_job (the Slurm job id, digits only) comes before this program
# Cancels the Slurm job cw_job from the login node (scancel(1)) and waits up to 30 s until the
# controller no longer lists it pending, running or completing; prints "cancelled" or
# "still STATE". A job that is already over is no error.
scancel "$cw_job" 2>/dev/null
i=0
while [ "$i" -lt 150 ]; do
    cw_state=$(squeue -h -j "$cw_job" -t PENDING,RUNNING,CONFIGURING,COMPLETING,SUSPENDED -o '%T' 2>/dev/null | head -n 1)
    if [ -z "$cw_state" ]; then
        echo "cancelled"
        exit 0
    fi
    sleep 0.2
    i=$((i + 1))
done
echo "still $cw_state"
