#include "fix/UndoJournal.h"

#include <QFile>
#include <QSaveFile>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr int kJournalVersion = 1;
using Json = nlohmann::ordered_json;

std::string utf8(const QString &text)
{
    return text.toStdString();
}

QString text(const Json &object, const char *key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string()
               ? QString::fromStdString(found->get<std::string>())
               : QString();
}

} // namespace

QString undoJournalPath(const QString &projectPath)
{
    const QString suffix = u".clusterwiz.json"_s;
    if (projectPath.endsWith(suffix))
        return projectPath.chopped(suffix.size()) + u".clusterwiz-undo.json"_s;
    return projectPath + u".undo.json"_s;
}

std::optional<std::vector<UndoEntry>> loadUndoJournal(const QString &path, QString *error)
{
    std::vector<UndoEntry> entries;
    QFile file(path);
    if (!file.exists())
        return entries;
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"%1: cannot read the undo journal: %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    const Json document = Json::parse(file.readAll().toStdString(), nullptr, false);
    if (document.is_discarded() || !document.is_object() || !document.contains("entries") ||
        !document["entries"].is_array()) {
        *error = u"%1: not a clusterwiz undo journal"_s.arg(path);
        return std::nullopt;
    }
    for (const Json &item : document["entries"]) {
        if (!item.is_object() || !item.contains("steps") || !item["steps"].is_array()) {
            *error = u"%1: an entry without steps"_s.arg(path);
            return std::nullopt;
        }
        UndoEntry entry{text(item, "fix"), text(item, "title"), text(item, "applied_at"), {}};
        for (const Json &s : item["steps"]) {
            if (!s.is_object()) {
                *error = u"%1: a step that is not an object"_s.arg(path);
                return std::nullopt;
            }
            UndoStep step;
            step.server = text(s, "server");
            step.stage = s.value("stage", 0);
            step.description = text(s, "description");
            step.command = text(s, "command");
            step.input = text(s, "input").toUtf8();
            step.snapshot = text(s, "snapshot");
            entry.steps.push_back(step);
        }
        entries.push_back(entry);
    }
    return entries;
}

QString saveUndoJournal(const QString &path, const std::vector<UndoEntry> &entries)
{
    if (entries.empty()) {
        if (QFile::exists(path) && !QFile::remove(path))
            return u"%1: cannot remove the empty undo journal"_s.arg(path);
        return {};
    }
    Json list = Json::array();
    for (const UndoEntry &entry : entries) {
        Json steps = Json::array();
        for (const UndoStep &step : entry.steps)
            steps.push_back({{"server", utf8(step.server)},
                             {"stage", step.stage},
                             {"description", utf8(step.description)},
                             {"command", utf8(step.command)},
                             {"input", step.input.toStdString()},
                             {"snapshot", utf8(step.snapshot)}});
        list.push_back({{"fix", utf8(entry.fixId)},
                        {"title", utf8(entry.title)},
                        {"applied_at", utf8(entry.appliedAt)},
                        {"steps", steps}});
    }
    const Json document = {{"clusterwiz_undo", kJournalVersion}, {"entries", list}};
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return u"%1: cannot write the undo journal: %2"_s.arg(path, file.errorString());
    const std::string bytes = document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
    file.write(bytes.data(), qint64(bytes.size()));
    if (!file.commit())
        return u"%1: cannot write the undo journal: %2"_s.arg(path, file.errorString());
    return {};
}

} // namespace cw
