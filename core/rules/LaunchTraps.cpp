// SPDX-License-Identifier: GPL-3.0-or-later
// Launch settings that validate as values but break a real job: environment variables that
// would replace what train.sh sets per server or per rank, HCCL values outside their documented
// ranges, and ports that collide. Each is refused with what to do instead; the softer cases
// are warnings (rules/ProjectWarnings.cpp).
#include "rules/SectionValidators.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Set by train.sh or rank.sh for each rank or each server: one project-wide value is wrong on
// every rank or server but one.
struct PerPlaceVariable {
    const char *name;
    const char *per; // "rank" or "server"
};
constexpr PerPlaceVariable kPerPlace[] = {
    {"RANK", "rank"},           {"LOCAL_RANK", "rank"},  {"RANK_ID", "rank"},
    {"DEVICE_ID", "rank"},      {"NODE_RANK", "server"}, {"HCCL_IF_IP", "server"},
    {"CM_WORKER_IP", "server"},
};

// HCCL's no-rank-table variables; CANN: "cannot be used together with RANK_TABLE_FILE,
// RANK_ID or RANK_SIZE" (envref_07_0051, link in checkRankTableMix).
constexpr const char *kChiefVariables[] = {"CM_CHIEF_IP", "CM_CHIEF_PORT", "CM_CHIEF_DEVICE",
                                           "CM_WORKER_IP", "CM_WORKER_SIZE"};

// CM_CHIEF_PORT takes 0-65520:
// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/envvar/envref_07_0051.html
constexpr int kMaxChiefPort = 65520;

std::optional<int> integerValue(const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || text.isEmpty() || text.front() == u'+' || text.front() == u' ')
        return std::nullopt;
    return value;
}

class TrapCheck {
public:
    TrapCheck(const Project &project, ProblemList &out) : m_project(project), m_out(out) {}

    void run()
    {
        for (const auto &[name, value] : m_project.launch.env)
            checkVariable(name, value);
        checkMasterPort();
        checkWhitelist();
    }

private:
    ProblemPlace envPlace(const QString &name) const
    {
        return projectPlace(u"launch.env"_s).key(name);
    }

    void checkVariable(const QString &name, const QString &value)
    {
        const bool manyServers = m_project.servers.size() > 1;
        for (const PerPlaceVariable &variable : kPerPlace) {
            if (name != QLatin1StringView(variable.name))
                continue;
            const bool perServer = qstrcmp(variable.per, "server") == 0;
            if (perServer && !manyServers)
                return;
            m_out.add(
                u"env-override"_s, envPlace(name),
                trText("cw::Validation",
                       "launch: %1 is set per %2 by train.sh; one value for the whole project "
                       "would give every %2 the same one: remove it")
                    .arg(name, QLatin1StringView(variable.per)));
            return;
        }
        checkClusterValue(name, value);
        checkRankTableMix(name);
        if (name == u"CM_CHIEF_PORT") {
            const std::optional<int> port = integerValue(value);
            if (!port || *port < 0 || *port > kMaxChiefPort)
                m_out.add(
                    u"env-value"_s, envPlace(name),
                    trText("cw::Validation",
                           "launch: CM_CHIEF_PORT \"%1\" is not a port from 0 to %2, the range "
                           "HCCL accepts")
                        .arg(value)
                        .arg(kMaxChiefPort));
        } else if (name == u"HCCL_CONNECT_TIMEOUT") {
            // [120, 7200] seconds:
            // https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/envvar/envref_07_0077.html
            const std::optional<int> seconds = integerValue(value);
            if (!seconds || *seconds < 120 || *seconds > 7200)
                m_out.add(
                    u"env-value"_s, envPlace(name),
                    trText("cw::Validation",
                           "launch: HCCL_CONNECT_TIMEOUT \"%1\" is not a number of seconds from "
                           "120 to 7200, the range HCCL accepts")
                        .arg(value));
        }
    }

    // Values train.sh sets once for the cluster: the same value is harmless, another one
    // breaks the rendezvous.
    void checkClusterValue(const QString &name, const QString &value)
    {
        const Server &master = m_project.servers[static_cast<size_t>(m_project.masterIndex())];
        const QString masterIp = master.effectiveHostIp();
        const QString port = QString::number(m_project.launch.masterPort);
        const QString ranks = QString::number(m_project.totalDevices());
        QString expected;
        TrText source;
        if (name.startsWith(u"CM_"_s) && m_project.launch.mode != LaunchMode::NoRankTable)
            return; // only no-ranktable mode sets them
        if (name == u"MASTER_ADDR" || name == u"CM_CHIEF_IP") {
            expected = masterIp;
            source =
                trText("cw::Validation", "the master's host IP (launch.master chooses the master)");
        } else if (name == u"MASTER_PORT" || name == u"CM_CHIEF_PORT") {
            expected = port;
            source = TrText::verbatim(u"launch.master_port"_s);
        } else if (name == u"WORLD_SIZE" || name == u"RANK_SIZE" || name == u"CM_WORKER_SIZE") {
            expected = ranks;
            source = trText("cw::Validation", "the number of devices in the plan");
        } else {
            return;
        }
        if (value == expected)
            return;
        m_out.add(u"env-override"_s, envPlace(name),
                  trText("cw::Validation",
                         "launch: %1=%2 would replace %3, which train.sh sets from %4: remove it")
                      .arg(name, value, expected)
                      .arg(source));
    }

    void checkRankTableMix(const QString &name)
    {
        if (m_project.launch.mode != LaunchMode::RankTable)
            return;
        for (const char *chief : kChiefVariables) {
            if (name == QLatin1StringView(chief)) {
                m_out.add(u"env-conflict"_s, envPlace(name),
                          trText("cw::Validation",
                                 "launch: %1 cannot be used with a rank table (ranktable mode sets "
                                 "RANK_TABLE_FILE); use mode no-ranktable or remove it")
                              .arg(name));
                return;
            }
        }
    }

    void checkMasterPort()
    {
        const LaunchConfig &launch = m_project.launch;
        if (launch.mode == LaunchMode::NoRankTable && launch.masterPort > kMaxChiefPort) {
            m_out.add(u"master-port"_s, projectPlace(u"launch.master_port"_s),
                      trText("cw::Validation",
                             "launch: master_port %1 becomes CM_CHIEF_PORT in no-ranktable mode, "
                             "which takes at most %2")
                          .arg(launch.masterPort)
                          .arg(kMaxChiefPort));
        }
        const int index = m_project.masterIndex();
        const Server &master = m_project.servers[static_cast<size_t>(index)];
        // Only when SSH reaches the master at its host IP: through an alias or a jump host the
        // port belongs to another machine.
        const bool sameMachine = master.hostIp.isEmpty() || master.hostIp == master.host;
        if (sameMachine && launch.masterPort == master.port) {
            m_out.add(u"master-port"_s, projectPlace(u"launch.master_port"_s),
                      trText("cw::Validation",
                             "launch: master_port %1 is the SSH port of the master %2, where sshd "
                             "already listens; choose another")
                          .arg(launch.masterPort)
                          .arg(serverLabel(m_project, index)));
        }
    }

    void checkWhitelist()
    {
        if (!m_project.launch.hcclWhitelistHostIps)
            return;
        for (const auto &[name, value] : m_project.launch.env) {
            const bool file = name == u"HCCL_WHITELIST_FILE";
            const bool disabled = name == u"HCCL_WHITELIST_DISABLE" && value != u"0";
            if (file || disabled) {
                m_out.add(
                    u"hccl-whitelist"_s, envPlace(name),
                    trText("cw::Validation",
                           "launch: hccl_whitelist host_ips writes the trust list and switches "
                           "it on; %1 in launch.env contradicts it: remove one")
                        .arg(name));
            }
        }
    }

    const Project &m_project;
    ProblemList &m_out;
};

} // namespace

void validateLaunchTraps(const Project &project, ProblemList &out)
{
    if (project.servers.empty())
        return;
    TrapCheck(project, out).run();
}

} // namespace cw
