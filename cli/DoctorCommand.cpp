// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"
#include "cli/Commands.h"
#include "cli/FleetCliOptions.h"
#include "doctor/Doctor.h"
#include "doctor/DoctorText.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw::cli {

int runDoctor(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    CommandParser command(
        u"doctor"_s,
        u"Tests traffic between the servers end to end, where `check` reads configuration:\n"
        u"  links      (Ascend) every device pings, with hccn_tool -ping, the device of the same\n"
        u"             index on every other server (910A: also its segment partner i+4); past %1\n"
        u"             peers per device the peers are sampled, every device still tested in both\n"
        u"             directions;\n"
        u"  ports      every server connects to every other server's host_ip on the ports the job\n"
        u"             needs from it (master_port, the HCCL base port, an ephemeral port for\n"
        u"             gloo/NCCL, SSH for mpirun) against a listener clusterwiz starts there and\n"
        u"             removes; \"timed out\" is a firewall dropping, \"refused\" one rejecting;\n"
        u"  bandwidth  every pair of servers runs a two-rank all_reduce of --size MB (gloo for\n"
        u"             cpu, NCCL for nvidia, HCCL when torch_npu imports on every server, else\n"
        u"             gloo), in rounds of disjoint pairs; pairs under 70% of the median are "
        u"slow.\n"
        u"Then names the suspects: a device failing most of its pings, a server whose port fails,\n"
        u"the server common to every slow pair. docs/doctor.md says what each test proves.\n"
        u"Exit codes: 0 everything fine, 1 a failed link, port or pair, a slow pair, a server not\n"
        u"reached or an invalid project, 2 the project cannot be read, 64 usage."_s.arg(
            kLinkFullMeshPeers),
        u"[options] PROJECT"_s);
    command.addPositional(u"PROJECT"_s, u"The *.clusterwiz.json file."_s);
    QCommandLineParser &parser = command.parser();
    parser.addOption({u"json"_s, u"Print the report as JSON."_s});
    parser.addOption({u"only"_s,
                      u"Run only these parts: links, ports, bandwidth (comma separated or "
                      u"repeated)."_s,
                      u"PART"_s});
    parser.addOption({u"size"_s,
                      u"Megabytes per all_reduce in the bandwidth part (default %1, 1-%2)."_s
                          .arg(kDefaultBandwidthMb)
                          .arg(kMaxBandwidthMb),
                      u"MB"_s});
    ServerCommandInput input;
    if (const int exit =
            parseServerCommand(command, arguments, out, err, input, ProjectNeed::Valid);
        exit != kContinue)
        return exit;
    auto &[fleet, path, project, valid, file] = input;

    DoctorOptions options;
    for (const QString &value : parser.values(u"only"_s)) {
        for (const QString &name : value.split(u',', Qt::SkipEmptyParts)) {
            const auto part = doctorPartFromName(name.trimmed());
            if (!part)
                return command.usageError(
                    u"--only takes links, ports or bandwidth, not '%1'"_s.arg(name), err);
            if (std::find(options.parts.begin(), options.parts.end(), *part) == options.parts.end())
                options.parts.push_back(*part);
        }
    }
    if (parser.isSet(u"size"_s)) {
        bool ok = false;
        options.sizeMb = parser.value(u"size"_s).toInt(&ok);
        if (!ok || options.sizeMb < 1 || options.sizeMb > kMaxBandwidthMb)
            return command.usageError(u"--size must be a whole number of MB from 1 to %1, not "
                                      u"'%2'"_s.arg(kMaxBandwidthMb)
                                          .arg(parser.value(u"size"_s)),
                                      err);
    }
    // Progress on stderr, so that --json stays clean on stdout.
    const DoctorReport report =
        cw::runDoctor(project, fleet, options,
                      [&err](DoctorPart part, int done, int total, const QString &message) {
                          err << "doctor: " << doctorPartName(part) << ' ' << done << '/' << total
                              << ": " << message << '\n';
                          err.flush();
                      });
    if (parser.isSet(u"json"_s))
        out << QString::fromStdString(doctorReportToJson(report).dump(2)) << '\n';
    else
        out << doctorReportText(report);
    out.flush();
    return report.passed() ? ExitOk : ExitInvalid;
}

} // namespace cw::cli
