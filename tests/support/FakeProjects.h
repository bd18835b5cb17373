// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Projects whose servers are the servers of a FakeFleet, for the unit tests of launch, status,
// stop and logs: the cpu-2x2 example (two servers, two ranks each), every server added to the
// fleet under its own name and address, and fleet options that reach them through the fake.

#include "FakeRemote.h"

#include "fleet/FleetRunner.h"
#include "model/ProjectJson.h"

namespace cwtest {

inline QString sourcePath(const QString &relative)
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/") + relative;
}

// The cpu-2x2 example with its entry script uploaded, in `mode`; its servers join `fleet`.
inline cw::Project fakeCpuProject(FakeFleet &fleet, cw::LaunchMode mode = cw::LaunchMode::Launch)
{
    using namespace Qt::StringLiterals;
    cw::Project project =
        cw::loadProjectFile(sourcePath(u"resources/examples/cpu-2x2.clusterwiz.json"_s)).project;
    project.launch.mode = mode;
    project.launch.upload = {sourcePath(u"resources/examples/train_ddp.py"_s)};
    for (const cw::Server &server : project.servers)
        fleet.add(server.name, server.host, server.port);
    return project;
}

inline cw::FleetOptions fakeFleetOptions(const std::shared_ptr<FakeFleet> &fleet)
{
    cw::FleetOptions options;
    options.connector = fleet;
    options.parseSshConfig = false;
    options.timeoutMs = 5000;
    return options;
}

} // namespace cwtest
