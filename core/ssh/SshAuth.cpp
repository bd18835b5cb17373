// SPDX-License-Identifier: GPL-3.0-or-later
// Authentication for SshSession::connect, in the order a user expects from ssh: agent, the
// target's identity file, default keys, password. Each network step runs under the watchdog
// (libssh waits for auth replies without a limit); the watchdog is paused while a callback asks
// the user for a secret.
#include "ssh/SshSessionPrivate.h"

#include <QFile>
#include <QStringList>

#include <cstdlib>
#include <cstring>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

struct PromptContext {
    SshSessionPrivate *d = nullptr;
    const SshCredentials *credentials = nullptr;
    QString key; // names the key for the passphrase prompt
};

// Asks the caller's callback, outside the watchdog. Returns nullopt when there is no answer.
std::optional<QByteArray>
askSecret(SshSessionPrivate &d,
          const std::function<std::optional<QByteArray>(const QString &)> &ask, const QString &what)
{
    if (!ask)
        return std::nullopt;
    d.watchdog.disarm();
    std::optional<QByteArray> secret = ask(what);
    d.watchdog.arm(d.fd(), d.stepTimeoutMs);
    return secret;
}

// libssh's ssh_auth_callback: fills `buffer` with the passphrase of an encrypted private key.
int passphrasePrompt(const char *prompt, char *buffer, size_t length, int, int, void *userdata)
{
    auto *context = static_cast<PromptContext *>(userdata);
    const QString key = context->key.isEmpty() ? QString::fromUtf8(prompt) : context->key;
    std::optional<QByteArray> secret =
        askSecret(*context->d, context->credentials->passphrase, key);
    if (!secret)
        return -1;
    const bool fits = size_t(secret->size()) < length;
    if (fits) {
        std::memcpy(buffer, secret->constData(), size_t(secret->size()));
        buffer[secret->size()] = '\0';
    }
    wipeSecret(*secret);
    return fits ? 0 : -1;
}

bool agentAvailable()
{
    const char *socket = std::getenv("SSH_AUTH_SOCK");
    return socket && *socket;
}

// The target's key: offered by its .pub first when there is one, so a key the server would
// refuse never asks for a passphrase.
int tryIdentityFile(SshSessionPrivate &d, PromptContext &context)
{
    const QString path = expandHomePath(d.target.identityFile);
    const QByteArray file = QFile::encodeName(path);
    const QByteArray publicFile = QFile::encodeName(path + u".pub"_s);
    if (QFile::exists(path + u".pub"_s)) {
        ssh_key publicKey = nullptr;
        if (ssh_pki_import_pubkey_file(publicFile.constData(), &publicKey) == SSH_OK) {
            const int offered = ssh_userauth_try_publickey(d.session, nullptr, publicKey);
            ssh_key_free(publicKey);
            if (offered != SSH_AUTH_SUCCESS)
                return offered;
        }
    }
    context.key = path;
    ssh_key privateKey = nullptr;
    const int imported = ssh_pki_import_privkey_file(file.constData(), nullptr, passphrasePrompt,
                                                     &context, &privateKey);
    context.key.clear();
    if (imported != SSH_OK)
        return SSH_AUTH_DENIED;
    const int rc = ssh_userauth_publickey(d.session, nullptr, privateKey);
    ssh_key_free(privateKey);
    return rc;
}

} // namespace

SshError authenticate(SshSessionPrivate &d, const SshCredentials &credentials)
{
    PromptContext context{&d, &credentials, {}};
    // Default keys are loaded inside libssh, which asks for passphrases through this callback.
    // libssh keeps a pointer to the struct, so it lives in `d` and is emptied afterwards.
    d.callbacks = {};
    d.callbacks.userdata = &context;
    d.callbacks.auth_function = passphrasePrompt;
    ssh_callbacks_init(&d.callbacks);
    ssh_set_callbacks(d.session, &d.callbacks);
    SshWatchdogScope watch(d.watchdog, d.fd(), d.stepTimeoutMs, d.connectCancel);

    QStringList tried;
    auto done = [&](int rc, SshAuthMethod method) {
        if (rc == SSH_AUTH_SUCCESS)
            d.authMethod = method;
        return rc == SSH_AUTH_SUCCESS;
    };
    auto lost = [&] { return d.watchdog.fired() || !ssh_is_connected(d.session); };

    bool ok = done(ssh_userauth_none(d.session, nullptr), SshAuthMethod::None);
    const int methods = ok ? 0 : ssh_userauth_list(d.session, nullptr);
    if (!ok && (methods & SSH_AUTH_METHOD_PUBLICKEY)) {
        if (agentAvailable() && !lost()) {
            tried << u"ssh-agent"_s;
            ok = done(ssh_userauth_agent(d.session, nullptr), SshAuthMethod::Agent);
        }
        if (!ok && !d.target.identityFile.isEmpty() && !lost()) {
            tried << u"key "_s + d.target.identityFile;
            ok = done(tryIdentityFile(d, context), SshAuthMethod::IdentityFile);
        }
        if (!ok && !lost()) {
            tried << u"default keys"_s;
            ok = done(ssh_userauth_publickey_auto(d.session, nullptr, nullptr),
                      SshAuthMethod::DefaultKeys);
        }
    }
    if (!ok && (methods & SSH_AUTH_METHOD_PASSWORD) && credentials.password && !lost()) {
        std::optional<QByteArray> password =
            askSecret(d, credentials.password, d.user + u'@' + sshEndpoint(d.host, d.port));
        if (password) {
            tried << u"password"_s;
            ok = done(ssh_userauth_password(d.session, nullptr, password->constData()),
                      SshAuthMethod::Password);
            wipeSecret(*password);
        }
    }
    d.callbacks.auth_function = nullptr; // `context` is about to go
    d.callbacks.userdata = nullptr;

    if (ok)
        return {};
    if (lost())
        return d.failure(SshError::Kind::AuthFailed, u"authentication"_s);
    QStringList offered;
    if (methods & SSH_AUTH_METHOD_PUBLICKEY)
        offered << u"publickey"_s;
    if (methods & SSH_AUTH_METHOD_PASSWORD)
        offered << u"password"_s;
    if (methods & SSH_AUTH_METHOD_INTERACTIVE)
        offered << u"keyboard-interactive"_s;
    return SshError::make(
        SshError::Kind::AuthFailed,
        u"authentication as %1 on %2 failed (tried: %3; the server accepts: %4)"_s.arg(
            d.user, d.endpoint, tried.isEmpty() ? u"nothing"_s : tried.join(u", "_s),
            offered.isEmpty() ? u"nothing we offer"_s : offered.join(u", "_s)));
}

} // namespace cw
