#include "generate/ScriptFiles.h"

#include "generate/DeviceIpBash.h"
#include "generate/DeviceRouteBash.h"
#include "generate/NodePlanBash.h"

#include <utility>

namespace cw {
namespace {

// Check-then-set: read every device, save what will be replaced, set only what differs, read
// back. The plan and the command lines come from the generator; this part only decides.
QString setupBody(const Project &project)
{
    QString body = QStringLiteral(R"BASH(
clusterwiz_usage() {
    cat <<'USAGE'
Usage: setup_device_ips.sh [--dry-run]
Gives this server's devices the IPs of the plan with hccn_tool, then reads them back.
Only devices whose address or netmask differ are set. Before a change the current values are
saved in device_ips.before.SERVER.DATE.txt in the current folder: run that file with bash to
put them back.
  --dry-run   print the hccn_tool commands that would change something; change nothing
Exit status: 0 when every device matches the plan, 1 otherwise, 2 on a usage error or when
this server is not in the plan (set CLUSTERWIZ_NODE_RANK to its index in the plan).
USAGE
}

DRY_RUN=0
for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        -h|--help) clusterwiz_usage; exit 0 ;;
        *) echo "setup_device_ips.sh: unknown argument: $arg" >&2; clusterwiz_usage >&2; exit 2 ;;
    esac
done

clusterwiz_find_node || exit 2
read -r -a DEVICE_IPS <<< "${NODE_DEVICE_IPS[$NODE_RANK]}"
echo "setup_device_ips.sh: server $SERVER_NAME (plan index $NODE_RANK), devices ${DEVICES[*]}"

if ! command -v hccn_tool >/dev/null 2>&1; then
    echo "setup_device_ips.sh: hccn_tool not found on PATH, in /usr/local/Ascend/driver/tools or in /usr/local/sbin (it comes with the Ascend driver)" >&2
    if [ "$DRY_RUN" = 1 ]; then
        echo "Commands that would set every device:"
        for ((k = 0; k < NPROC; k++)); do
            echo "    ${HCCN_SET_COMMANDS[$((FIRST_RANK + k))]}"
        done
    fi
    exit 1
fi

# Pass 1: what is there now, and which devices differ from the plan.
declare -a WANT_SET OLD_ADDRESS OLD_NETMASK OLD_ERROR
pending=0
for ((k = 0; k < NPROC; k++)); do
    device=${DEVICES[$k]}
    OLD_ERROR[k]=""
    if clusterwiz_read_device_ip "$device"; then
        OLD_ADDRESS[k]=$READ_ADDRESS
        OLD_NETMASK[k]=$READ_NETMASK
    else
        OLD_ADDRESS[k]=""
        OLD_NETMASK[k]=""
        OLD_ERROR[k]=$READ_ERROR
    fi
    if [ -z "${OLD_ERROR[k]}" ] && [ "${OLD_ADDRESS[k]}" = "${DEVICE_IPS[$k]}" ] \
        && [ "${OLD_NETMASK[k]}" = "$DEVICE_NETMASK" ]; then
        WANT_SET[k]=0
    else
        WANT_SET[k]=1
        pending=$((pending + 1))
    fi
done

@ROUTE_READ@clusterwiz_was() {
    if [ -n "${OLD_ERROR[$1]}" ]; then
        echo "unknown: ${OLD_ERROR[$1]}"
    else
        echo "${OLD_ADDRESS[$1]}/${OLD_NETMASK[$1]}"
    fi
}

if [ "$DRY_RUN" = 1 ]; then
    for ((k = 0; k < NPROC; k++)); do
        line="device ${DEVICES[$k]}: ${DEVICE_IPS[$k]}/$DEVICE_NETMASK"
        if [ "${WANT_SET[k]}" = 0 ]; then
            echo "$line ok"
        else
            echo "$line would set (now $(clusterwiz_was "$k")):"
            echo "    ${HCCN_SET_COMMANDS[$((FIRST_RANK + k))]}"
        fi
    done
@ROUTE_DRY_RUN@    echo "setup_device_ips.sh: dry run, nothing changed; $pending of $NPROC devices differ from the plan"
    [ "$pending" = 0 ] && exit 0
    exit 1
fi

# Only a value that looks like an address goes into the undo file, which is a shell script.
clusterwiz_is_address() {
    [[ "$1" =~ ^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$ ]]
}

if [ "$pending" -gt 0 ] && [ "$(id -u)" != 0 ]; then
    echo "setup_device_ips.sh: setting device IPs needs root (hccn_tool -ip -s); if a device fails below, run it again as root: sudo bash setup_device_ips.sh"
fi

BACKUP=""
if [ "$pending" -gt 0 ]; then
    BACKUP="device_ips.before.$SERVER_NAME.$(date +%Y%m%d-%H%M%S).txt"
    [ -e "$BACKUP" ] && BACKUP="${BACKUP%.txt}.$$.txt"
    if ! {
        echo "#!/bin/bash"
        echo "# Device IPs of server $SERVER_NAME before setup_device_ips.sh changed them ($(date))."
        echo "# Run this file with bash to put back the devices that were changed."
        for ((k = 0; k < NPROC; k++)); do
            device=${DEVICES[$k]}
            echo "# device $device: $(clusterwiz_was "$k")"
            [ "${WANT_SET[k]}" = 1 ] || continue
            if [ -z "${OLD_ERROR[k]}" ] && clusterwiz_is_address "${OLD_ADDRESS[k]}" \
                && clusterwiz_is_address "${OLD_NETMASK[k]}"; then
                undo=${HCCN_UNDO_TEMPLATES[$device]}
                undo=${undo/"'ADDRESS'"/"'${OLD_ADDRESS[k]}'"}
                undo=${undo/"'NETMASK'"/"'${OLD_NETMASK[k]}'"}
                echo "$undo"
            else
                echo "# device $device: no address to put back"
            fi
        done
@ROUTE_BACKUP@    } > "$BACKUP"; then
        echo "setup_device_ips.sh: cannot write the backup $BACKUP in $(pwd); nothing changed" >&2
        exit 1
    fi
fi

# Pass 2: set what differs, then read back every device that was set.
failed=0
changed=0
for ((k = 0; k < NPROC; k++)); do
    device=${DEVICES[$k]}
    line="device $device: ${DEVICE_IPS[$k]}/$DEVICE_NETMASK"
    if [ "${WANT_SET[k]}" = 0 ]; then
        echo "$line ok"
        continue
    fi
    output=$(clusterwiz_run_words "${HCCN_SET_COMMANDS[$((FIRST_RANK + k))]}" 2>&1)
    status=$?
    if [ "$status" -ne 0 ]; then
        echo "$line FAILED (hccn_tool exited $status: $(clusterwiz_first_line "$output"))"
        failed=$((failed + 1))
    elif ! clusterwiz_read_device_ip "$device"; then
        echo "$line FAILED (read-back: $READ_ERROR)"
        failed=$((failed + 1))
    elif [ "$READ_ADDRESS" != "${DEVICE_IPS[$k]}" ] || [ "$READ_NETMASK" != "$DEVICE_NETMASK" ]; then
        echo "$line FAILED (reads back $READ_ADDRESS/$READ_NETMASK)"
        failed=$((failed + 1))
    else
        echo "$line set (was $(clusterwiz_was "$k"))"
        changed=$((changed + 1))
    fi
done

@ROUTE_APPLY@summary="setup_device_ips.sh: $changed set, $((NPROC - pending)) already right, $failed failed"
[ -n "$BACKUP" ] && summary="$summary; previous values in $(pwd)/$BACKUP"
echo "$summary"
[ "$failed" = 0 ] && exit 0
exit 1
)BASH");
    // The routed parts (DeviceRouteBash.h) are empty unless the project has gateways or detect
    // IPs, so that the script of every other project stays as it was.
    const std::pair<const char *, RoutePart> parts[] = {{"@ROUTE_READ@", RoutePart::Read},
                                                        {"@ROUTE_DRY_RUN@", RoutePart::DryRun},
                                                        {"@ROUTE_BACKUP@", RoutePart::Backup},
                                                        {"@ROUTE_APPLY@", RoutePart::Apply}};
    for (const auto &[marker, part] : parts)
        body.replace(QLatin1StringView(marker), deviceRoutePart(project, part));
    return body;
}

} // namespace

QByteArray setupDeviceIpsScript(const Project &project)
{
    QString text = scriptHeader(
        project, QStringLiteral("Sets this server's device IPs with hccn_tool (check, back up, "
                                "set what differs, read back). Same file on every server."));
    text += QStringLiteral("set -u\n\n");
    text += planTable(project);
    text += deviceIpTable(project, DeviceTableUse::SetIps);
    text += deviceRouteTable(project);
    text += findNodeFunction();
    text += hccnFunctions();
    text += deviceRoutePart(project, RoutePart::Functions);
    text += setupBody(project);
    return text.toUtf8();
}

} // namespace cw
