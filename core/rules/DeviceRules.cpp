// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/DeviceRules.h"

#include "rules/RuleText.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kAscendDevices = 8; // the first Ascend 910's subset rules

bool validAscendCount(size_t count)
{
    return count == 1 || count == 2 || count == 4 || count == 8;
}

QString joinIds(const std::vector<int> &ids)
{
    QStringList parts;
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(u", "_s);
}

// Ids in range and listed once; returns false when any was not, so the group rules, which
// reason about which ids are used, are skipped for that server.
bool checkIds(const Project &project, int s, bool ascend, ProblemList &out)
{
    const Server &server = project.servers[static_cast<size_t>(s)];
    auto label = [&] { return serverLabel(project, s); };
    QHash<int, int> firstPosition;
    bool ok = true;
    for (size_t k = 0; k < server.devices.size(); ++k) {
        const int id = server.devices[k];
        const int position = static_cast<int>(k);
        const bool a3 = project.accelerator == Accelerator::Ascend910_93;
        if (id < 0 || (ascend && id >= ascendDeviceCount(project.accelerator))) {
            out.add(
                u"device-ids"_s, devicePlace(s, position),
                a3 ? trText("cw::Validation",
                            "%1 device %2: is not an Atlas A3 die (0-15, two per NPU)")
                         .arg(label(), QString::number(id))
                : ascend
                    ? trText("cw::Validation", "%1 device %2: is not an Ascend 910 device id (0-7)")
                          .arg(label(), QString::number(id))
                    : trText("cw::Validation", "%1 device %2: is not a device id (0 or more)")
                          .arg(label(), QString::number(id)));
            ok = false;
            continue;
        }
        if (auto it = firstPosition.constFind(id); it != firstPosition.constEnd()) {
            out.add(
                u"device-ids"_s, devicePlace(s, position),
                trText("cw::Validation",
                       "%1 device %2: is listed twice (devices[%3] and devices[%4]); each device "
                       "is used once")
                    .arg(label(), QString::number(id), QString::number(*it),
                         QString::number(position)));
            ok = false;
            continue;
        }
        firstPosition.insert(id, position);
    }
    return ok;
}

// Ascend 910: which subsets of the 8 NPUs one server may use (the HCCL topology of seed 004).
// With several servers CANN takes 1 x n, 2 x n, 4 x n or 8 x n devices, n the servers (the
// TensorFlow migration guide's "Precautions" of distributed training, tfmigr2_000030): every
// server uses the same number, within the same group rules as a single server.
void checkAscendSubset(const Project &project, int s, int reference, bool idsOk, ProblemList &out)
{
    const Server &server = project.servers[static_cast<size_t>(s)];
    const size_t count = server.devices.size();
    const QString label = serverLabel(project, s);
    const ProblemPlace path = serverFieldPlace(s, "devices");
    const size_t referenceCount = project.servers[size_t(reference)].devices.size();
    if (s != reference && count != referenceCount && validAscendCount(referenceCount)) {
        out.add(u"device-multi-server"_s, path,
                trText("cw::Validation",
                       "%1: uses %2 devices and %3 uses %4; with several servers every server uses "
                       "the same number (1 x N, 2 x N, 4 x N or 8 x N)")
                    .arg(label, QString::number(count), serverLabel(project, reference),
                         QString::number(referenceCount)));
    }
    // The common case, all eight or a single device, needs no more text.
    if (count == kAscendDevices || count == 1)
        return;
    if (!validAscendCount(count)) {
        out.add(
            u"device-count"_s, path,
            trText("cw::Validation", "%1: uses %2 devices; an Ascend 910 server uses 1, 2, 4 or 8")
                .arg(label, QString::number(count)));
        return;
    }
    if (!idsOk)
        return;
    unsigned used = 0;
    for (int id : server.devices)
        used |= 1u << id;
    if (count == 4 && used != 0x0fu && used != 0xf0u) {
        out.add(
            u"device-group-4"_s, path,
            trText("cw::Validation", "%1: four devices must be 0, 1, 2, 3 or 4, 5, 6, 7, not %2")
                .arg(label, joinIds(server.devices)));
    }
    if (count == 2 && (server.devices[0] < 4) != (server.devices[1] < 4)) {
        out.add(u"device-group-2"_s, path,
                trText("cw::Validation",
                       "%1: devices %2 and %3 are in different groups; two devices must both be in "
                       "0-3 or both in 4-7")
                    .arg(label, QString::number(server.devices[0]),
                         QString::number(server.devices[1])));
    }
}

} // namespace

Problems validateDeviceSubsets(const Project &project)
{
    ProblemList out;
    const bool ascend = isAscend(project.accelerator);
    const int reference = project.servers.empty() ? 0 : project.launchOrder().front();
    for (int s = 0; s < static_cast<int>(project.servers.size()); ++s) {
        if (project.servers[static_cast<size_t>(s)].devices.empty()) {
            out.add(u"devices-empty"_s, serverFieldPlace(s, "devices"),
                    trText("cw::Validation", "%1: lists no devices; list at least one")
                        .arg(serverLabel(project, s)));
            continue;
        }
        const bool idsOk = checkIds(project, s, ascend, out);
        // Atlas A2 (910B): any 1-8 distinct ids per server, alone or (1-8) x N in a cluster
        // (Atlas A2 training series, "Precautions" of the distributed training guide and
        // MindCluster's training job table; docs/ascend.md "Atlas A2 (910B)").
        if (project.accelerator == Accelerator::Ascend910)
            checkAscendSubset(project, s, reference, idsOk, out);
    }
    return out.take();
}

} // namespace cw
