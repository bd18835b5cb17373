// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/Doctor.h"

#include "doctor/LinkTest.h"
#include "doctor/PortTest.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

std::vector<DoctorPart> applicableParts(const Project &project)
{
    std::vector<DoctorPart> parts;
    if (isAscend(project.accelerator))
        parts.push_back(DoctorPart::Links);
    if (project.servers.size() > 1) {
        parts.push_back(DoctorPart::Ports);
        parts.push_back(DoctorPart::Bandwidth);
    }
    return parts;
}

DoctorReport runDoctor(const Project &project, const FleetOptions &fleet,
                       const DoctorOptions &options, const DoctorProgress &progress,
                       const std::atomic<bool> *cancel)
{
    DoctorReport report;
    std::vector<DoctorPart> parts =
        options.parts.empty() ? applicableParts(project) : options.parts;
    const auto wanted = [&](DoctorPart part) {
        return std::find(parts.begin(), parts.end(), part) != parts.end();
    };
    const auto cancelled = [&] { return cancel && cancel->load(); };
    const auto tell = [&](DoctorPart part, int done, int total, const QString &message) {
        if (progress)
            progress(part, done, total, message);
    };
    const auto show = [&](const DoctorReport &soFar) {
        if (options.resultsSoFar)
            options.resultsSoFar(soFar);
    };

    // Every part gets report.notReached: a server one part could not log in to, the later ones
    // do not try again (each try waits for its SSH timeout); its cells are not tested.
    if (wanted(DoctorPart::Links) && !cancelled()) {
        if (!isAscend(project.accelerator)) {
            report.notes << u"links: not an Ascend project; there is no device network to ping"_s;
        } else {
            report.parts.push_back(DoctorPart::Links);
            if (project.accelerator == Accelerator::Ascend910_93)
                report.unit = u"die"_s;
            const LinkPlan plan = planLinks(project, options.linkPeers);
            report.notes << plan.note;
            tell(DoctorPart::Links, 0, int(project.servers.size()),
                 u"pinging %1 %2 pairs"_s.arg(QString::number(plan.probes.size()), report.unit));
            report.links = runLinkTest(
                project, plan, fleet, report.problems, report.notReached,
                [&](int done, int total, const QString &server,
                    const std::vector<DeviceLink> &links) {
                    report.links.insert(report.links.end(), links.begin(), links.end());
                    show(report);
                    tell(DoctorPart::Links, done, total, u"%1 done"_s.arg(server));
                },
                cancel);
        }
    }
    if (wanted(DoctorPart::Ports) && !cancelled()) {
        if (project.servers.size() < 2) {
            report.notes << u"ports: one server, no pair to connect"_s;
        } else {
            report.parts.push_back(DoctorPart::Ports);
            // The cells of servers the links part could not reach are known now: shown at once.
            report.ports = portsNotReached(project, report.notReached);
            if (!report.ports.empty())
                show(report);
            int step = 0;
            report.ports = runPortTest(
                project, fleet, report.problems, report.notReached,
                [&](const QString &message) { tell(DoctorPart::Ports, step++, 3, message); },
                cancel);
            tell(DoctorPart::Ports, 3, 3, u"done"_s);
            show(report);
        }
    }
    if (wanted(DoctorPart::Bandwidth) && !cancelled()) {
        if (project.servers.size() < 2) {
            report.notes << u"bandwidth: one server, no pair to measure"_s;
        } else {
            report.parts.push_back(DoctorPart::Bandwidth);
            report.bandwidth = runBandwidthTest(
                project, fleet, options.sizeMb, report.notes, report.problems, report.notReached,
                [&](int round, int rounds, const std::vector<PairBandwidth> &pairs) {
                    DoctorReport soFar = report;
                    soFar.bandwidth = pairs;
                    show(soFar);
                    tell(DoctorPart::Bandwidth, round, rounds,
                         round < rounds ? u"round %1 of %2"_s.arg(round + 1).arg(rounds)
                                        : u"done"_s);
                },
                cancel);
        }
    }
    report.cancelled = cancelled();
    findSuspects(report);
    return report;
}

} // namespace cw
