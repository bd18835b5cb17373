#include "generate/DeviceRouteBash.h"

#include "plan/HccnCommands.h"
#include "rules/DeviceRoutes.h"
#include "shell/ShellQuote.h"

#include <set>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString stored(const QStringList &argv)
{
    return shellQuote(shellJoin(argv));
}

QString indexed(const QString &name, const std::vector<std::pair<int, QString>> &entries)
{
    QString text = name + u"=(\n"_s;
    for (const auto &[index, value] : entries)
        text += u"    ["_s + QString::number(index) + u"]="_s + value + u'\n';
    return text + u")\n"_s;
}

const char *functions()
{
    return R"BASH(
# The gateway and detect IP hccn_tool keeps for device N, read from its configuration file
# (gateway_N=, netdetect_N=); sets READ_GATEWAY and READ_DETECT, empty when not set.
CLUSTERWIZ_HCCN_CONF=${CLUSTERWIZ_HCCN_CONF:-/etc/hccn.conf}
clusterwiz_read_device_route() {
    local line
    READ_GATEWAY=""
    READ_DETECT=""
    [ -r "$CLUSTERWIZ_HCCN_CONF" ] || return 0
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line//[[:space:]]/}
        case "$line" in
            "gateway_$1="*) READ_GATEWAY=${line#*=} ;;
            "netdetect_$1="*) READ_DETECT=${line#*=} ;;
        esac
    done < "$CLUSTERWIZ_HCCN_CONF"
    return 0
}
)BASH";
}

// After pass 1: which devices need their gateway or detect IP set (every device whose address
// is set gets them again, after the address).
const char *readPart()
{
    return R"BASH(
# Routed device network: each device's gateway and detect IP now (from hccn.conf), and which
# differ from the plan; a device whose address is set gets both again after it.
declare -a WANT_ROUTE OLD_GATEWAY OLD_DETECT
for ((k = 0; k < NPROC; k++)); do
    rank=$((FIRST_RANK + k))
    clusterwiz_read_device_route "${DEVICES[$k]}"
    OLD_GATEWAY[k]=$READ_GATEWAY
    OLD_DETECT[k]=$READ_DETECT
    WANT_ROUTE[k]=0
    want_gateway=${DEVICE_GATEWAYS[$rank]:-}
    want_detect=${DEVICE_DETECT_IPS[$rank]:-}
    [ -n "$want_gateway$want_detect" ] || continue
    if [ "${WANT_SET[k]}" = 1 ] || [ "$READ_GATEWAY" != "${want_gateway:-$READ_GATEWAY}" ] \
        || [ "$READ_DETECT" != "${want_detect:-$READ_DETECT}" ]; then
        WANT_ROUTE[k]=1
        [ "${WANT_SET[k]}" = 1 ] || pending=$((pending + 1))
    fi
done

clusterwiz_route_line() {
    local rank=$((FIRST_RANK + $1))
    echo "device ${DEVICES[$1]}: gateway ${DEVICE_GATEWAYS[$rank]:-(none)}, detect IP ${DEVICE_DETECT_IPS[$rank]:-(none)}"
}
)BASH";
}

const char *dryRunPart()
{
    return R"BASH(
    for ((k = 0; k < NPROC; k++)); do
        rank=$((FIRST_RANK + k))
        [ -n "${DEVICE_GATEWAYS[$rank]:-}${DEVICE_DETECT_IPS[$rank]:-}" ] || continue
        if [ "${WANT_ROUTE[k]}" = 0 ]; then
            echo "$(clusterwiz_route_line "$k") ok"
            continue
        fi
        echo "$(clusterwiz_route_line "$k") would set (now gateway ${OLD_GATEWAY[k]:-(none)}, detect IP ${OLD_DETECT[k]:-(none)}):"
        [ -n "${HCCN_GATEWAY_COMMANDS[$rank]:-}" ] && echo "    ${HCCN_GATEWAY_COMMANDS[$rank]}"
        [ -n "${HCCN_DETECT_COMMANDS[$rank]:-}" ] && echo "    ${HCCN_DETECT_COMMANDS[$rank]}"
    done
)BASH";
}

// Inside the backup file's braces, after the address lines, so that undo restores the address
// first and then the gateway and detect IP that went with it.
const char *backupPart()
{
    return R"BASH(
        for ((k = 0; k < NPROC; k++)); do
            [ "${WANT_ROUTE[k]}" = 1 ] || continue
            device=${DEVICES[$k]}
            echo "# device $device: gateway ${OLD_GATEWAY[k]:-(none)}, detect IP ${OLD_DETECT[k]:-(none)}"
            if clusterwiz_is_address "${OLD_GATEWAY[k]}"; then
                undo=${HCCN_GATEWAY_UNDO_TEMPLATES[$device]}
                undo=${undo/"'GATEWAY'"/"'${OLD_GATEWAY[k]}'"}
                echo "$undo"
            else
                echo "# device $device: no gateway to put back"
            fi
            if clusterwiz_is_address "${OLD_DETECT[k]}"; then
                undo=${HCCN_DETECT_UNDO_TEMPLATES[$device]}
                undo=${undo/"'ADDRESS'"/"'${OLD_DETECT[k]}'"}
                echo "$undo"
            else
                echo "# device $device: no detect IP to put back"
            fi
        done
)BASH";
}

// Pass 2, after the addresses: gateway, then detect IP, then read both back.
const char *applyPart()
{
    return R"BASH(
# Then each device's gateway and detect IP, read back from hccn.conf.
for ((k = 0; k < NPROC; k++)); do
    [ "${WANT_ROUTE[k]}" = 1 ] || continue
    device=${DEVICES[$k]}
    rank=$((FIRST_RANK + k))
    line=$(clusterwiz_route_line "$k")
    if [ "${WANT_SET[k]}" = 1 ] && { ! clusterwiz_read_device_ip "$device" \
        || [ "$READ_ADDRESS" != "${DEVICE_IPS[$k]}" ]; }; then
        echo "$line skipped (the device has not its planned address)"
        continue
    fi
    problem=""
    for command in "${HCCN_GATEWAY_COMMANDS[$rank]:-}" "${HCCN_DETECT_COMMANDS[$rank]:-}"; do
        [ -n "$command" ] || continue
        output=$(clusterwiz_run_words "$command" 2>&1)
        status=$?
        if [ "$status" -ne 0 ]; then
            problem="hccn_tool exited $status: $(clusterwiz_first_line "$output")"
            break
        fi
    done
    if [ -z "$problem" ]; then
        clusterwiz_read_device_route "$device"
        if [ "$READ_GATEWAY" != "${DEVICE_GATEWAYS[$rank]:-$READ_GATEWAY}" ] \
            || [ "$READ_DETECT" != "${DEVICE_DETECT_IPS[$rank]:-$READ_DETECT}" ]; then
            problem="$CLUSTERWIZ_HCCN_CONF reads back gateway ${READ_GATEWAY:-(none)}, detect IP ${READ_DETECT:-(none)}"
        fi
    fi
    if [ -n "$problem" ]; then
        echo "$line FAILED ($problem)"
        failed=$((failed + 1))
    else
        echo "$line set (was gateway ${OLD_GATEWAY[k]:-(none)}, detect IP ${OLD_DETECT[k]:-(none)})"
        [ "${WANT_SET[k]}" = 1 ] || changed=$((changed + 1))
    fi
done
)BASH";
}

// check.sh's device-ips, once a device's address is right: its gateway and detect IP in
// hccn.conf against the plan (a right address would otherwise hide a gateway never set).
const char *checkComparePart()
{
    return R"BASH(
            local rank=$((FIRST_RANK + k))
            if [ -n "${DEVICE_GATEWAYS[$rank]:-}${DEVICE_DETECT_IPS[$rank]:-}" ]; then
                clusterwiz_read_device_route "$device"
                if [ ! -r "$CLUSTERWIZ_HCCN_CONF" ]; then
                    clusterwiz_warn "device $device $want; its gateway and detect IP are not verified: $CLUSTERWIZ_HCCN_CONF is not readable"
                    continue
                elif [ "$READ_GATEWAY" != "${DEVICE_GATEWAYS[$rank]:-$READ_GATEWAY}" ] \
                    || [ "$READ_DETECT" != "${DEVICE_DETECT_IPS[$rank]:-$READ_DETECT}" ]; then
                    clusterwiz_fail "device $device has gateway ${READ_GATEWAY:-(none)}, detect IP ${READ_DETECT:-(none)}, the plan says gateway ${DEVICE_GATEWAYS[$rank]:-(none)}, detect IP ${DEVICE_DETECT_IPS[$rank]:-(none)} (setup_device_ips.sh sets them)"
                    continue
                fi
                want="$want gateway ${DEVICE_GATEWAYS[$rank]:-(none)} detect IP ${DEVICE_DETECT_IPS[$rank]:-(none)}"
            fi
)BASH";
}

// check.sh --net sets each device's detect IP to a peer's device IP; put the planned one back.
const char *checkRestorePart()
{
    return R"BASH(
    # A routed device network: each device detects its planned address again (its gateway).
    for ((k = 0; k < NPROC; k++)); do
        [ -n "${HCCN_DETECT_COMMANDS[$((FIRST_RANK + k))]:-}" ] || continue
        if ! output=$(clusterwiz_run_words "${HCCN_DETECT_COMMANDS[$((FIRST_RANK + k))]}" 2>&1); then
            clusterwiz_warn "device ${DEVICES[$k]}: detect IP not set back to ${DEVICE_DETECT_IPS[$((FIRST_RANK + k))]}: $(clusterwiz_first_line "$output")"
        fi
    done
)BASH";
}

} // namespace

QString deviceRouteTable(const Project &project)
{
    if (!isRouted(project.deviceNetwork))
        return {};
    std::vector<std::pair<int, QString>> gateways, detects, gatewayCommands, detectCommands;
    std::set<int> deviceIds;
    for (int index : project.launchOrder()) {
        const Server &server = project.servers[static_cast<size_t>(index)];
        const int firstRank = project.rankOffset(index);
        for (size_t k = 0; k < server.devices.size(); ++k) {
            const int rank = firstRank + static_cast<int>(k);
            const int device = server.devices[k];
            deviceIds.insert(device);
            const DeviceRoute route =
                deviceRoute(project.deviceNetwork, server.deviceIps.value(qsizetype(k)));
            if (!route.gateway.isEmpty()) {
                gateways.emplace_back(rank, shellQuote(route.gateway));
                gatewayCommands.emplace_back(rank,
                                             stored(hccnSetGatewayCommand(device, route.gateway)));
            }
            if (!route.detectIp.isEmpty()) {
                detects.emplace_back(rank, shellQuote(route.detectIp));
                detectCommands.emplace_back(rank,
                                            stored(hccnNetdetectCommand(device, route.detectIp)));
            }
        }
    }
    std::vector<std::pair<int, QString>> gatewayUndo, detectUndo;
    for (int device : deviceIds) {
        gatewayUndo.emplace_back(device, stored(hccnSetGatewayCommand(device, u"GATEWAY"_s)));
        detectUndo.emplace_back(device, stored(hccnNetdetectCommand(device, u"ADDRESS"_s)));
    }
    QString text =
        u"\n# Routed device network: each device's gateway and detect IP by global rank, "
        "and the hccn_tool command lines.\n"_s;
    text += indexed(u"DEVICE_GATEWAYS"_s, gateways);
    text += indexed(u"DEVICE_DETECT_IPS"_s, detects);
    text += indexed(u"HCCN_GATEWAY_COMMANDS"_s, gatewayCommands);
    text += indexed(u"HCCN_DETECT_COMMANDS"_s, detectCommands);
    text += indexed(u"HCCN_GATEWAY_UNDO_TEMPLATES"_s, gatewayUndo);
    text += indexed(u"HCCN_DETECT_UNDO_TEMPLATES"_s, detectUndo);
    return text;
}

QString deviceRoutePart(const Project &project, RoutePart part)
{
    if (!isRouted(project.deviceNetwork))
        return {};
    switch (part) {
    case RoutePart::Functions:
        return QString::fromUtf8(functions());
    case RoutePart::Read: // each part goes at the start of a line; Read and Apply end in a blank
                          // one
        return QString::fromUtf8(readPart()).mid(1) + u'\n';
    case RoutePart::DryRun:
        return QString::fromUtf8(dryRunPart()).mid(1);
    case RoutePart::Backup:
        return QString::fromUtf8(backupPart()).mid(1);
    case RoutePart::Apply:
        return QString::fromUtf8(applyPart()).mid(1) + u'\n';
    case RoutePart::CheckCompare:
        return QString::fromUtf8(checkComparePart()).mid(1);
    case RoutePart::CheckRestore:
        return QString::fromUtf8(checkRestorePart()).mid(1);
    }
    return {};
}

} // namespace cw
