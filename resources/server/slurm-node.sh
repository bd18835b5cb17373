# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # cw_run, cw_workdir, cw_log_root, cw_nodes: train.sbatch exports them
# shellcheck disable=SC2016 # expanded by the inner sh
# The body of clusterwiz_node in the train.sbatch that `clusterwiz-cli launch` submits: srun runs
# it once on every node (--ntasks-per-node=1). It finds this node among the project's servers by
# its Slurm node name (cw_nodes: the server names in launch order, each a NodeName), then runs
# train.sh in the foreground as an SSH launch starts it: its node rank is the server's place in
# that order, job.pgid and launch.log go to its run folder, CLUSTERWIZ_RUN_ID marks its
# processes. The task ends with train.sh's status, so that srun's --kill-on-bad-exit ends the
# other nodes' tasks when one fails.
cw_node=${SLURMD_NODENAME:-$(hostname -s)}
read -r -a cw_names <<<"$cw_nodes"
cw_rank=-1
for i in "${!cw_names[@]}"; do
    if [ "${cw_names[$i]}" = "$cw_node" ]; then
        cw_rank=$i
    fi
done
if [ "$cw_rank" -lt 0 ]; then
    echo "clusterwiz: Slurm node $cw_node is not a server of the project ($cw_nodes)" >&2
    exit 2
fi
d=$cw_log_root/$cw_run/$cw_node
mkdir -p -- "$d" || exit 1
cd -- "$cw_workdir" || exit 1
rm -f -- "$d/job.pgid"
# setsid --wait: its own process group, as an SSH launch gives the job, and still the task's
# child, so that Slurm sees the task end with it.
CLUSTERWIZ_RUN_ID=$cw_run CLUSTERWIZ_NODE_RANK=$cw_rank setsid --wait \
    sh -c 'echo "$$" >"$1"; shift; exec bash "$@"' sh "$d/job.pgid" ./train.sh \
    </dev/null >"$d/launch.log" 2>&1
