#include "ssh/SshTypes.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace cw {

QString hostKeyStateName(HostKeyInfo::State state)
{
    switch (state) {
    case HostKeyInfo::State::Known:
        return u"known"_s;
    case HostKeyInfo::State::Unknown:
        return u"unknown"_s;
    case HostKeyInfo::State::Changed:
        return u"changed"_s;
    case HostKeyInfo::State::Other:
        return u"other"_s;
    }
    return u"unknown"_s;
}

QString sshErrorKindName(SshError::Kind kind)
{
    switch (kind) {
    case SshError::Kind::None:
        return u"none"_s;
    case SshError::Kind::InvalidTarget:
        return u"invalid-target"_s;
    case SshError::Kind::Unreachable:
        return u"unreachable"_s;
    case SshError::Kind::Timeout:
        return u"timeout"_s;
    case SshError::Kind::HostKeyUnknown:
        return u"host-key-unknown"_s;
    case SshError::Kind::HostKeyChanged:
        return u"host-key-changed"_s;
    case SshError::Kind::AuthFailed:
        return u"auth-failed"_s;
    case SshError::Kind::Protocol:
        return u"protocol"_s;
    case SshError::Kind::Cancelled:
        return u"cancelled"_s;
    case SshError::Kind::Sftp:
        return u"sftp"_s;
    }
    return u"none"_s;
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
