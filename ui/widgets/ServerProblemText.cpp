#include "ServerProblemText.h"

#include "ServerTable.h"
#include "rules/RuleText.h"

#include <QRegularExpression>

#include <utility>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

// How the core's server rules name each field after the server ("server0: host_ip ...").
const std::pair<const char *, const char *> kCoreWords[] = {
    {"name", "name"},       {"host", "host"}, {"port", "SSH port"},
    {"user", "user"},       {"nic", "nic"},   {"identity_file", "identity_file"},
    {"host_ip", "host_ip"},
};

QString coreWord(const QString &field)
{
    for (const auto &[name, word] : kCoreWords) {
        if (field == QLatin1StringView(name))
            return QString::fromLatin1(word);
    }
    return {};
}

} // namespace

QString ServerProblemText::columnTitle(const QString &field)
{
    const int column = ServerTable::columnForField(field);
    return column >= 0 ? ServerTable::columnTitle(column) : QString();
}

QString ServerProblemText::reason(const QString &coreReason)
{
    // The reasons of core/rules/ValueRules.cpp, each with the value it quotes.
    struct Known {
        const char *pattern;
        QString (*say)(const QString &value);
    };
    static const Known known[] = {
        {R"re(^is empty$)re", [](const QString &) { return tr("is empty"); }},
        {R"re(^"(.*)" is not an IPv4 address \(a\.b\.c\.d\)$)re",
         [](const QString &v) {
             return tr("\"%1\" is not an IPv4 address like 10.0.0.22").arg(v);
         }},
        {R"re(^"(.*)" must not start with '-'$)re",
         [](const QString &v) { return tr("\"%1\" must not start with '-'").arg(v); }},
        {R"re(^"(.*)" is not an address, host name or ssh alias$)re",
         [](const QString &v) {
             return tr("\"%1\" is not an address, a host name or an ssh config alias").arg(v);
         }},
        {R"re(^"(.*)" is not a valid user name$)re",
         [](const QString &v) { return tr("\"%1\" is not a valid user name").arg(v); }},
        {R"re(^(-?[0-9]+) is not a port \(1-65535\)$)re",
         [](const QString &v) { return tr("%1 is not a port from 1 to 65535").arg(v); }},
        {R"re(^contains a NUL character$)re",
         [](const QString &) { return tr("contains a NUL character"); }},
        {R"re(^contains a line break$)re",
         [](const QString &) { return tr("contains a line break"); }},
        {R"re(^"(.*)" may use only letters, digits, '\.', '_' and '-' \(not first\), at most 64$)re",
         [](const QString &v) {
             return tr("\"%1\" may use only letters, digits, '.', '_' and '-' (not first), at "
                       "most 64 of them")
                 .arg(v);
         }},
    };
    for (const Known &entry : known) {
        const QRegularExpression pattern(QString::fromLatin1(entry.pattern));
        const QRegularExpressionMatch match = pattern.match(coreReason);
        if (match.hasMatch())
            return entry.say(match.captured(1));
    }
    return coreReason;
}

QString ServerProblemText::text(const Problem &problem, const Project &project)
{
    const int s = problem.location.server;
    const bool known = s >= 0 && size_t(s) < project.servers.size();
    if (!known)
        return problem.rule == u"no-servers"_s ? tr("Add at least one server.")
                                               : problem.translatedMessage();
    const Server &server = project.servers[size_t(s)];
    const QString name =
        server.name.trimmed().isEmpty() ? tr("server %1").arg(s + 1) : escapeControls(server.name);
    if (problem.rule == u"host-ip"_s && server.hostIp.isEmpty()) {
        return tr("%1: the Host IP is empty and \"%2\" is not an address; enter the address the "
                  "servers reach each other by, or test the connection and apply the discovered "
                  "values.")
            .arg(name, escapeControls(server.host));
    }
    if (problem.rule == u"server-name-unique"_s)
        return tr("%1: another server has this name; every server needs its own.").arg(name);
    if (problem.rule == u"host-ip-unique"_s) {
        return tr("%1: Host IP %2 is another server's too; every server needs its own.")
            .arg(name, escapeControls(server.effectiveHostIp()));
    }
    // "server0: host_ip "x" is not ..." -> the column's title and the reason alone.
    QString rest = problem.message;
    const QString label = serverLabel(project, s) + u": "_s;
    if (rest.startsWith(label))
        rest = rest.mid(label.size());
    const QString column = columnTitle(problem.location.field);
    const QString word = coreWord(problem.location.field);
    if (column.isEmpty())
        return tr("%1: %2").arg(name, escapeControls(rest));
    if (!word.isEmpty() && rest.startsWith(word + u' '))
        rest = rest.mid(word.size() + 1);
    return tr("%1: %2 %3").arg(name, column, escapeControls(reason(rest)));
}

} // namespace cw
