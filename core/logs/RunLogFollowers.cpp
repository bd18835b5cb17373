#include "logs/RunLogFollowers.h"

namespace cw {

RunLogFollowers::RunLogFollowers(const Project &project, const RunLogSelection &selection,
                                 const FleetOptions &fleet,
                                 const RemoteLogFollower::RecordSink &sink,
                                 const RemoteLogFollower::StatusSink &status)
    : m_policy(fleetHostKeyPolicy(fleet))
{
    for (const ServerLogSources &server : selection.servers) {
        m_followers.push_back(std::make_unique<RemoteLogFollower>(
            logFollowerOptions(project, server.serverIndex, fleet, m_policy.get()), server.sources,
            sink, status));
    }
    for (const auto &follower : m_followers)
        follower->start();
}

RunLogFollowers::~RunLogFollowers() = default; // each follower cancels and joins its thread

QStringList RunLogFollowers::finish(bool drain)
{
    for (const auto &follower : m_followers) {
        if (drain)
            follower->stop();
        else
            follower->cancel();
    }
    QStringList errors;
    for (size_t i = 0; i < m_followers.size(); ++i) {
        const SshError error = m_followers[i]->wait();
        if (error.isError() && error.kind != SshError::Kind::Cancelled)
            errors << error.message; // "server: message"
    }
    return errors;
}

} // namespace cw
