#include "rules/ValueRules.h"

#include "net/Ipv4.h"

#include <QStringList>

namespace cw {
namespace {

bool isAsciiAlnum(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9');
}

bool onlyChars(const QString &text, QStringView extra)
{
    for (QChar c : text) {
        if (!isAsciiAlnum(c) && !extra.contains(c))
            return false;
    }
    return true;
}

} // namespace

QString ipv4Problem(const QString &text)
{
    if (Ipv4::parse(text))
        return {};
    return QStringLiteral("\"%1\" is not an IPv4 address (a.b.c.d)").arg(text);
}

QString hostnameProblem(const QString &text)
{
    if (text.isEmpty())
        return QStringLiteral("is empty");
    if (text.size() > 253)
        return QStringLiteral("is longer than 253 characters");
    for (const QString &label : text.split(u'.')) {
        if (label.isEmpty() || label.size() > 63 || !onlyChars(label, u"-") ||
            label.front() == u'-' || label.back() == u'-')
            return QStringLiteral("\"%1\" is not a valid host name (RFC 1123)").arg(text);
    }
    return {};
}

QString sshHostProblem(const QString &text)
{
    if (text.isEmpty())
        return QStringLiteral("is empty");
    if (text.size() > kMaxHostLength)
        return QStringLiteral("is longer than %1 characters").arg(kMaxHostLength);
    if (text.front() == u'-')
        return QStringLiteral("\"%1\" must not start with '-'").arg(text);
    if (!onlyChars(text, u".-_:"))
        return QStringLiteral("\"%1\" is not an address, host name or ssh alias").arg(text);
    // ".", ".." and ".name" are folder names, never a host (and run folders are named after hosts).
    if (text.front() == u'.')
        return QStringLiteral("\"%1\" must not start with '.'").arg(text);
    return {};
}

QString userProblem(const QString &text)
{
    if (text.isEmpty())
        return QStringLiteral("is empty");
    if (text.front() == u'-')
        return QStringLiteral("\"%1\" must not start with '-'").arg(text);
    if (text.size() > 32 || !onlyChars(text, u"._-"))
        return QStringLiteral("\"%1\" is not a valid user name").arg(text);
    return {};
}

QString envNameProblem(const QString &text)
{
    if (text.isEmpty())
        return QStringLiteral("is empty");
    const QChar first = text.front();
    if ((first >= u'0' && first <= u'9') || !onlyChars(text, u"_"))
        return QStringLiteral("\"%1\" is not a valid variable name ([A-Za-z_][A-Za-z0-9_]*)")
            .arg(text);
    return {};
}

QString portProblem(int port)
{
    if (port < 1 || port > 65535)
        return QStringLiteral("%1 is not a port (1-65535)").arg(port);
    return {};
}

QString noNulProblem(const QString &text)
{
    if (text.contains(QChar(u'\0')))
        return QStringLiteral("contains a NUL character");
    return {};
}

QString argumentProblem(const QString &text)
{
    if (QString nul = noNulProblem(text); !nul.isEmpty())
        return nul;
    if (text.size() > kMaxArgumentLength)
        return QStringLiteral("is longer than %1 characters").arg(kMaxArgumentLength);
    return {};
}

QString singleLineProblem(const QString &text)
{
    if (QString problem = argumentProblem(text); !problem.isEmpty())
        return problem;
    if (text.contains(u'\n') || text.contains(u'\r'))
        return QStringLiteral("contains a line break");
    return {};
}

QString pathProblem(const QString &text)
{
    if (text.isEmpty())
        return QStringLiteral("is empty");
    if (text.size() > kMaxPathLength)
        return QStringLiteral("is longer than %1 characters").arg(kMaxPathLength);
    return singleLineProblem(text);
}

QString shellSafePathProblem(const QString &text)
{
    static constexpr QStringView kShellSpecial = u"!\"#$&'()*;<>?[\\]`{|}~";
    for (QChar c : text) {
        QString what;
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() <= 0x9f))
            what = QStringLiteral("a control character");
        else if (c.isSpace())
            what = QStringLiteral("a space");
        else if (kShellSpecial.contains(c))
            what = QString(u'\'') + c + u'\'';
        if (!what.isEmpty()) {
            return QStringLiteral("\"%1\" contains %2: a remote shell parses this path when the "
                                  "folder is copied with scp, so it may not hold shell "
                                  "metacharacters, spaces or control characters")
                .arg(text, what);
        }
    }
    return {};
}

QString serverNameProblem(const QString &text)
{
    if (text.isEmpty())
        return QStringLiteral("is empty");
    if (text.size() > 64 || text.front() == u'-' || text.front() == u'.' ||
        !onlyChars(text, u"._-"))
        return QStringLiteral("\"%1\" may use only letters, digits, '.', '_' and '-' "
                              "(not first), at most 64")
            .arg(text);
    return {};
}

} // namespace cw
