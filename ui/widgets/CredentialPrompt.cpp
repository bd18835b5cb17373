// SPDX-License-Identifier: GPL-3.0-or-later
#include "CredentialPrompt.h"

#include <QCoreApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QPointer>
#include <QThread>
#include <QWidget>

#include <optional>

namespace cw {

namespace {
std::optional<QByteArray> ask(const QPointer<QWidget> &parent, const QString &title,
                              const QString &label)
{
    const auto prompt = [parent, title, label]() -> std::optional<QByteArray> {
        if (!parent)
            return std::nullopt;
        bool ok = false;
        const QString text =
            QInputDialog::getText(parent, title, label, QLineEdit::Password, QString(), &ok);
        if (!ok)
            return std::nullopt;
        return text.toUtf8();
    };
    if (!parent)
        return std::nullopt;
    if (QThread::currentThread() == parent->thread())
        return prompt();
    std::optional<QByteArray> answer;
    // The worker waits for the answer; the GUI thread never waits for the worker while a
    // question can be open (DiscoveryJob does not block on its future).
    QMetaObject::invokeMethod(parent.data(), prompt, Qt::BlockingQueuedConnection, &answer);
    return answer;
}
} // namespace

SshCredentials guiCredentials(QWidget *parent)
{
    const QPointer<QWidget> owner(parent);
    SshCredentials credentials;
    credentials.passphrase = [owner](const QString &key) {
        return ask(owner, QCoreApplication::translate("CredentialPrompt", "Key passphrase"),
                   QCoreApplication::translate("CredentialPrompt", "Passphrase for %1:").arg(key));
    };
    credentials.password = [owner](const QString &account) {
        return ask(
            owner, QCoreApplication::translate("CredentialPrompt", "SSH password"),
            QCoreApplication::translate("CredentialPrompt", "Password for %1:").arg(account));
    };
    return credentials;
}

} // namespace cw
