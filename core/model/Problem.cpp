// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/Problem.h"

#include <QStringList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

bool isDeviceList(const QString &serverField)
{
    return serverField == u"devices" || serverField == u"device_ips";
}

bool needsEscape(char16_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

} // namespace

QString escapeControls(const QString &text)
{
    if (std::none_of(text.cbegin(), text.cend(), [](QChar c) { return needsEscape(c.unicode()); }))
        return text;
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (!needsEscape(u))
            out += c;
        else if (u == u'\n')
            out += u"\\n"_s;
        else if (u == u'\r')
            out += u"\\r"_s;
        else if (u == u'\t')
            out += u"\\t"_s;
        else if (u <= 0xff)
            out += u"\\x"_s + QString::number(u, 16).rightJustified(2, u'0');
        else
            out += u"\\u"_s + QString::number(u, 16).rightJustified(4, u'0');
    }
    return out;
}

ProblemArea ProblemLocation::area() const
{
    if (server >= 0)
        return isDeviceList(field) ? ProblemArea::Devices : ProblemArea::Servers;
    const QString top = field.section(u'.', 0, 0);
    // The training containers are set on the Servers page.
    if (top == u"servers" || top == u"container")
        return ProblemArea::Servers;
    if (top == u"device_network")
        return ProblemArea::Devices;
    if (top == u"launch")
        return ProblemArea::Launch;
    return ProblemArea::Project;
}

ProblemPlace ProblemPlace::member(const QString &name) const
{
    ProblemPlace next = *this;
    next.m_path = m_path.isEmpty() ? name : m_path + u'.' + name;
    next.m_location.field = m_location.field.isEmpty() ? name : m_location.field + u'.' + name;
    return next;
}

ProblemPlace ProblemPlace::item(int index) const
{
    ProblemPlace next = *this;
    next.m_path = m_path + u'[' + QString::number(index) + u']';
    ProblemLocation &where = next.m_location;
    if (where.server < 0 && where.field == u"servers") {
        where.server = index;
        where.field.clear();
    } else if (where.server >= 0 && where.device < 0 && isDeviceList(where.field)) {
        // devices[k] and device_ips[k] are the same device: k is its position in both.
        where.device = index;
    }
    return next;
}

ProblemPlace ProblemPlace::key(const QString &name) const
{
    ProblemPlace next = *this;
    next.m_path = m_path.isEmpty() ? name : m_path + u'.' + name;
    return next;
}

ProblemPlace projectPlace(const QString &dottedField)
{
    ProblemPlace place;
    for (const QString &name : dottedField.split(u'.'))
        place = place.member(name);
    return place;
}

ProblemPlace serverPlace(int server)
{
    return ProblemPlace().member(u"servers"_s).item(server);
}

ProblemPlace serverFieldPlace(int server, const char *field)
{
    return serverPlace(server).member(QString::fromLatin1(field));
}

ProblemPlace devicePlace(int server, int position)
{
    return serverFieldPlace(server, "devices").item(position);
}

ProblemPlace deviceIpPlace(int server, int position)
{
    return serverFieldPlace(server, "device_ips").item(position);
}

} // namespace cw
