# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # d, cw_sample (nvidia, npu or cpu) and cw_sample_every are set by the caller
# One device sample every cw_sample_every seconds, as part of the run's poll (the same command on
# the same connection: nothing started in the background, nothing left behind but the time of
# the last sample in the run folder). The tools' output is framed by "sample-begin TOOL TIME"
# and "sample-end", cut at 256 KiB, and each tool gets 5 seconds:
# nvidia: nvidia-smi --query-gpu=index,utilization.gpu,memory.used,memory.total,temperature.gpu,
#   power.draw --format=csv,noheader,nounits (nvidia-smi(1))
# npu: npu-smi info (the table; Huawei's npu-smi reference)
# cpu: ps -o pid=,pcpu=,rss= for the run's processes here (procps ps(1))
cw_now=$(date +%s)
cw_last=0
read -r cw_last 2>/dev/null <"$d/device-sample.at"
case $cw_last in '' | *[!0-9]*) cw_last=0 ;; esac
if [ $((cw_now - cw_last)) -ge "$cw_sample_every" ]; then
    echo "$cw_now" >"$d/device-sample.at" 2>/dev/null
    echo "sample-begin $cw_sample $cw_now"
    case $cw_sample in
    nvidia)
        timeout 5 nvidia-smi --query-gpu=index,utilization.gpu,memory.used,memory.total,temperature.gpu,power.draw \
            --format=csv,noheader,nounits 2>&1 | head -c 262144
        ;;
    npu) timeout 5 npu-smi info 2>&1 | head -c 262144 ;;
    cpu)
        cw_pids=
        for p in $(job_pids); do cw_pids="$cw_pids${cw_pids:+,}$p"; done
        [ -n "$cw_pids" ] && ps -o pid=,pcpu=,rss= -p "$cw_pids" 2>/dev/null | head -c 262144
        ;;
    esac
    echo
    echo "sample-end"
fi
