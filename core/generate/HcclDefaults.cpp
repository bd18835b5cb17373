// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/HcclDefaults.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

bool projectSets(const Project &project, const QString &name)
{
    for (const auto &[set, value] : project.launch.env) {
        if (set == name)
            return true;
    }
    return false;
}

bool multiServerAscend(const Project &project)
{
    return isAscend(project.accelerator) && project.servers.size() > 1;
}

} // namespace

bool writesHcclWhitelist(const Project &project)
{
    return multiServerAscend(project) && project.launch.hcclWhitelistHostIps;
}

std::vector<std::pair<QString, QString>> hcclDefaults(const Project &project,
                                                      const QString &whitelistPath)
{
    std::vector<std::pair<QString, QString>> values;
    if (!multiServerAscend(project))
        return values;
    const auto add = [&](const QString &name, const QString &value) {
        if (!projectSets(project, name))
            values.emplace_back(name, value);
    };
    // HCCL_WHITELIST_DISABLE and HCCL_WHITELIST_FILE:
    // https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/envvar/envref_07_0085.html
    // https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/envvar/envref_07_0086.html
    // A trust list file is read only with the check switched on (0).
    if (writesHcclWhitelist(project)) {
        add(u"HCCL_WHITELIST_DISABLE"_s, u"0"_s);
        add(u"HCCL_WHITELIST_FILE"_s, whitelistPath);
    } else if (projectSets(project, u"HCCL_WHITELIST_FILE"_s)) {
        add(u"HCCL_WHITELIST_DISABLE"_s, u"0"_s);
    } else {
        add(u"HCCL_WHITELIST_DISABLE"_s, u"1"_s);
    }
    // 120 s by default, [120, 7200] allowed: too short for servers that start minutes apart.
    // https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/envvar/envref_07_0077.html
    add(u"HCCL_CONNECT_TIMEOUT"_s, u"600"_s);
    return values;
}

QByteArray hcclWhitelistJson(const Project &project)
{
    nlohmann::ordered_json hosts = nlohmann::ordered_json::array();
    for (const int index : project.launchOrder())
        hosts.push_back(
            project.servers[static_cast<size_t>(index)].effectiveHostIp().toStdString());
    const nlohmann::ordered_json document = {{"host_ip", hosts}};
    const std::string text = document.dump(2) + '\n';
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace cw
