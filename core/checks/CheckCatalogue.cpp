// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckCatalogue.h"

#include "checks/CheckContext.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

CheckResult skipped(const CheckSpec &spec, const Server &server, int index, const TrText &reason)
{
    CheckResult result;
    result.id = QLatin1StringView(spec.id);
    result.serverIndex = index;
    result.server = server.name;
    result.status = CheckStatus::Skipped;
    result.setReason(reason);
    return result;
}

} // namespace

QStringList applicableChecks(const Project &project)
{
    return applicableCheckIds(project);
}

bool catalogueDecides(const QString &id)
{
    const CheckSpec *spec = checkSpec(id);
    return spec && spec->verdict;
}

CheckReport evaluateChecks(const Project &project, const std::vector<ServerDiscovery> &discovery,
                           const ActiveProbes &probes)
{
    const size_t count = project.servers.size();
    std::vector<const ServerDiscovery *> byServer(count, nullptr);
    std::vector<QString> hostnames(count);
    std::vector<const ServerFacts *> allFacts(count, nullptr);
    for (const ServerDiscovery &entry : discovery) {
        const int index = entry.connection.serverIndex;
        if (index < 0 || size_t(index) >= count)
            continue;
        byServer[size_t(index)] = &entry;
        if (entry.ok()) {
            hostnames[size_t(index)] = entry.facts->hostname;
            allFacts[size_t(index)] = &*entry.facts;
        }
    }

    CheckReport report;
    const std::vector<const CheckSpec *> specs = applicableCheckSpecs(project);
    static const ServerFacts noFacts;
    FleetResult notAsked;
    notAsked.error = SshError::make(SshError::Kind::Unreachable, u"not asked"_s);
    for (size_t i = 0; i < count; ++i) {
        const Server &server = project.servers[i];
        const int index = int(i);
        const ServerDiscovery *found = byServer[i];
        const bool reached = found && found->ok();
        const ServerFacts &facts = reached ? *found->facts : noFacts;
        const FleetResult &connection = found ? found->connection : notAsked;
        for (const CheckSpec *spec : specs) {
            if (!reached && !spec->judgesUnreached) {
                report.results.push_back(
                    skipped(*spec, server, index,
                            trText("cw::Checks", "not checked: the server was not reached")));
            } else if (!hasCheckRole(spec->row, project, index)) {
                report.results.push_back(
                    skipped(*spec, server, index, checkRoleSkipReason(spec->row, project)));
            } else if (spec->verdict) {
                report.results.push_back(spec->verdict({*spec, project, index, server, facts,
                                                        probes, hostnames, allFacts, connection}));
            } else {
                report.results.push_back(
                    skipped(*spec, server, index,
                            trText("cw::Checks", "no verdict for this check in this version")));
            }
        }
    }
    return report;
}

namespace checks {

CheckResult result(const QString &id, const CheckContext &context, CheckStatus status,
                   const TrText &reason)
{
    CheckResult r;
    r.id = id;
    r.serverIndex = context.index;
    r.server = context.server.name;
    r.status = status;
    r.setReason(reason);
    return r;
}

CheckResult inWizardWords(CheckResult r, const TrText &wizardReason)
{
    r.wizardReasonText = wizardReason;
    return r;
}

CheckResult fixable(const QString &id, const CheckContext &context, CheckStatus status,
                    const TrText &reason)
{
    CheckResult r = result(id, context, status, reason);
    for (const char *fix : context.spec.fixes)
        r.fixes.append(QLatin1StringView(fix));
    return r;
}

namespace {

// How joinReasons() joins, which check.sh's clusterwiz_join_reasons does too
// (joinScriptConstants()).
constexpr char kReasonsJoin[] = QT_TRANSLATE_NOOP("cw::Checks", "%1; %2");
constexpr char kReasonsAndMore[] = QT_TRANSLATE_NOOP("cw::Checks", "%1 and %2 more");

} // namespace

std::vector<ScriptConstant> joinScriptConstants()
{
    return {
        {"REASONS_SHOWN", QString::number(kReasonsShown)},
        {"TEXT_REASONS_JOIN", QString::fromUtf8(kReasonsJoin)},
        {"TEXT_REASONS_AND_MORE", QString::fromUtf8(kReasonsAndMore)},
    };
}

QString joinReasons(const QStringList &parts, int shown)
{
    std::vector<TrText> pieces;
    for (const QString &part : parts)
        pieces.push_back(TrText::verbatim(part));
    return joinReasons(pieces, shown).english();
}

TrText joinReasons(const std::vector<TrText> &parts, int shown)
{
    const auto size = static_cast<qsizetype>(parts.size());
    const TrText semicolon("cw::Checks", kReasonsJoin);
    if (size == 0)
        return {};
    const qsizetype count = std::min<qsizetype>(size, shown);
    TrText joined = parts.front();
    for (qsizetype i = 1; i < count; ++i)
        joined = semicolon.arg(joined, parts[static_cast<size_t>(i)]);
    if (size <= shown)
        return joined;
    return TrText("cw::Checks", kReasonsAndMore).arg(joined).arg(size - shown);
}

} // namespace checks
} // namespace cw
