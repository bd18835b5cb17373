// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SuperPodSpan.h"

#include "checks/CheckIds.h"

#include <utility>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr char kSuperPodsNone[] =
    QT_TRANSLATE_NOOP("cw::Checks", "no super pods in the project (typical networking)");
constexpr char kSuperPodsSpan[] =
    QT_TRANSLATE_NOOP("cw::Checks", "super pod %1 spans physical SuperPoDs: %2 (ranks of "
                                    "different physical SuperPoDs cannot share a logical one)");
constexpr char kSuperPodsSame[] =
    QT_TRANSLATE_NOOP("cw::Checks", "%1 super pods, each inside one physical SuperPoD");
constexpr char kSuperPodsNotCompared[] = QT_TRANSLATE_NOOP("cw::Checks", "%1; not compared: %2");

TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

} // namespace

QString physicalSuperPod(const ServerFacts &facts)
{
    for (const DieSuperPod &die : facts.superPod) {
        if (!die.superPodId.isEmpty())
            return die.superPodId;
    }
    return {};
}

namespace checks {

std::vector<ScriptConstant> superPodScriptConstants()
{
    return {
        {"TEXT_SUPER_PODS_NONE", QString::fromUtf8(kSuperPodsNone)},
        {"TEXT_SUPER_PODS_SPAN", QString::fromUtf8(kSuperPodsSpan)},
        {"TEXT_SUPER_PODS_SAME", QString::fromUtf8(kSuperPodsSame)},
        {"TEXT_SUPER_PODS_NOT_COMPARED", QString::fromUtf8(kSuperPodsNotCompared)},
    };
}

CheckResult checkSuperPods(const CheckContext &c)
{
    const QString name = id(check::kSuperPods);
    if (c.project.superPods.empty())
        return result(name, c, CheckStatus::Skipped, text(kSuperPodsNone));
    // In launch order (the master first), as check.sh walks the servers; pods in the order their
    // first server comes, each physical id with the servers that report it.
    struct Pod {
        QString id;
        std::vector<std::pair<QString, QStringList>> physical;
    };
    std::vector<Pod> pods;
    QStringList unknown;
    for (const int index : c.project.launchOrder()) {
        const size_t i = size_t(index);
        const QString &server = c.project.servers[i].name;
        QString logical;
        for (const SuperPod &pod : c.project.superPods) {
            if (pod.servers.contains(server))
                logical = pod.id;
        }
        if (logical.isEmpty())
            continue; // validate refuses a server in no pod
        const ServerFacts *facts = i < c.allFacts.size() ? c.allFacts[i] : nullptr;
        const QString physical = facts ? physicalSuperPod(*facts) : QString();
        if (physical.isEmpty()) {
            unknown << server;
            continue;
        }
        auto pod =
            std::find_if(pods.begin(), pods.end(), [&](const Pod &p) { return p.id == logical; });
        if (pod == pods.end())
            pod = pods.insert(pods.end(), Pod{logical, {}});
        auto held = std::find_if(pod->physical.begin(), pod->physical.end(),
                                 [&](const auto &p) { return p.first == physical; });
        if (held == pod->physical.end())
            pod->physical.emplace_back(physical, QStringList{server});
        else
            held->second << server;
    }
    QStringList spans;
    for (const Pod &pod : pods) {
        if (pod.physical.size() < 2)
            continue;
        QStringList parts;
        for (const auto &[physical, servers] : pod.physical)
            parts << physical + u" on "_s + servers.join(u", "_s);
        spans << text(kSuperPodsSpan).arg(pod.id, parts.join(u"; "_s)).english();
    }
    if (!spans.isEmpty())
        return result(name, c, CheckStatus::Failed, TrText::verbatim(spans.join(u"\n"_s)));
    TrText reason = text(kSuperPodsSame).arg(pods.size());
    if (!unknown.isEmpty())
        reason = text(kSuperPodsNotCompared).arg(reason).arg(joinReasons(unknown));
    return result(name, c, unknown.isEmpty() ? CheckStatus::Ok : CheckStatus::Warning, reason);
}

} // namespace checks
} // namespace cw
