// SPDX-License-Identifier: GPL-3.0-or-later
#include "ssh/SshTypes.h"

#include "model/NameTable.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace cw {

QString hostKeyStateName(HostKeyInfo::State state)
{
    using State = HostKeyInfo::State;
    static constexpr auto names = nameTable<State>({
        {State::Known, "known"},
        {State::Unknown, "unknown"},
        {State::Changed, "changed"},
        {State::Other, "other"},
    });
    return names.name(state, QLatin1StringView("unknown"));
}

QString sshErrorKindName(SshError::Kind kind)
{
    using Kind = SshError::Kind;
    static constexpr auto names = nameTable<Kind>({
        {Kind::None, "none"},
        {Kind::InvalidTarget, "invalid-target"},
        {Kind::Unreachable, "unreachable"},
        {Kind::Timeout, "timeout"},
        {Kind::HostKeyUnknown, "host-key-unknown"},
        {Kind::HostKeyChanged, "host-key-changed"},
        {Kind::AuthFailed, "auth-failed"},
        {Kind::Protocol, "protocol"},
        {Kind::Cancelled, "cancelled"},
        {Kind::Sftp, "sftp"},
    });
    return names.name(kind, QLatin1StringView("none"));
}

QString sshEndpoint(const QString &host, int port)
{
    const int effective = port > 0 ? port : 22;
    if (host.contains(u':'))
        return u'[' + host + u"]:"_s + QString::number(effective);
    return host + u':' + QString::number(effective);
}

QString expandHomePath(const QString &path)
{
    if (path == u"~"_s)
        return QDir::homePath();
    if (path.startsWith(u"~/"_s))
        return QDir::homePath() + path.mid(1);
    return path;
}

} // namespace cw
