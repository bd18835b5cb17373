#include "logs/RunServerLogs.h"

using namespace Qt::StringLiterals;

namespace cw {

std::vector<ServerLogFollow> runServerLogs(const Project &project, const RunRecord &record,
                                           const FleetOptions &options)
{
    std::vector<ServerLogFollow> follows;
    for (const RunServer &runServer : record.servers) {
        const std::optional<int> index = project.serverIndex(runServer.name);
        if (!index)
            continue;
        const Server &server = project.servers[size_t(*index)];
        ServerLogFollow follow;
        follow.serverIndex = *index;
        follow.options.server = server.name;
        follow.options.target = fleetTarget(server, options);
        follow.options.hostKeyPolicy = options.hostKeyPolicy.get();
        follow.options.credentials = options.credentials;
        follow.options.python = project.launch.python;
        const int first = project.rankOffset(*index);
        for (int rank = first; rank < first + int(server.devices.size()); ++rank)
            follow.sources.append({rank, u"%1/rank%2.log"_s.arg(runServer.runDir).arg(rank), 0});
        follows.push_back(std::move(follow));
    }
    return follows;
}

} // namespace cw
