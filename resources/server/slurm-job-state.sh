# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # cw_job (the Slurm job id, digits only) comes before this program
# Prints one line "slurm STATE|REASON|EXIT" for the Slurm job cw_job, run on the login node:
# squeue while the controller knows the job (-t all: finished ones too, for MinJobAge), else
# sacct --parsable2 (it answers "accounting storage is disabled" at sites without accounting),
# else scontrol show job; "slurm UNKNOWN||" when none of them knows it. squeue's %T is the
# state, %r the reason it waits (Priority, Resources, ...), %e nothing: the exit code comes from
# sacct or scontrol (squeue(1), sacct(1), scontrol(1)).
cw_line=$(squeue -h -t all -j "$cw_job" -o '%T|%r' 2>/dev/null | head -n 1)
if [ -n "$cw_line" ]; then
    cw_exit=$(scontrol -o show job "$cw_job" 2>/dev/null | tr ' ' '\n' | sed -n 's/^ExitCode=//p' | head -n 1)
    echo "slurm $cw_line|$cw_exit"
    exit 0
fi
cw_line=$(sacct -n -X -P -j "$cw_job" -o State,Reason,ExitCode 2>/dev/null | head -n 1)
if [ -n "$cw_line" ]; then
    echo "slurm $cw_line"
    exit 0
fi
cw_line=$(scontrol -o show job "$cw_job" 2>/dev/null | tr ' ' '\n' |
    awk -F= '$1 == "JobState" { s = $2 } $1 == "Reason" { r = $2 } $1 == "ExitCode" { e = $2 }
             END { if (s != "") print s "|" r "|" e }')
if [ -n "$cw_line" ]; then
    echo "slurm $cw_line"
    exit 0
fi
echo "slurm UNKNOWN||"
