// SPDX-License-Identifier: GPL-3.0-or-later
#include "ssh/KnownHosts.h"

#include "model/SafeFile.h"
#include "rules/ValueRules.h"
#include "ssh/SshTypes.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

// Plain host-key algorithms; certificates would need @cert-authority lines, which we never write.
bool isHostKeyType(const QString &type)
{
    static const QStringList types = {
        u"ssh-ed25519"_s,
        u"ecdsa-sha2-nistp256"_s,
        u"ecdsa-sha2-nistp384"_s,
        u"ecdsa-sha2-nistp521"_s,
        u"ssh-rsa"_s,
        u"ssh-dss"_s,
        u"sk-ssh-ed25519@openssh.com"_s,
        u"sk-ecdsa-sha2-nistp256@openssh.com"_s,
    };
    return types.contains(type);
}

// The blob starts with the algorithm name as an SSH string (uint32 big-endian length + bytes).
QString blobType(const QByteArray &blob)
{
    if (blob.size() < 4)
        return {};
    const auto *bytes = reinterpret_cast<const unsigned char *>(blob.constData());
    const quint32 length = (quint32(bytes[0]) << 24) | (quint32(bytes[1]) << 16) |
                           (quint32(bytes[2]) << 8) | quint32(bytes[3]);
    if (length == 0 || length > 64 || length > quint32(blob.size() - 4))
        return {};
    return QString::fromLatin1(blob.mid(4, qsizetype(length)));
}

QString errnoText()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

bool readAll(int fd, QByteArray *content)
{
    if (::lseek(fd, 0, SEEK_SET) < 0)
        return false;
    char buffer[16384];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            return true;
        content->append(buffer, n);
    }
}

} // namespace

std::optional<PublicKeyLine> parsePublicKeyLine(const QString &text, QString *error)
{
    if (text.contains(QChar(0)) || text.trimmed().contains(u'\n') || text.contains(u'\r')) {
        *error = u"a public key must be one line"_s;
        return std::nullopt;
    }
    const QStringList fields = text.trimmed().split(u' ', Qt::SkipEmptyParts);
    if (fields.size() < 2) {
        *error = u"a public key line needs a type and a base64 key"_s;
        return std::nullopt;
    }
    PublicKeyLine key{fields[0], fields[1], fields.mid(2).join(u' ')};
    if (!isHostKeyType(key.type)) {
        *error = u"\"%1\" is not a host key type"_s.arg(key.type.left(40));
        return std::nullopt;
    }
    const QByteArray encoded = key.base64.toLatin1();
    const auto decoded =
        QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.toBase64() != encoded) {
        *error = u"the key is not valid base64"_s;
        return std::nullopt;
    }
    if (blobType(decoded.decoded) != key.type) {
        *error = u"the key data is not of type %1"_s.arg(key.type);
        return std::nullopt;
    }
    return key;
}

QString knownHostsName(const QString &host, int port)
{
    if (port == 0 || port == 22)
        return host;
    return u'[' + host + u"]:"_s + QString::number(port);
}

std::optional<QString> knownHostsLine(const QStringList &hosts, int port, const QString &publicKey,
                                      QString *error)
{
    if (hosts.isEmpty()) {
        *error = u"no host name for the known_hosts line"_s;
        return std::nullopt;
    }
    if (const QString problem = portProblem(port == 0 ? 22 : port); !problem.isEmpty()) {
        *error = u"port "_s + problem;
        return std::nullopt;
    }
    QStringList names;
    for (const QString &host : hosts) {
        // sshHostProblem allows only letters, digits and ".-_:": no spaces, commas, '#', '*',
        // '!' or brackets that would change what the entry matches.
        if (const QString problem = sshHostProblem(host); !problem.isEmpty()) {
            *error = u"host "_s + problem;
            return std::nullopt;
        }
        names << knownHostsName(host.toLower(), port);
    }
    const std::optional<PublicKeyLine> key = parsePublicKeyLine(publicKey, error);
    if (!key)
        return std::nullopt;
    return names.join(u',') + u' ' + key->type + u' ' + key->base64;
}

QString knownHostsPath(const QString &file)
{
    if (file.isEmpty())
        return QDir::homePath() + u"/.ssh/known_hosts"_s;
    return expandHomePath(file);
}

namespace {

// Threads of this process take this mutex; other processes (a second clusterwiz, ssh itself
// does not lock) are kept out by flock, which also holds between threads with separate fds.
std::mutex &knownHostsMutex()
{
    static std::mutex mutex;
    return mutex;
}

} // namespace

bool addKnownHostsLine(const QString &file, const QString &line, QString *error, bool *added)
{
    if (added)
        *added = false;
    if (line.trimmed().isEmpty() || line.contains(u'\n') || line.contains(u'\r') ||
        line.contains(QChar(0))) {
        *error = u"a known_hosts entry must be one non-empty line"_s;
        return false;
    }
    const QString path = knownHostsPath(file);
    const QString folder = QFileInfo(path).absolutePath();
    if (!QFileInfo::exists(folder)) {
        if (!QDir().mkpath(folder)) {
            *error = u"cannot create %1"_s.arg(folder);
            return false;
        }
        ::chmod(QFile::encodeName(folder).constData(), 0700);
    }

    const std::lock_guard<std::mutex> lock(knownHostsMutex());
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) {
        *error = u"cannot open %1: %2"_s.arg(path, errnoText());
        return false;
    }
    bool ok = false;
    if (::flock(fd, LOCK_EX) != 0) {
        *error = u"cannot lock %1: %2"_s.arg(path, errnoText());
    } else {
        QByteArray content;
        const QByteArray wanted = line.trimmed().toUtf8();
        if (!readAll(fd, &content)) {
            *error = u"cannot read %1: %2"_s.arg(path, errnoText());
        } else if (content.split('\n').contains(wanted)) {
            ok = true;
        } else {
            // One write call with O_APPEND: the line lands whole after whatever is there.
            QByteArray data;
            if (!content.isEmpty() && !content.endsWith('\n'))
                data += '\n';
            data += wanted + '\n';
            ok = writeAllTo(fd, data) && ::fsync(fd) == 0;
            if (!ok)
                *error = u"cannot write %1: %2"_s.arg(path, errnoText());
            else if (added)
                *added = true;
        }
        ::flock(fd, LOCK_UN);
    }
    ::close(fd);
    return ok;
}

bool removeKnownHostsLine(const QString &file, const QString &line, QString *error, bool *removed)
{
    if (removed)
        *removed = false;
    const QString path = knownHostsPath(file);
    const std::lock_guard<std::mutex> lock(knownHostsMutex());
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return true; // no file: no such line
        *error = u"cannot open %1: %2"_s.arg(path, errnoText());
        return false;
    }
    bool ok = false;
    if (::flock(fd, LOCK_EX) != 0) {
        *error = u"cannot lock %1: %2"_s.arg(path, errnoText());
    } else {
        QByteArray content;
        if (!readAll(fd, &content)) {
            *error = u"cannot read %1: %2"_s.arg(path, errnoText());
        } else {
            const QByteArray unwanted = line.trimmed().toUtf8();
            QList<QByteArray> kept = content.split('\n');
            const qsizetype before = kept.size();
            kept.removeAll(unwanted);
            ok = true;
            if (kept.size() != before) {
                // Rewritten in place, under the same lock an adder takes: a renamed file would
                // leave a concurrent adder appending to the old one.
                const QByteArray data = kept.join('\n');
                ok = ::lseek(fd, 0, SEEK_SET) == 0 && ::ftruncate(fd, 0) == 0 &&
                     writeAllTo(fd, data) && ::fsync(fd) == 0;
                if (!ok)
                    *error = u"cannot write %1: %2"_s.arg(path, errnoText());
                else if (removed)
                    *removed = true;
            }
        }
        ::flock(fd, LOCK_UN);
    }
    ::close(fd);
    return ok;
}

} // namespace cw
