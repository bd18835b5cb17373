// SPDX-License-Identifier: GPL-3.0-or-later
#include "container/ContainerJournal.h"

#include "model/JsonRead.h"
#include "model/Problem.h"
#include "model/ProjectJson.h"
#include "model/SafeFile.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

using Json = nlohmann::ordered_json;
constexpr int kJournalFormat = 1;
constexpr qint64 kJournalLimitBytes = 4 * 1024 * 1024;

std::optional<QString> stringMember(const Json &object, const char *key, const QString &place,
                                    QString *error)
{
    const auto it = object.find(key);
    if (it == object.end())
        return QString();
    if (!it->is_string()) {
        *error = place + u"."_s + QString::fromUtf8(key) + u" must be a string"_s;
        return std::nullopt;
    }
    return QString::fromStdString(it->get<std::string>());
}

} // namespace

QString containerJournalPath(const QString &projectPath)
{
    return fileBesideProject(projectPath, u"containers"_s);
}

std::optional<ContainerJournal> containerJournalFromBytes(const QByteArray &bytes,
                                                          const QString &name, QString *error)
{
    const JsonParse parsed = parseJsonBytes(bytes);
    if (!parsed.ok()) {
        *error = name + u": "_s + escapeControls(parsed.error);
        return std::nullopt;
    }
    const Json &document = parsed.document;
    if (!document.is_object() || !document.contains("clusterwiz_containers")) {
        *error = name + u": not a container journal (no clusterwiz_containers member)"_s;
        return std::nullopt;
    }
    const Json &format = document["clusterwiz_containers"];
    if (!format.is_number_integer() || format.get<long long>() != kJournalFormat) {
        *error = name + u": clusterwiz_containers must be %1"_s.arg(kJournalFormat);
        return std::nullopt;
    }
    ContainerJournal journal;
    const auto servers = document.find("servers");
    if (servers == document.end())
        return journal;
    if (!servers->is_object()) {
        *error = name + u": servers must be an object"_s;
        return std::nullopt;
    }
    for (const auto &[key, value] : servers->items()) {
        const QString server = QString::fromStdString(key);
        const QString place = name + u": servers."_s + escapeControls(server);
        if (!value.is_object()) {
            *error = place + u" must be an object"_s;
            return std::nullopt;
        }
        ContainerJournalServer entry;
        QString *fields[] = {&entry.container, &entry.hostKey, &entry.knownHostsFile,
                             &entry.knownHostsLine};
        const char *keys[] = {"container", "host_key", "known_hosts_file", "known_hosts_line"};
        for (size_t i = 0; i < std::size(keys); ++i) {
            const std::optional<QString> text = stringMember(value, keys[i], place, error);
            if (!text)
                return std::nullopt;
            *fields[i] = *text;
        }
        if (const auto steps = value.find("steps"); steps != value.end()) {
            if (!steps->is_array()) {
                *error = place + u".steps must be an array"_s;
                return std::nullopt;
            }
            for (const Json &step : *steps) {
                if (!step.is_string()) {
                    *error = place + u".steps must hold strings"_s;
                    return std::nullopt;
                }
                entry.steps << QString::fromStdString(step.get<std::string>());
            }
            while (entry.steps.size() > kMaxContainerJournalSteps)
                entry.steps.removeFirst();
        }
        journal.servers[server] = std::move(entry);
    }
    return journal;
}

std::optional<ContainerJournal> loadContainerJournal(const QString &path, QString *error)
{
    if (!QFile::exists(path) && !QFileInfo(path).isSymLink())
        return ContainerJournal{};
    const FileBytes file = readRegularFile(path, kJournalLimitBytes);
    if (!file.ok()) {
        *error = file.error;
        return std::nullopt;
    }
    return containerJournalFromBytes(file.bytes, path, error);
}

QByteArray containerJournalToBytes(const ContainerJournal &journal)
{
    Json document;
    document["clusterwiz_containers"] = kJournalFormat;
    Json servers = Json::object();
    for (const auto &[name, entry] : journal.servers) {
        Json server;
        server["container"] = entry.container.toStdString();
        server["host_key"] = entry.hostKey.toStdString();
        server["known_hosts_file"] = entry.knownHostsFile.toStdString();
        server["known_hosts_line"] = entry.knownHostsLine.toStdString();
        Json steps = Json::array();
        for (const QString &step : entry.steps)
            steps.push_back(step.toStdString());
        server["steps"] = steps;
        servers[name.toStdString()] = server;
    }
    document["servers"] = servers;
    const std::string text = document.dump(2) + '\n';
    return QByteArray(text.data(), qsizetype(text.size()));
}

QString saveContainerJournal(const QString &path, const ContainerJournal &journal)
{
    if (journal.servers.empty()) {
        if (QFileInfo(path).isSymLink() || QFile::exists(path)) {
            if (!QFile::remove(path))
                return path + u": cannot remove the empty journal"_s;
        }
        return {};
    }
    return writeFileReplacing(path, containerJournalToBytes(journal), FileMode::Private);
}

void addContainerStep(ContainerJournalServer &server, const QString &step)
{
    server.steps << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) + u' ' + step;
    while (server.steps.size() > kMaxContainerJournalSteps)
        server.steps.removeFirst();
}

} // namespace cw
