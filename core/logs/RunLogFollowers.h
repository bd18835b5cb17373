#pragma once

// The live log follow of one run: one RemoteLogFollower per selected server (one SSH connection
// each), all started at once and ended together. `clusterwiz-cli logs --follow`, `launch
// --follow` and the GUI's run panel differ only in where the records and messages go.

#include "fleet/FleetRunner.h"
#include "logs/RemoteLogFollower.h"
#include "logs/RunLogSources.h"
#include "model/Project.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace cw {

class RunLogFollowers {
public:
    // Starts following every server of `selection`. The sinks are called on the followers'
    // threads; status messages already start with the server's name.
    RunLogFollowers(const Project &project, const RunLogSelection &selection,
                    const FleetOptions &fleet, const RemoteLogFollower::RecordSink &sink,
                    const RemoteLogFollower::StatusSink &status);
    ~RunLogFollowers(); // cancels and joins what finish() did not

    RunLogFollowers(const RunLogFollowers &) = delete;
    RunLogFollowers &operator=(const RunLogFollowers &) = delete;

    // Ends every follower: `drain` reads each file to its end first (call it once the run is
    // final, so that end is final too), else they end at once. Returns "server: error" for each
    // follower that gave up (a refused host key or login, a connection lost for good).
    QStringList finish(bool drain);

private:
    // Declared first: the followers use it until they are destroyed.
    std::shared_ptr<HostKeyPolicy> m_policy;
    std::vector<std::unique_ptr<RemoteLogFollower>> m_followers;
};

} // namespace cw
