// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/DeviceIdList.h"

#include <QRegularExpression>
#include <QStringList>

namespace cw {
namespace {

// Higher than any accelerator has devices on one server, low enough that a typed "0-99999999"
// cannot make a list of millions.
constexpr int kMaxDeviceId = 1023;

// A plain number ("7") up to kMaxDeviceId; -1 when it is not one.
int idOf(QStringView text)
{
    if (text.isEmpty() || text.size() > 4)
        return -1;
    for (QChar c : text) {
        if (c < u'0' || c > u'9')
            return -1;
    }
    const int id = text.toInt();
    return id <= kMaxDeviceId ? id : -1;
}

} // namespace

DeviceIdList DeviceIdList::parse(const QString &text)
{
    DeviceIdList list;
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    for (const QString &token : text.split(separators, Qt::SkipEmptyParts)) {
        const qsizetype dash = token.indexOf(u'-', 1);
        const int first = idOf(dash < 0 ? QStringView(token) : QStringView(token).left(dash));
        const int last = dash < 0 ? first : idOf(QStringView(token).mid(dash + 1));
        if (first < 0 || last < first) {
            list.badToken = token;
            list.ids.clear();
            return list;
        }
        for (int id = first; id <= last; ++id)
            list.ids.push_back(id);
    }
    return list;
}

QString deviceIdText(const std::vector<int> &ids)
{
    QStringList parts;
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(u',');
}

} // namespace cw
