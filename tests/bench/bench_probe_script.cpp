// SPDX-License-Identifier: GPL-3.0-or-later
// Prints the exact command line `clusterwiz-cli discover` sends to a server over SSH
// (probeCommand(): `sh -c '<probe script>'`), so that tests/bench/bench_discover.sh can time pdsh
// running the same probes on the same servers.
//
//   bench_probe_script PROJECT [INDEX]   the command for servers[INDEX] (default 0)
//   bench_probe_script PROJECT --same    the command, after checking every server gets the same
//                                        one (pdsh sends one command to all); exits 1 otherwise
#include "discover/ProbeScript.h"
#include "model/ProjectJson.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    QTextStream err(stderr);
    if (args.isEmpty() || args.size() > 2) {
        err << "usage: bench_probe_script PROJECT [INDEX|--same]\n";
        return 2;
    }
    const cw::ProjectLoad load = cw::loadProjectFile(args.at(0));
    if (!load.ok()) {
        err << "bench_probe_script: cannot load " << args.at(0) << "\n";
        return 1;
    }
    const int count = int(load.project.servers.size());
    const bool same = args.size() == 2 && args.at(1) == u"--same"_s;
    const int index = args.size() == 2 && !same ? args.at(1).toInt() : 0;
    const QString command = cw::probeCommand(load.project, index);
    if (command.isEmpty()) {
        err << "bench_probe_script: no server " << index << "\n";
        return 1;
    }
    if (same) {
        for (int i = 1; i < count; ++i) {
            if (cw::probeCommand(load.project, i) != command) {
                err << "bench_probe_script: server " << i
                    << " gets another command than server 0\n";
                return 1;
            }
        }
    }
    QTextStream(stdout) << command << '\n';
    return 0;
}
