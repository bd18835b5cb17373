// SPDX-License-Identifier: GPL-3.0-or-later
// SshSession::upload: SFTP into a temporary name beside the target, chmod, then `mv -f` into
// place. rename(2) replaces the target in one step, so readers see the old file or the whole new
// one. SFTP v3's own RENAME refuses an existing target and libssh 0.10 has no call for OpenSSH's
// posix-rename extension, hence the mv over an exec channel (PRODUCT.md asks for `mv -f`).
#include "rules/ValueRules.h"
#include "shell/ShellQuote.h"
#include "ssh/SshSessionPrivate.h"

#include <QDeadlineTimer>
#include <QRandomGenerator>

#include <libssh/sftp.h>

#include <fcntl.h>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

constexpr qsizetype writeChunk = 64 * 1024;

QString sftpErrorText(sftp_session sftp)
{
    switch (sftp ? sftp_get_error(sftp) : SSH_FX_FAILURE) {
    case SSH_FX_NO_SUCH_FILE:
    case SSH_FX_NO_SUCH_PATH:
        return u"no such file or folder"_s;
    case SSH_FX_PERMISSION_DENIED:
        return u"permission denied"_s;
    case SSH_FX_FILE_ALREADY_EXISTS:
        return u"file already exists"_s;
    case SSH_FX_WRITE_PROTECT:
        return u"write-protected"_s;
    case SSH_FX_NO_MEDIA:
        return u"no media"_s;
    default:
        return u"SFTP failure"_s;
    }
}

// The SFTP half: temporary file written, synced where the server can, chmod'ed, closed.
SshError writeTemporary(SshSessionPrivate &d, sftp_session sftp, const QByteArray &data,
                        const QByteArray &temporary, int mode, bool *created)
{
    auto sftpFailure = [&](const QString &what) {
        SshError error = d.failure(SshError::Kind::Sftp, what);
        if (error.kind == SshError::Kind::Sftp)
            error.message = what + u" on "_s + d.endpoint + u": "_s + sftpErrorText(sftp);
        return error;
    };
    const QString name = QString::fromUtf8(temporary);
    if (sftp_init(sftp) != SSH_OK)
        return d.failure(SshError::Kind::Sftp, u"starting SFTP"_s);
    // 0600 until complete: nobody reads a half-written file through its temporary name either.
    sftp_file file = sftp_open(sftp, temporary.constData(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (!file)
        return sftpFailure(u"creating "_s + name);
    *created = true;
    for (qsizetype done = 0; done < data.size();) {
        const qsizetype n = qMin(writeChunk, data.size() - done);
        const ssize_t written = sftp_write(file, data.constData() + done, size_t(n));
        if (written <= 0) {
            SshError error = sftpFailure(u"writing "_s + name);
            sftp_close(file);
            return error;
        }
        done += written;
    }
    if (sftp_extension_supported(sftp, "fsync@openssh.com", "1") && sftp_fsync(file) != 0) {
        SshError error = sftpFailure(u"syncing "_s + name);
        sftp_close(file);
        return error;
    }
    if (sftp_close(file) != SSH_NO_ERROR)
        return sftpFailure(u"closing "_s + name);
    // The mode given to open() went through the server's umask; chmod sets it exactly.
    if (sftp_chmod(sftp, temporary.constData(), mode_t(mode)) != 0)
        return sftpFailure(u"setting the mode of "_s + name);
    return {};
}

} // namespace

SshError uploadFile(SshSessionPrivate &d, const QByteArray &data, const QString &remotePath,
                    int mode, int timeoutMs, const std::atomic<bool> *cancel)
{
    if (!d.connected || !d.session || !ssh_is_connected(d.session))
        return SshError::make(SshError::Kind::Unreachable,
                              u"not connected to "_s +
                                  (d.endpoint.isEmpty() ? d.target.host : d.endpoint));
    const qsizetype slash = remotePath.lastIndexOf(u'/');
    const QString base = remotePath.mid(slash + 1);
    if (!pathProblem(remotePath).isEmpty() || base.isEmpty() || base == u"."_s || base == u".."_s)
        return SshError::make(
            SshError::Kind::InvalidTarget,
            u"\"%1\" is not a file path to upload to"_s.arg(remotePath.left(200)));
    if (mode < 0 || mode > 07777)
        return SshError::make(SshError::Kind::InvalidTarget,
                              u"%1 is not a file mode"_s.arg(QString::number(mode, 8)));
    const QString folder = remotePath.left(slash + 1); // "" or ".../"
    const QString temporary = folder + u'.' + base + u".cw-"_s +
                              QString::number(QRandomGenerator::global()->generate64(), 16);
    const QByteArray temporaryBytes = temporary.toUtf8();
    const QDeadlineTimer deadline(timeoutMs > 0 ? timeoutMs : -1);

    SshError error;
    bool created = false;
    {
        SshWatchdogScope watch(d.watchdog, d.fd(), timeoutMs, cancel);
        sftp_session sftp = sftp_new(d.session);
        if (!sftp) {
            error = d.failure(SshError::Kind::Sftp, u"starting SFTP"_s);
        } else {
            error = writeTemporary(d, sftp, data, temporaryBytes, mode, &created);
            if (error.isError() && created && !d.watchdog.fired())
                sftp_unlink(sftp, temporaryBytes.constData());
            sftp_free(sftp);
        }
    }
    if (d.watchdog.fired()) {
        // The socket was shut down to unblock SFTP: this connection is over.
        if (!error.isError())
            error = d.failure(SshError::Kind::Sftp, u"uploading "_s + remotePath);
        d.close();
        return error;
    }
    if (error.isError())
        return error;

    ExecOptions move;
    move.timeoutMs = deadline.isForever() ? 0 : int(qMax<qint64>(1, deadline.remainingTime()));
    move.cancel = cancel;
    const ExecResult moved =
        runCommand(d, u"mv -f -- "_s + shellQuote(temporary) + u' ' + shellQuote(remotePath), move);
    if (moved.ok())
        return {};
    if (d.connected && ssh_is_connected(d.session)) {
        ExecOptions cleanup;
        cleanup.timeoutMs = d.target.connectTimeoutMs;
        runCommand(d, u"rm -f -- "_s + shellQuote(temporary), cleanup);
    }
    if (moved.error.isError())
        return moved.error;
    return SshError::make(
        SshError::Kind::Sftp,
        u"moving the upload into place as %1 on %2 failed: %3"_s.arg(
            remotePath, d.endpoint, QString::fromUtf8(moved.err).trimmed().left(300)));
}

} // namespace cw
