// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/SafeFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString why(const QString &path, int error)
{
    return path + u": "_s + QString::fromLocal8Bit(std::strerror(error));
}

// The permissions a new file gets; `existing` is the file it replaces, or null.
mode_t modeBits(FileMode mode, const struct stat *existing)
{
    switch (mode) {
    case FileMode::Private:
        return 0600;
    case FileMode::PrivateExecutable:
        return 0700;
    case FileMode::SharedExecutable:
        return 0755;
    case FileMode::KeepExisting:
        if (existing && S_ISREG(existing->st_mode))
            return existing->st_mode & 07777;
        return 0644;
    case FileMode::Shared:
        break;
    }
    return 0644;
}

} // namespace

bool writeAllTo(int fd, const QByteArray &content)
{
    qsizetype done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.constData() + done, size_t(content.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

FileBytes readRegularFile(const QString &path, qint64 limit)
{
    FileBytes result;
    const QByteArray native = QFile::encodeName(path);
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        result.error = why(path, errno);
        return result;
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        result.error = why(path, errno);
    } else if (S_ISDIR(info.st_mode)) {
        result.error = path + u": is a folder, not a file"_s;
    } else if (!S_ISREG(info.st_mode)) {
        result.error = path + u": is not a regular file (a pipe, device or socket is never read)"_s;
    } else if (info.st_size > limit) {
        result.error =
            path + u": is %1 bytes, more than the %2 bytes a clusterwiz file may have"_s.arg(
                       QString::number(info.st_size), QString::number(limit));
    } else {
        // Back to blocking reads: a regular file never blocks, and some file systems dislike it.
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        result.bytes.resize(qsizetype(info.st_size));
        qsizetype done = 0;
        char extra = 0;
        for (;;) {
            char *into = done < result.bytes.size() ? result.bytes.data() + done : &extra;
            const size_t room = done < result.bytes.size() ? size_t(result.bytes.size() - done) : 1;
            const ssize_t n = ::read(fd, into, room);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                result.error = why(path, errno);
                break;
            }
            if (n == 0)
                break;
            if (into == &extra) {
                result.error = path + u": grew while it was read"_s;
                break;
            }
            done += n;
        }
        result.bytes.truncate(done);
    }
    ::close(fd);
    if (!result.ok())
        result.bytes.clear();
    return result;
}

namespace {

// writeFileReplacing() inside the open folder `dirFd`; `path` is only for messages.
QString writeReplacingAt(int dirFd, const QString &path, const QString &name,
                         const QByteArray &content, FileMode mode)
{
    const QByteArray native = QFile::encodeName(name);
    struct stat existing {};
    const bool exists = ::fstatat(dirFd, native.constData(), &existing, AT_SYMLINK_NOFOLLOW) == 0;
    if (exists && S_ISDIR(existing.st_mode))
        return path + u": is a folder; a file cannot replace it"_s;
    const mode_t bits = modeBits(mode, exists ? &existing : nullptr);
    QByteArray temp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temp = QFile::encodeName(u".%1.clusterwiz-tmp-%2"_s.arg(
            name, QString::number(QRandomGenerator::system()->generate(), 36)));
        // The umask applies to the mode given here, as for any file the user's tools create.
        fd = ::openat(dirFd, temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                      bits);
        if (fd < 0 && errno != EEXIST)
            return why(path, errno);
    }
    if (fd < 0)
        return path + u": no free temporary name in its folder"_s;
    if (mode == FileMode::KeepExisting && exists && S_ISREG(existing.st_mode))
        ::fchmod(fd, existing.st_mode & 07777); // the user's own choice, umask or not
    const bool written = writeAllTo(fd, content);
    const int writeError = errno;
    const bool synced = written && ::fsync(fd) == 0;
    const int syncError = errno;
    const bool closed = ::close(fd) == 0;
    if (!written || !synced || !closed) {
        ::unlinkat(dirFd, temp.constData(), 0);
        return why(path, !written ? writeError : !synced ? syncError : EIO);
    }
    // rename() replaces a symbolic link itself, never the file it points to.
    if (::renameat(dirFd, temp.constData(), dirFd, native.constData()) != 0) {
        const int error = errno;
        ::unlinkat(dirFd, temp.constData(), 0);
        return why(path, error);
    }
    return {};
}

} // namespace

QString writeFileReplacing(const QString &path, const QByteArray &content, FileMode mode)
{
    const QFileInfo info(path);
    // The folder the path names, as the user named it (links above the file are followed).
    const int dirFd =
        ::open(QFile::encodeName(info.path()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0)
        return why(path, errno);
    const QString error = writeReplacingAt(dirFd, path, info.fileName(), content, mode);
    ::close(dirFd);
    return error;
}

OutputFolder::OutputFolder(const QString &path) : m_path(path)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        m_error = path + u": cannot create the folders above it"_s;
        return;
    }
    const QByteArray native = QFile::encodeName(path);
    if (::mkdir(native.constData(), 0777) != 0 && errno != EEXIST) {
        m_error = why(path, errno);
        return;
    }
    m_fd = ::open(native.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (m_fd >= 0)
        return;
    const int error = errno;
    struct stat info {};
    if (::lstat(native.constData(), &info) == 0 && S_ISLNK(info.st_mode))
        m_error = path + u": is a symbolic link; nothing is written through it (name the "
                         u"folder itself)"_s;
    else if (error == ENOTDIR)
        m_error = path + u": is not a folder"_s;
    else
        m_error = why(path, error);
}

OutputFolder::~OutputFolder()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

QString OutputFolder::write(const QString &name, const QByteArray &content, FileMode mode) const
{
    const QString path = m_path + u'/' + name;
    if (m_fd < 0)
        return m_error;
    if (name.isEmpty() || name.contains(u'/') || name == u"." || name == u"..")
        return path + u": not a file name"_s;
    return writeReplacingAt(m_fd, path, name, content, mode);
}

} // namespace cw
