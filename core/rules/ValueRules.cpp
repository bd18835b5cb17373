// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/ValueRules.h"

#include "net/InetAton.h"
#include "net/Ipv4.h"

#include <QStringList>

#include <algorithm>

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

// A problem with `value` of `kind`, in the words of `reason`.
ValueProblem fault(ProblemKind kind, const QString &value, const TrText &reason)
{
    ValueProblem problem{kind, {}, reason};
    problem.values.value = value;
    return problem;
}

ValueProblem tooLong(const QString &value, qsizetype limit, const TrText &reason)
{
    ValueProblem problem = fault(ProblemKind::TooLong, value, reason);
    problem.values.limit = limit;
    return problem;
}

ValueProblem empty()
{
    return fault(ProblemKind::Empty, {}, trText("cw::Validation", "is empty"));
}

} // namespace

ValueProblem ipv4ValueProblem(const QString &text)
{
    if (Ipv4::parse(text))
        return {};
    return fault(ProblemKind::NotIpv4, text,
                 trText("cw::Validation", "\"%1\" is not an IPv4 address (a.b.c.d)").arg(text));
}

ValueProblem hostnameValueProblem(const QString &text)
{
    if (text.isEmpty())
        return empty();
    if (text.size() > 253)
        return tooLong(text, 253, trText("cw::Validation", "is longer than 253 characters"));
    for (const QString &label : text.split(u'.')) {
        if (label.isEmpty() || label.size() > 63 || !onlyChars(label, u"-") ||
            label.front() == u'-' || label.back() == u'-')
            return fault(
                ProblemKind::NotHostName, text,
                trText("cw::Validation", "\"%1\" is not a valid host name (RFC 1123)").arg(text));
    }
    return {};
}

ValueProblem sshHostValueProblem(const QString &text)
{
    if (text.isEmpty())
        return empty();
    if (text.size() > kMaxHostLength)
        return tooLong(
            text, kMaxHostLength,
            trText("cw::Validation", "is longer than %1 characters").arg(kMaxHostLength));
    if (text.front() == u'-')
        return fault(ProblemKind::LeadingDash, text,
                     trText("cw::Validation", "\"%1\" must not start with '-'").arg(text));
    if (!onlyChars(text, u".-_:"))
        return fault(
            ProblemKind::NotSshHost, text,
            trText("cw::Validation", "\"%1\" is not an address, host name or ssh alias").arg(text));
    // One reading of an address everywhere: ssh and the C library take "127.0.0" or "010.0.0.1"
    // for an address (inet_aton's short and octal forms), which the rules, the loopback check
    // and host_ip would take for a name. Refused, so that a host is either a dotted quad or no
    // address at all (rewriting it would change what the user wrote into the project).
    if (const std::optional<Ipv4> read = parseInetAton(text); read && !Ipv4::parse(text))
        return fault(ProblemKind::NotSshHost, text,
                     trText("cw::Validation",
                            "\"%1\" is the address %2 to ssh and the C library (inet_aton's "
                            "short form); write the address as %2")
                         .arg(text, read->toString()));
    // ".", ".." and ".name" are folder names, never a host (and run folders are named after hosts).
    if (text.front() == u'.')
        return fault(ProblemKind::LeadingDot, text,
                     trText("cw::Validation", "\"%1\" must not start with '.'").arg(text));
    // Digits and dots are meant as an address ("10.0.0.300" is a typo, not an alias; ssh would
    // read "10.1" as 10.0.0.1): it must be a valid one.
    if (std::all_of(text.begin(), text.end(),
                    [](QChar c) { return c == u'.' || (c >= u'0' && c <= u'9'); }))
        return ipv4ValueProblem(text);
    return {};
}

ValueProblem userValueProblem(const QString &text)
{
    if (text.isEmpty())
        return empty();
    if (text.front() == u'-')
        return fault(ProblemKind::LeadingDash, text,
                     trText("cw::Validation", "\"%1\" must not start with '-'").arg(text));
    if (text.size() > 32 || !onlyChars(text, u"._-"))
        return fault(ProblemKind::NotUserName, text,
                     trText("cw::Validation", "\"%1\" is not a valid user name").arg(text));
    return {};
}

ValueProblem envNameValueProblem(const QString &text)
{
    if (text.isEmpty())
        return empty();
    const QChar first = text.front();
    if ((first >= u'0' && first <= u'9') || !onlyChars(text, u"_"))
        return fault(
            ProblemKind::NotEnvName, text,
            trText("cw::Validation", "\"%1\" is not a valid variable name ([A-Za-z_][A-Za-z0-9_]*)")
                .arg(text));
    return {};
}

ValueProblem portValueProblem(int port)
{
    if (port < 1 || port > 65535)
        return fault(ProblemKind::NotPort, QString::number(port),
                     trText("cw::Validation", "%1 is not a port (1-65535)").arg(port));
    return {};
}

ValueProblem noNulValueProblem(const QString &text)
{
    if (text.contains(QChar(u'\0')))
        return fault(ProblemKind::HasNul, text,
                     trText("cw::Validation", "contains a NUL character"));
    return {};
}

ValueProblem argumentValueProblem(const QString &text)
{
    if (ValueProblem nul = noNulValueProblem(text); !nul.isEmpty())
        return nul;
    if (text.size() > kMaxArgumentLength)
        return tooLong(
            text, kMaxArgumentLength,
            trText("cw::Validation", "is longer than %1 characters").arg(kMaxArgumentLength));
    return {};
}

ValueProblem singleLineValueProblem(const QString &text)
{
    if (ValueProblem problem = argumentValueProblem(text); !problem.isEmpty())
        return problem;
    if (text.contains(u'\n') || text.contains(u'\r'))
        return fault(ProblemKind::HasLineBreak, text,
                     trText("cw::Validation", "contains a line break"));
    return {};
}

ValueProblem pathValueProblem(const QString &text)
{
    if (text.isEmpty())
        return empty();
    if (text.size() > kMaxPathLength)
        return tooLong(
            text, kMaxPathLength,
            trText("cw::Validation", "is longer than %1 characters").arg(kMaxPathLength));
    return singleLineValueProblem(text);
}

ValueProblem shellSafePathValueProblem(const QString &text)
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
            ValueProblem problem =
                fault(ProblemKind::HasShellCharacter, text,
                      trText("cw::Validation",
                             "\"%1\" contains %2: a remote shell parses this path when the "
                             "folder is copied with scp, so it may not hold shell "
                             "metacharacters, spaces or control characters")
                          .arg(text, what));
            problem.values.detail = QString(c);
            return problem;
        }
    }
    return {};
}

ValueProblem serverNameValueProblem(const QString &text)
{
    constexpr qsizetype kMaxName = 64;
    if (text.isEmpty())
        return empty();
    if (text.size() > kMaxName || text.front() == u'-' || text.front() == u'.' ||
        !onlyChars(text, u"._-")) {
        ValueProblem problem =
            fault(ProblemKind::NotServerName, text,
                  trText("cw::Validation", "\"%1\" may use only letters, digits, '.', '_' and '-' "
                                           "(not first), at most 64")
                      .arg(text));
        problem.values.limit = kMaxName;
        return problem;
    }
    return {};
}

} // namespace cw
