# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
MSRUN_LOG_DIR=$LOG_DIR/msrun
if ! mkdir -p -- "$MSRUN_LOG_DIR"; then
    echo "clusterwiz: $SERVER_NAME: cannot create the msrun log folder $MSRUN_LOG_DIR" >&2
    exit 2
fi
# clusterwiz reads rank<R>.log: point each at the log msrun writes for that rank.
for ((i = 0; i < NPROC; i++)); do
    ln -sfn -- "msrun/worker_$((FIRST_RANK + i)).log" "$LOG_DIR/rank$((FIRST_RANK + i)).log"
done
# msrun on the PATH, or beside launch.python: pip installs it with MindSpore, next to the
# interpreter (the msrun check looks in the same two places).
MSRUN=$(command -v msrun 2>/dev/null)
if [ -z "$MSRUN" ] && python_path=$(command -v "$PYTHON" 2>/dev/null) &&
    [ -x "${python_path%/*}/msrun" ]; then
    MSRUN=${python_path%/*}/msrun
fi
if [ -z "$MSRUN" ]; then
    echo "clusterwiz: $SERVER_NAME: msrun is neither on PATH nor beside $PYTHON (MindSpore installs it; env_setup may need to activate MindSpore's environment)" >&2
    exit 2
fi
# msrun starts every worker (and the scheduler) as the literal `python ENTRY`, found on PATH:
# msrun's folder goes first, so that it is the python msrun was installed with.
PATH=${MSRUN%/*}:$PATH
export PATH
if ! MSRUN_PYTHON=$(command -v python 2>/dev/null); then
    echo "clusterwiz: $SERVER_NAME: msrun starts its workers with \`python\`, and there is none on PATH or beside $MSRUN" >&2
    exit 2
fi
echo "clusterwiz: msrun $MSRUN starts its workers with $MSRUN_PYTHON"
