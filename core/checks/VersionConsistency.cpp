// SPDX-License-Identifier: GPL-3.0-or-later
// Versions consistent across servers: mixed drivers, CANN or framework builds make HCCL/NCCL
// fail at the first collective, far from the cause.
#include "checks/VersionConsistency.h"

#include "rules/FrameworkPackages.h"

using namespace Qt::StringLiterals;

namespace cw {

std::vector<ComponentVersion> componentVersions(const ServerFacts &facts, const Project &project)
{
    std::vector<ComponentVersion> versions;
    auto add = [&versions](const QString &component, const QString &version) {
        if (!version.isEmpty())
            versions.push_back({component, version});
    };
    if (isAscend(project.accelerator)) {
        add(u"NPU driver"_s, facts.npuBoard.driverVersion);
        add(u"NPU firmware"_s, facts.npuBoard.firmwareVersion);
        add(u"CANN"_s, facts.cannVersion);
    }
    add(u"Python"_s, facts.python.version);
    for (const QString &package : frameworkPackages(project)) {
        const PackageVersion *installed = facts.python.package(package);
        add(package, installed ? installed->version
                               : (package == u"torch"_s ? facts.python.torchVersion : QString()));
    }
    return versions;
}

QStringList
versionDifferences(const std::vector<std::pair<QString, std::vector<ComponentVersion>>> &servers)
{
    QStringList components;
    for (const auto &[server, versions] : servers) {
        for (const ComponentVersion &v : versions) {
            if (!components.contains(v.component))
                components << v.component;
        }
    }
    QStringList lines;
    for (const QString &component : components) {
        QStringList order;                // versions, first seen first
        std::vector<QStringList> holders; // servers per version
        for (const auto &[server, versions] : servers) {
            for (const ComponentVersion &v : versions) {
                if (v.component != component)
                    continue;
                qsizetype at = order.indexOf(v.version);
                if (at < 0) {
                    order << v.version;
                    holders.emplace_back();
                    at = order.size() - 1;
                }
                holders[size_t(at)] << server;
            }
        }
        if (order.size() < 2)
            continue;
        QStringList parts;
        for (qsizetype i = 0; i < order.size(); ++i)
            parts << u"%1 on %2"_s.arg(order[i], holders[size_t(i)].join(u", "_s));
        lines << component + u": "_s + parts.join(u"; "_s);
    }
    return lines;
}

namespace checks {
namespace {

// The texts check.sh prints too (versionScriptConstants()).
constexpr char kVersionsNone[] = QT_TRANSLATE_NOOP("cw::Checks", "no versions known");
constexpr char kVersionsSame[] = QT_TRANSLATE_NOOP("cw::Checks", "the same on %1 servers: %2");
constexpr char kVersionsNotCompared[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 (not compared: %2 not reached)");

TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

} // namespace

std::vector<ScriptConstant> versionScriptConstants()
{
    return {
        {"TEXT_VERSIONS_NONE", QString::fromUtf8(kVersionsNone)},
        {"TEXT_VERSIONS_SAME", QString::fromUtf8(kVersionsSame)},
        {"TEXT_VERSIONS_NOT_COMPARED", QString::fromUtf8(kVersionsNotCompared)},
    };
}

CheckResult checkVersions(const CheckContext &c)
{
    // In plan order (the master first), as check.sh walks the servers.
    std::vector<std::pair<QString, std::vector<ComponentVersion>>> servers;
    QStringList unreached;
    for (const int index : c.project.launchOrder()) {
        const size_t i = size_t(index);
        const QString &name = c.project.servers[i].name;
        if (const ServerFacts *facts = i < c.allFacts.size() ? c.allFacts[i] : nullptr)
            servers.emplace_back(name, componentVersions(*facts, c.project));
        else
            unreached << name;
    }
    const QStringList differences = versionDifferences(servers);
    const QString name = id(check::kVersions);
    if (!differences.isEmpty())
        return result(name, c, CheckStatus::Failed, TrText::verbatim(differences.join(u"\n"_s)));
    QStringList same;
    if (!servers.empty()) {
        for (const ComponentVersion &v : servers.front().second)
            same << v.component + u' ' + v.version;
    }
    TrText reason = same.isEmpty()
                        ? text(kVersionsNone)
                        : text(kVersionsSame).arg(servers.size()).arg(same.join(u", "_s));
    if (!unreached.isEmpty())
        reason = text(kVersionsNotCompared).arg(reason).arg(joinReasons(unreached));
    return result(name, c, unreached.isEmpty() ? CheckStatus::Ok : CheckStatus::Warning, reason);
}

} // namespace checks
} // namespace cw
