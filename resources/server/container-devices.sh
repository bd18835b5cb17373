# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2154 # engine, accelerator and devices are the generated lines in front
# The run options that give the container this server's devices, into the array `args`. What the
# driver put where is found here, on the host, when the step runs (docs/containers.md cites the
# vendors' commands these follow).
cw_container_device_options() {
    local d f npu_smi hccn ids
    case "$accelerator" in
    ascend*)
        # vllm-ascend's multi-node `docker run`: each NPU, the three management devices, and the
        # driver's tools and files read-only.
        for d in "${devices[@]}"; do
            [ -e "/dev/davinci$d" ] || cw_refuse device-missing "/dev/davinci$d is not on this server: is NPU $d there and the driver loaded?"
            args+=(--device "/dev/davinci$d")
        done
        [ -e /dev/davinci_manager ] || cw_refuse device-missing "/dev/davinci_manager is not on this server: is the Ascend driver installed?"
        for f in /dev/davinci_manager /dev/devmm_svm /dev/hisi_hdc; do
            if [ -e "$f" ]; then args+=(--device "$f"); fi
        done
        npu_smi=$(command -v npu-smi || true)
        hccn=$(command -v hccn_tool || echo /usr/local/Ascend/driver/tools/hccn_tool)
        for f in /usr/local/dcmi "$npu_smi" "$hccn" /usr/local/Ascend/driver/lib64 \
            /usr/local/Ascend/driver/version.info /etc/hccn.conf /etc/ascend_install.info; do
            if [ -n "$f" ] && [ -e "$f" ]; then args+=(-v "$f:$f:ro"); fi
        done
        # HCCL registers memory: no lock limit (NCCL's container notes ask the same).
        args+=(--ulimit memlock=-1:-1)
        ;;
    nvidia)
        command -v nvidia-smi >/dev/null 2>&1 || cw_refuse device-missing "nvidia-smi is not on this server: is the NVIDIA driver installed?"
        if [ "$engine" = docker ]; then
            # Docker's --gpus (NVIDIA Container Toolkit).
            ids=$(IFS=,; echo "${devices[*]}")
            args+=(--gpus "\"device=$ids\"")
        else
            # Podman reads NVIDIA's CDI names (nvidia-ctk cdi generate).
            for d in "${devices[@]}"; do args+=(--device "nvidia.com/gpu=$d"); done
        fi
        args+=(--ulimit memlock=-1:-1)
        ;;
    esac
}
