# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Started by mpirun (run.sh) once per device: mpirun fills the -H hosts' slots in plan order
# (-map-by slot), so its world rank is the global rank, which tells the server.
if ! clusterwiz_is_number "${OMPI_COMM_WORLD_RANK:-}" || ! clusterwiz_is_number "${OMPI_COMM_WORLD_LOCAL_RANK:-}"; then
    echo "clusterwiz: in mpirun per-device mode train.sh is started by run.sh (mpirun), which sets OMPI_COMM_WORLD_RANK and OMPI_COMM_WORLD_LOCAL_RANK" >&2
    exit 2
fi
if [ -z "${CLUSTERWIZ_NODE_RANK:-}" ]; then
    for ((i = NODE_COUNT - 1; i >= 0; i--)); do
        if [ "$OMPI_COMM_WORLD_RANK" -ge "${NODE_FIRST_RANK[$i]}" ]; then
            CLUSTERWIZ_NODE_RANK=$i
            break
        fi
    done
fi
