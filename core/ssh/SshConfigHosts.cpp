// SPDX-License-Identifier: GPL-3.0-or-later
#include "ssh/SshConfigHosts.h"

#include "shell/QuotedWords.h"
#include "ssh/SshTypes.h"

#include <QDir>
#include <QFile>

#include <glob.h>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

constexpr int kMaxIncludeDepth = 16; // as OpenSSH's readconf

// Splits `text` at blanks, keeping double-quoted parts together (quotes removed), as OpenSSH.
QStringList splitArguments(const QString &text)
{
    WordSyntax syntax;
    syntax.anySpace = false;
    return splitQuotedWords(text, syntax).words;
}

// "Keyword value", "Keyword=value" or "Keyword = value": the keyword in lower case and the rest.
bool splitLine(const QString &line, QString *keyword, QString *rest)
{
    const QString text = line.trimmed();
    if (text.isEmpty() || text.startsWith(u'#'))
        return false;
    qsizetype end = 0;
    while (end < text.size() && !text[end].isSpace() && text[end] != u'=')
        ++end;
    *keyword = text.left(end).toLower();
    QString tail = text.mid(end).trimmed();
    if (tail.startsWith(u'='))
        tail = tail.mid(1).trimmed();
    *rest = tail;
    return !keyword->isEmpty();
}

// A shell-style wildcard match of one pattern (`*`, `?`), case-insensitive.
bool wildcardMatch(QStringView pattern, QStringView text)
{
    if (pattern.isEmpty())
        return text.isEmpty();
    if (pattern.front() == u'*') {
        for (qsizetype skip = 0; skip <= text.size(); ++skip) {
            if (wildcardMatch(pattern.mid(1), text.mid(skip)))
                return true;
        }
        return false;
    }
    if (text.isEmpty())
        return false;
    if (pattern.front() != u'?' && pattern.front().toLower() != text.front().toLower())
        return false;
    return wildcardMatch(pattern.mid(1), text.mid(1));
}

bool isPlainAlias(const QString &pattern)
{
    return !pattern.isEmpty() && !pattern.contains(u'*') && !pattern.contains(u'?') &&
           !pattern.startsWith(u'!');
}

} // namespace

bool SshConfigHosts::hostMatches(const QStringList &patterns, const QString &host)
{
    // OpenSSH: any negated pattern that matches rules the host out, whatever else matches.
    bool matched = false;
    for (const QString &pattern : patterns) {
        if (pattern.startsWith(u'!')) {
            if (wildcardMatch(QStringView(pattern).mid(1), host))
                return false;
        } else if (wildcardMatch(pattern, host)) {
            matched = true;
        }
    }
    return matched;
}

SshConfigHosts SshConfigHosts::load(const QString &file)
{
    SshConfigHosts config;
    if (!file.isEmpty()) {
        config.readFile(expandHomePath(file), {}, true, 0);
    } else {
        config.readFile(QDir::homePath() + u"/.ssh/config"_s, {}, true, 0);
        config.readFile(u"/etc/ssh/ssh_config"_s, {}, false, 0);
    }
    return config;
}

void SshConfigHosts::readFile(const QString &path, const std::vector<Condition> &outer,
                              bool userConfig, int depth)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return; // like ssh: a config that is not there is an empty one
    std::vector<Condition> conditions = outer;
    const size_t level = outer.size(); // this file's own Host/Match condition sits here
    int number = 0;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine());
        ++number;
        QString keyword, rest;
        if (!splitLine(line, &keyword, &rest))
            continue;
        const QString where = path + u':' + QString::number(number);
        if (keyword == u"host"_s || keyword == u"match"_s) {
            Condition condition;
            condition.match = keyword == u"match"_s;
            condition.patterns = splitArguments(rest);
            condition.where = where;
            conditions.resize(level);
            conditions.push_back(condition);
            if (!condition.match) {
                for (const QString &pattern : std::as_const(condition.patterns)) {
                    if (isPlainAlias(pattern) && !m_aliases.contains(pattern))
                        m_aliases << pattern;
                }
            }
        } else if (keyword == u"include"_s) {
            readInclude(rest, conditions, userConfig, depth, where);
        } else {
            m_entries.push_back({conditions, keyword, rest, where});
        }
    }
}

void SshConfigHosts::readInclude(const QString &value, const std::vector<Condition> &outer,
                                 bool userConfig, int depth, const QString &where)
{
    if (depth + 1 > kMaxIncludeDepth) {
        if (m_error.isEmpty())
            m_error = u"%1: Include nested more than %2 deep"_s.arg(where).arg(kMaxIncludeDepth);
        return;
    }
    const QString base = userConfig ? QDir::homePath() + u"/.ssh/"_s : u"/etc/ssh/"_s;
    for (const QString &word : splitArguments(value)) {
        QString pattern = expandHomePath(word);
        if (!pattern.startsWith(u'/'))
            pattern = base + pattern;
        glob_t found{};
        if (::glob(QFile::encodeName(pattern).constData(), 0, nullptr, &found) == 0) {
            for (size_t i = 0; i < found.gl_pathc; ++i)
                readFile(QFile::decodeName(found.gl_pathv[i]), outer, userConfig, depth + 1);
        }
        ::globfree(&found);
    }
}

QStringList SshConfigHosts::aliases() const
{
    return m_aliases;
}

QString SshJumpHop::toString() const
{
    QString text = user.isEmpty() ? QString() : user + u'@';
    text += host.contains(u':') && port > 0 ? u'[' + host + u']' : host;
    if (port > 0)
        text += u':' + QString::number(port);
    return text;
}

} // namespace cw
