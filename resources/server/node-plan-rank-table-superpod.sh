# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# The rank table of the (narrowed) plan in HCCL's version 1.2, Atlas A3 with super pods, byte for
# byte as rankTableJson() writes it (generate/RankTable.cpp: nlohmann's dump(4), members in that
# order, the optional ones only where the project gives them). Besides the plan arrays it reads,
# per server and parallel to NODE_DEVICES: NODE_DEVICE_IPS, NODE_SUPER_DEVICE_IDS,
# NODE_DEVICE_PORTS, NODE_BACKUP_DEVICE_PORTS and NODE_HOST_PORTS ("" where none), and
# NODE_SERVER_IDS and NODE_SUPER_POD_IDS, each already a JSON string (NODE_SUPER_POD_IDS "" for
# a server in no pod). A die's backup is the other die of its NPU (die ^ 1) on the same server.
clusterwiz_rank_table() {
    local i j k partner comma pod found
    local devices=() ips=() sdids=() dports=() bports=() hports=() pods=()
    echo "{"
    echo "    \"status\": \"completed\","
    echo "    \"version\": \"1.2\","
    echo "    \"server_count\": \"$NODE_COUNT\","
    echo "    \"server_list\": ["
    for ((i = 0; i < NODE_COUNT; i++)); do
        read -r -a devices <<< "${NODE_DEVICES[$i]}"
        read -r -a ips <<< "${NODE_DEVICE_IPS[$i]}"
        read -r -a sdids <<< "${NODE_SUPER_DEVICE_IDS[$i]}"
        read -r -a dports <<< "${NODE_DEVICE_PORTS[$i]}"
        read -r -a bports <<< "${NODE_BACKUP_DEVICE_PORTS[$i]}"
        read -r -a hports <<< "${NODE_HOST_PORTS[$i]}"
        echo "        {"
        echo "            \"server_id\": ${NODE_SERVER_IDS[$i]},"
        echo "            \"host_ip\": \"${NODE_IPS[$i]}\","
        echo "            \"device\": ["
        for ((k = 0; k < ${#devices[@]}; k++)); do
            echo "                {"
            echo "                    \"device_id\": \"${devices[$k]}\","
            echo "                    \"super_device_id\": \"${sdids[$k]:-}\","
            if [ "$k" -lt "${#ips[@]}" ]; then
                echo "                    \"device_ip\": \"${ips[$k]}\","
            fi
            if [ "$k" -lt "${#dports[@]}" ]; then
                echo "                    \"device_port\": \"${dports[$k]}\","
            fi
            partner=""
            for ((j = 0; j < ${#devices[@]}; j++)); do
                if [ "${devices[$j]}" -eq $((devices[k] ^ 1)) ]; then
                    partner=$j
                    break
                fi
            done
            if [ -n "$partner" ] && [ "$partner" -lt "${#ips[@]}" ]; then
                echo "                    \"backup_device_ip\": \"${ips[$partner]}\","
            fi
            if [ "$k" -lt "${#bports[@]}" ]; then
                echo "                    \"backup_device_port\": \"${bports[$k]}\","
            fi
            if [ "$k" -lt "${#hports[@]}" ]; then
                echo "                    \"host_port\": \"${hports[$k]}\","
            fi
            echo "                    \"rank_id\": \"$((NODE_FIRST_RANK[i] + k))\""
            comma=","
            [ "$k" -eq $((${#devices[@]} - 1)) ] && comma=""
            echo "                }$comma"
        done
        echo "            ]"
        comma=","
        [ "$i" -eq $((NODE_COUNT - 1)) ] && comma=""
        echo "        }$comma"
    done
    echo "    ],"
    # The pods in the order their first server comes in the plan, each with its servers.
    for ((i = 0; i < NODE_COUNT; i++)); do
        pod=${NODE_SUPER_POD_IDS[$i]}
        [ -n "$pod" ] || continue
        found=""
        for ((j = 0; j < ${#pods[@]}; j++)); do
            [ "${pods[$j]}" = "$pod" ] && found=1
        done
        [ -n "$found" ] || pods+=("$pod")
    done
    if [ "${#pods[@]}" -eq 0 ]; then
        echo "    \"super_pod_list\": []"
        echo "}"
        return 0
    fi
    echo "    \"super_pod_list\": ["
    for ((j = 0; j < ${#pods[@]}; j++)); do
        echo "        {"
        echo "            \"super_pod_id\": ${pods[$j]},"
        echo "            \"server_list\": ["
        found=""
        for ((i = 0; i < NODE_COUNT; i++)); do
            [ "${NODE_SUPER_POD_IDS[$i]}" = "${pods[$j]}" ] || continue
            [ -n "$found" ] && echo "                },"
            echo "                {"
            echo "                    \"server_id\": ${NODE_SERVER_IDS[$i]}"
            found=1
        done
        echo "                }"
        echo "            ]"
        comma=","
        [ "$j" -eq $((${#pods[@]} - 1)) ] && comma=""
        echo "        }$comma"
    done
    echo "    ]"
    echo "}"
}
