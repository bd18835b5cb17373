// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reading and writing the product's own files without trusting what is at their paths: a read
// refuses anything but a regular file (a FIFO, /dev/zero, a directory) before it can block, and a
// file over its size limit; a write never follows a symbolic link (docs/security.md).

#include <QByteArray>
#include <QString>

namespace cw {

constexpr qint64 kReadLimitBytes = 16 * 1024 * 1024; // far above any real project or journal

struct FileBytes {
    QByteArray bytes;
    QString error; // "PATH: why", empty on success
    bool ok() const { return error.isEmpty(); }
};

// Opens `path` without blocking (O_NONBLOCK), refuses what is not a regular file or is larger
// than `limit`, and reads at most `limit` bytes (a file that grows while read is refused too).
FileBytes readRegularFile(const QString &path, qint64 limit = kReadLimitBytes);

// Private: owner only. Shared: what the umask lets through of 0644 / 0755.
enum class FileMode { Shared, SharedExecutable, Private, PrivateExecutable, KeepExisting };

// Writes `content` to a new temporary file in the same folder (O_CREAT | O_EXCL | O_NOFOLLOW, so
// nothing planted there is followed), syncs it and renames it over `path`. A symbolic link at
// `path` is replaced by the file, never written through; a directory there is an error.
// KeepExisting keeps the permission bits of a regular file already at `path` (else Shared).
// Returns "PATH: why", empty on success; on failure `path` is left as it was.
QString writeFileReplacing(const QString &path, const QByteArray &content,
                           FileMode mode = FileMode::Shared);

// Writes all of `content` to the open file `fd`, again after a short or interrupted write; false
// on an error (errno says which). The one write loop of every file the product writes.
bool writeAllTo(int fd, const QByteArray &content);

// A folder that files are written into, held open: it is created when missing (with its parents),
// refused when it is a symbolic link (`out -> victim/.ssh` would put every file into the target),
// and every file goes into the folder that was opened, whatever is renamed around it later.
// Folders above it may be links: they are the path the user chose.
class OutputFolder {
public:
    // Opens `path`; on failure isOpen() is false and error() says why ("PATH: why").
    explicit OutputFolder(const QString &path);
    ~OutputFolder();
    OutputFolder(const OutputFolder &) = delete;
    OutputFolder &operator=(const OutputFolder &) = delete;

    bool isOpen() const { return m_fd >= 0; }
    const QString &error() const { return m_error; }

    // writeFileReplacing() for `name` (one path component) inside this folder.
    QString write(const QString &name, const QByteArray &content,
                  FileMode mode = FileMode::Shared) const;

private:
    QString m_path;
    QString m_error;
    int m_fd = -1;
};

} // namespace cw
