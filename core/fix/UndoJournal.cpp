// SPDX-License-Identifier: GPL-3.0-or-later
#include "fix/UndoJournal.h"

#include "model/JsonRead.h"
#include "model/Problem.h"
#include "model/ProjectJson.h"
#include "model/SafeFile.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
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

} // namespace

QString undoJournalPath(const QString &projectPath)
{
    return fileBesideProject(projectPath, u"undo"_s);
}

std::optional<std::vector<UndoEntry>> undoJournalFromBytes(const QByteArray &bytes,
                                                           const QString &name, QString *error)
{
    const JsonParse parsed = parseJsonBytes(bytes);
    if (!parsed.ok()) {
        *error = escapeControls(u"%1: not a clusterwiz undo journal: %2"_s.arg(name, parsed.error));
        return std::nullopt;
    }
    QStringList problems;
    JsonFields top(parsed.document, {}, problems);
    const Json *list = parsed.document.is_object() ? top.array("entries", true) : nullptr;
    if (!list) {
        *error = escapeControls(u"%1: not a clusterwiz undo journal%2"_s.arg(
            name, problems.isEmpty() ? QString() : u" ("_s + problems.join(u"; "_s) + u')'));
        return std::nullopt;
    }
    std::vector<UndoEntry> entries;
    for (size_t e = 0; e < list->size(); ++e) {
        const Json &item = (*list)[e];
        const QString at = u"entries[%1]"_s.arg(e);
        if (!item.is_object()) {
            problems << at + u": must be an object, not "_s + jsonTypeName(item);
            continue;
        }
        JsonFields fields(item, at, problems);
        UndoEntry entry{fields.string("fix").value_or(QString()),
                        fields.string("title").value_or(QString()),
                        fields.string("applied_at").value_or(QString()),
                        fields.string("group").value_or(QString()),
                        {}};
        const Json *steps = fields.array("steps", true);
        for (size_t s = 0; steps && s < steps->size(); ++s) {
            const Json &item = (*steps)[s];
            const QString stepAt = at + u".steps[%1]"_s.arg(s);
            if (!item.is_object()) {
                problems << stepAt + u": must be an object, not "_s + jsonTypeName(item);
                continue;
            }
            JsonFields step(item, stepAt, problems);
            entry.steps.push_back({step.string("server", true).value_or(QString()),
                                   step.integer("stage", false, 0, 1000).value_or(0),
                                   step.string("description").value_or(QString()),
                                   step.string("command", true).value_or(QString()),
                                   step.string("input").value_or(QString()).toUtf8(),
                                   step.string("snapshot").value_or(QString())});
        }
        entries.push_back(entry);
    }
    if (!problems.isEmpty()) {
        // Undo runs these commands as they are: a journal that is half right is not guessed at.
        *error = escapeControls(name + u": "_s + problems.join(u"; "_s));
        return std::nullopt;
    }
    return entries;
}

std::optional<std::vector<UndoEntry>> loadUndoJournal(const QString &path, QString *error)
{
    QFileInfo info(path);
    if (!info.exists() && !info.isSymLink())
        return std::vector<UndoEntry>();
    const FileBytes file = readRegularFile(path);
    if (!file.ok()) {
        *error = escapeControls(u"cannot read the undo journal "_s + file.error);
        return std::nullopt;
    }
    return undoJournalFromBytes(file.bytes, path, error);
}

QString setCorruptJournalAside(const QString &path, QString *error)
{
    const QString stamp = QDateTime::currentDateTimeUtc().toString(u"yyyyMMddTHHmmssZ"_s);
    QString aside = path + u".corrupt-"_s + stamp;
    for (int n = 2; QFileInfo(aside).exists() || QFileInfo(aside).isSymLink(); ++n)
        aside = path + u".corrupt-"_s + stamp + u'-' + QString::number(n);
    if (::rename(QFile::encodeName(path).constData(), QFile::encodeName(aside).constData()) != 0) {
        *error = u"%1: cannot move the unreadable undo journal aside: %2"_s.arg(
            path, QString::fromLocal8Bit(std::strerror(errno)));
        return {};
    }
    return aside;
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
        Json item = {{"fix", utf8(entry.fixId)},
                     {"title", utf8(entry.title)},
                     {"applied_at", utf8(entry.appliedAt)}};
        if (!entry.group.isEmpty())
            item["group"] = utf8(entry.group);
        item["steps"] = steps;
        list.push_back(item);
    }
    const Json document = {{"clusterwiz_undo", kJournalVersion}, {"entries", list}};
    const std::string bytes = document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
    if (const QString error =
            writeFileReplacing(path, QByteArray::fromStdString(bytes), FileMode::Private);
        !error.isEmpty())
        return u"cannot write the undo journal "_s + error;
    return {};
}

} // namespace cw
