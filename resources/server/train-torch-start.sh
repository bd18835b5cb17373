# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034 # PIDS and PID_NAMES are read by clusterwiz_wait
clusterwiz_trap_signals
echo "clusterwiz: $PYTHON -m ${TORCH_LAUNCHER[*]} --nnodes=$NODE_COUNT --node_rank=$NODE_RANK --nproc_per_node=$NPROC --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT --no_python $HERE/rank.sh"
"$PYTHON" -m "${TORCH_LAUNCHER[@]}" --nnodes="$NODE_COUNT" --node_rank="$NODE_RANK" \
    --nproc_per_node="$NPROC" --master_addr="$MASTER_ADDR" --master_port="$MASTER_PORT" \
    --no_python "$HERE/rank.sh" &
PIDS=($!)
PID_NAMES=("the torch launcher (${TORCH_LAUNCHER[0]}; the rank logs say which rank failed)")
clusterwiz_wait
