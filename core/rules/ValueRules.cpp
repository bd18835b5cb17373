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

TrText ipv4ProblemText(const QString &text)
{
    if (Ipv4::parse(text))
        return {};
    return trText("cw::Validation", "\"%1\" is not an IPv4 address (a.b.c.d)").arg(text);
}

TrText hostnameProblemText(const QString &text)
{
    if (text.isEmpty())
        return trText("cw::Validation", "is empty");
    if (text.size() > 253)
        return trText("cw::Validation", "is longer than 253 characters");
    for (const QString &label : text.split(u'.')) {
        if (label.isEmpty() || label.size() > 63 || !onlyChars(label, u"-") ||
            label.front() == u'-' || label.back() == u'-')
            return trText("cw::Validation", "\"%1\" is not a valid host name (RFC 1123)").arg(text);
    }
    return {};
}

TrText sshHostProblemText(const QString &text)
{
    if (text.isEmpty())
        return trText("cw::Validation", "is empty");
    if (text.size() > kMaxHostLength)
        return trText("cw::Validation", "is longer than %1 characters").arg(kMaxHostLength);
    if (text.front() == u'-')
        return trText("cw::Validation", "\"%1\" must not start with '-'").arg(text);
    if (!onlyChars(text, u".-_:"))
        return trText("cw::Validation", "\"%1\" is not an address, host name or ssh alias")
            .arg(text);
    // ".", ".." and ".name" are folder names, never a host (and run folders are named after hosts).
    if (text.front() == u'.')
        return trText("cw::Validation", "\"%1\" must not start with '.'").arg(text);
    return {};
}

TrText userProblemText(const QString &text)
{
    if (text.isEmpty())
        return trText("cw::Validation", "is empty");
    if (text.front() == u'-')
        return trText("cw::Validation", "\"%1\" must not start with '-'").arg(text);
    if (text.size() > 32 || !onlyChars(text, u"._-"))
        return trText("cw::Validation", "\"%1\" is not a valid user name").arg(text);
    return {};
}

TrText envNameProblemText(const QString &text)
{
    if (text.isEmpty())
        return trText("cw::Validation", "is empty");
    const QChar first = text.front();
    if ((first >= u'0' && first <= u'9') || !onlyChars(text, u"_"))
        return trText("cw::Validation",
                      "\"%1\" is not a valid variable name ([A-Za-z_][A-Za-z0-9_]*)")
            .arg(text);
    return {};
}

TrText portProblemText(int port)
{
    if (port < 1 || port > 65535)
        return trText("cw::Validation", "%1 is not a port (1-65535)").arg(port);
    return {};
}

TrText noNulProblemText(const QString &text)
{
    if (text.contains(QChar(u'\0')))
        return trText("cw::Validation", "contains a NUL character");
    return {};
}

TrText argumentProblemText(const QString &text)
{
    if (TrText nul = noNulProblemText(text); !nul.isEmpty())
        return nul;
    if (text.size() > kMaxArgumentLength)
        return trText("cw::Validation", "is longer than %1 characters").arg(kMaxArgumentLength);
    return {};
}

TrText singleLineProblemText(const QString &text)
{
    if (TrText problem = argumentProblemText(text); !problem.isEmpty())
        return problem;
    if (text.contains(u'\n') || text.contains(u'\r'))
        return trText("cw::Validation", "contains a line break");
    return {};
}

TrText pathProblemText(const QString &text)
{
    if (text.isEmpty())
        return trText("cw::Validation", "is empty");
    if (text.size() > kMaxPathLength)
        return trText("cw::Validation", "is longer than %1 characters").arg(kMaxPathLength);
    return singleLineProblemText(text);
}

TrText shellSafePathProblemText(const QString &text)
{
    static constexpr QStringView kShellSpecial = u"!\"#$&'()*;<>?[\\]`{|}~";
    for (QChar c : text) {
        TrText what;
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() <= 0x9f))
            what = trText("cw::Validation", "a control character");
        else if (c.isSpace())
            what = trText("cw::Validation", "a space");
        else if (kShellSpecial.contains(c))
            what = TrText::verbatim(QString(u'\'') + c + u'\'');
        if (!what.isEmpty()) {
            return trText("cw::Validation",
                          "\"%1\" contains %2: a remote shell parses this path when the "
                          "folder is copied with scp, so it may not hold shell "
                          "metacharacters, spaces or control characters")
                .arg(text, what);
        }
    }
    return {};
}

TrText serverNameProblemText(const QString &text)
{
    if (text.isEmpty())
        return trText("cw::Validation", "is empty");
    if (text.size() > 64 || text.front() == u'-' || text.front() == u'.' ||
        !onlyChars(text, u"._-"))
        return trText("cw::Validation", "\"%1\" may use only letters, digits, '.', '_' and '-' "
                                        "(not first), at most 64")
            .arg(text);
    return {};
}

} // namespace cw
