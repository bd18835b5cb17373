// SPDX-License-Identifier: GPL-3.0-or-later
#include "ssh/SshSession.h"

#include "model/NameTable.h"
#include "rules/ValueRules.h"
#include "ssh/KnownHosts.h"
#include "ssh/SshConfigHosts.h"
#include "ssh/SshSessionPrivate.h"

#include <QFile>

#include <mutex>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

QString takeLibsshString(char *text)
{
    const QString result = text ? QString::fromUtf8(text) : QString();
    ssh_string_free_char(text);
    return result;
}

SshError invalid(const QString &message)
{
    return SshError::make(SshError::Kind::InvalidTarget, message);
}

// Values reach libssh (and the known_hosts file) only when they cannot be read as something else:
// "user@host" or "-oProxyCommand=..." as a host, a path with libssh's %-escapes.
SshError checkTarget(const SshTarget &t)
{
    const QString where = t.host.isEmpty() ? u"ssh target"_s : t.host;
    if (const QString p = sshHostProblem(t.host); !p.isEmpty())
        return invalid(u"host "_s + p);
    if (t.port != 0)
        if (const QString p = portProblem(t.port); !p.isEmpty())
            return invalid(where + u": port "_s + p);
    if (!t.user.isEmpty())
        if (const QString p = userProblem(t.user); !p.isEmpty())
            return invalid(where + u": user "_s + p);
    const std::pair<QString, QString> paths[] = {{u"identity file"_s, t.identityFile},
                                                 {u"known_hosts file"_s, t.knownHostsFile},
                                                 {u"ssh config file"_s, t.sshConfigFile}};
    for (const auto &[name, path] : paths) {
        if (path.isEmpty())
            continue;
        if (const QString p = pathProblem(path); !p.isEmpty())
            return invalid(where + u": "_s + name + u' ' + p);
        if (path.contains(u'%'))
            return invalid(where + u": "_s + name + u" must not contain '%'"_s);
    }
    if (t.connectTimeoutMs <= 0)
        return invalid(where + u": the connect timeout must be positive"_s);
    return {};
}

// Host-key options are set after the config is read, so the config cannot weaken them.
SshError applyOptions(SshSessionPrivate &d)
{
    const SshTarget &t = d.target;
    ssh_session s = d.session;
    const QByteArray host = t.host.toUtf8();
    const QByteArray user = t.user.toUtf8();
    const int port = t.port;
    ssh_options_set(s, SSH_OPTIONS_HOST, host.constData());
    if (port > 0)
        ssh_options_set(s, SSH_OPTIONS_PORT, &port);
    if (!user.isEmpty())
        ssh_options_set(s, SSH_OPTIONS_USER, user.constData());
    const bool processConfig = t.parseSshConfig;
    ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &processConfig);
    if (t.parseSshConfig) {
        const QByteArray config = QFile::encodeName(expandHomePath(t.sshConfigFile));
        if (ssh_options_parse_config(s, config.isEmpty() ? nullptr : config.constData()) < 0)
            return invalid(u"cannot read the ssh config for %1: %2"_s.arg(t.host, d.libsshError()));
        // An explicit port or user wins over the config, as on the ssh command line.
        if (port > 0)
            ssh_options_set(s, SSH_OPTIONS_PORT, &port);
        if (!user.isEmpty())
            ssh_options_set(s, SSH_OPTIONS_USER, user.constData());
    }
    const int strict = 1;
    ssh_options_set(s, SSH_OPTIONS_STRICTHOSTKEYCHECK, &strict);
    const QByteArray knownHosts = QFile::encodeName(knownHostsPath(t.knownHostsFile));
    ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData());
    const long seconds = d.stepTimeoutMs / 1000;
    const long micros = long(d.stepTimeoutMs % 1000) * 1000;
    ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &seconds);
    ssh_options_set(s, SSH_OPTIONS_TIMEOUT_USEC, &micros);
    const int nodelay = 1; // small commands: no Nagle delay on each request
    ssh_options_set(s, SSH_OPTIONS_NODELAY, &nodelay);
    return {};
}

// A peer that vanished without a FIN (power loss, cable) is noticed in about 30 s even when
// nothing is being sent; the watchdog covers calls that wait for an answer.
void enableKeepalive(int fd)
{
    const int on = 1, idle = 15, interval = 5, count = 3;
    ::setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof interval);
    ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof count);
}

void readEffectiveTarget(SshSessionPrivate &d)
{
    char *text = nullptr;
    if (ssh_options_get(d.session, SSH_OPTIONS_HOST, &text) == SSH_OK)
        d.host = takeLibsshString(text);
    unsigned int port = 22;
    if (ssh_options_get_port(d.session, &port) >= 0 && port > 0)
        d.port = int(port);
    text = nullptr;
    if (ssh_options_get(d.session, SSH_OPTIONS_USER, &text) == SSH_OK)
        d.user = takeLibsshString(text);
    const QString endpoint = sshEndpoint(d.host, d.port);
    d.endpoint =
        d.host == d.target.host.toLower() ? endpoint : d.target.host + u" ("_s + endpoint + u')';
    if (!d.via.isEmpty())
        d.endpoint += u" via "_s + d.via;
}

// libssh 0.10 turns a ProxyJump into a ProxyCommand running `ssh -W '[%h]:%p' ...`, whose host-key
// checks are not ours. SshConfigHosts::route places every ProxyJump it can; one that reaches
// libssh anyway (a config construct the route could not see) is refused, never run.
SshError refuseLibsshJump(SshSessionPrivate &d)
{
    char *text = nullptr;
    if (ssh_options_get(d.session, SSH_OPTIONS_PROXYCOMMAND, &text) != SSH_OK)
        return {};
    const QString command = takeLibsshString(text);
    if (!command.startsWith(u"ssh "_s) || !command.contains(u" -W '[%h]:%p' "_s))
        return {};
    return invalid(
        u"%1: the ssh config sets a ProxyJump that clusterwiz could not resolve itself "
        "(it would run `%2` without our host-key checks); write it in a Host block"_s.arg(
            d.target.host, command));
}

// libssh reports connect progress once its socket exists (its first report comes right after
// the TCP connect was started, before the server's banner): from then on the watchdog watches
// the caller's cancel flag and shuts the socket down when it is set, which ends ssh_connect's
// wait for a server that accepted TCP but never answers at once.
void watchCancelWhileConnecting(void *userdata, float)
{
    auto *d = static_cast<SshSessionPrivate *>(userdata);
    if (d->connectCancel && d->fd() >= 0)
        d->watchdog.arm(d->fd(), 0, d->connectCancel);
}

SshError cancelledConnect(const SshSessionPrivate &d)
{
    return SshError::make(SshError::Kind::Cancelled,
                          u"connecting to %1: cancelled"_s.arg(d.endpoint));
}

// ssh_connect with the caller's cancel flag watched; Kind::None when connected.
SshError startConnection(SshSessionPrivate &d)
{
    if (d.connectCancel && d.connectCancel->load())
        return cancelledConnect(d);
    d.callbacks = {};
    d.callbacks.userdata = &d;
    d.callbacks.connect_status_function = watchCancelWhileConnecting;
    ssh_callbacks_init(&d.callbacks);
    ssh_set_callbacks(d.session, &d.callbacks);
    const int rc = ssh_connect(d.session);
    const bool cancelled = d.watchdog.fired() && d.watchdog.firedByCancel();
    d.watchdog.disarm();
    d.callbacks.connect_status_function = nullptr;
    if (cancelled || (rc != SSH_OK && d.connectCancel && d.connectCancel->load()))
        return cancelledConnect(d);
    if (rc != SSH_OK)
        return SshError::make(SshError::Kind::Unreachable,
                              u"cannot connect to %1: %2"_s.arg(d.endpoint, d.libsshError()));
    return {};
}

} // namespace

void SshSessionPrivate::close()
{
    watchdog.stop();
    if (session) {
        if (ssh_is_connected(session))
            ssh_disconnect(session);
        ssh_free(session);
        session = nullptr;
    }
    connected = false;
    while (!tunnels.empty())
        tunnels.pop_back(); // the nearest jump host first: the one after it is gone already
}

QString SshSessionPrivate::libsshError() const
{
    return session ? QString::fromUtf8(ssh_get_error(session)) : u"no session"_s;
}

SshError SshSessionPrivate::failure(SshError::Kind kind, const QString &what) const
{
    if (watchdog.fired() && watchdog.firedByCancel())
        return SshError::make(SshError::Kind::Cancelled, what + u": cancelled"_s);
    if (watchdog.fired())
        return SshError::make(SshError::Kind::Timeout,
                              what + u": no answer from "_s + endpoint + u" in time"_s);
    if (!session || !ssh_is_connected(session))
        return SshError::make(SshError::Kind::Unreachable, what + u": connection to "_s + endpoint +
                                                               u" lost ("_s + libsshError() + u')');
    return SshError::make(kind, what + u" on "_s + endpoint + u": "_s + libsshError());
}

void wipeSecret(QByteArray &secret)
{
    if (!secret.isEmpty()) {
        volatile char *bytes = secret.data();
        for (qsizetype i = 0; i < secret.size(); ++i)
            bytes[i] = 0;
    }
    secret.clear();
}

QString sshAuthMethodName(SshAuthMethod method)
{
    static constexpr auto names = nameTable<SshAuthMethod>({
        {SshAuthMethod::None, "none"},
        {SshAuthMethod::Agent, "agent"},
        {SshAuthMethod::IdentityFile, "identity-file"},
        {SshAuthMethod::DefaultKeys, "default-keys"},
        {SshAuthMethod::Password, "password"},
    });
    return names.name(method, QLatin1StringView("none"));
}

SshSession::SshSession() : d(std::make_unique<SshSessionPrivate>()) {}
SshSession::~SshSession() = default;
SshSession::SshSession(SshSession &&) noexcept = default;
SshSession &SshSession::operator=(SshSession &&) noexcept = default;

SshError connectSession(SshSessionPrivate &d, const SshTarget &target, HostKeyPolicy *policy,
                        const SshCredentials &credentials, const SshPathOpener *via)
{
    d.target = target;
    d.hostKey = {};
    d.authMethod = SshAuthMethod::None;
    d.host = target.host.toLower();
    d.port = target.port > 0 ? target.port : 22;
    d.user = target.user;
    d.endpoint = sshEndpoint(target.host, d.port);
    if (SshError error = checkTarget(target); error.isError())
        return error;

    static std::once_flag initOnce;
    std::call_once(initOnce, [] { ssh_init(); });
    d.session = ssh_new();
    if (!d.session)
        return SshError::make(SshError::Kind::Protocol, u"libssh could not create a session"_s);
    SshError error = applyOptions(d);
    if (!error.isError()) {
        readEffectiveTarget(d); // the jump host's channel goes to the config's HostName and Port
        if (via) {
            int fd = -1;
            error = (*via)(d.host, d.port, &fd);
            if (!error.isError())
                ssh_options_set(d.session, SSH_OPTIONS_FD, &fd);
        } else {
            error = refuseLibsshJump(d);
        }
    }
    if (!error.isError())
        error = startConnection(d);
    if (!error.isError()) {
        readEffectiveTarget(d);
        if (!via)
            enableKeepalive(d.fd()); // a jump chain's TCP socket is the first hop's
        error = checkHostKey(d, policy);
    }
    if (!error.isError())
        error = authenticate(d, credentials);
    if (error.isError()) {
        d.close();
        return error;
    }
    d.connected = true;
    return {};
}

SshError SshSession::connect(const SshTarget &target, HostKeyPolicy *policy,
                             const SshCredentials &credentials, const std::atomic<bool> *cancel)
{
    d->close();
    d->via.clear();
    d->stepTimeoutMs = target.connectTimeoutMs;
    d->connectCancel = cancel;
    const SshError error = connectWithin(target, policy, credentials);
    d->connectCancel = nullptr;
    return error;
}

SshError SshSession::connectWithin(const SshTarget &target, HostKeyPolicy *policy,
                                   const SshCredentials &credentials)
{
    if (target.parseSshConfig) {
        const SshRoute route = SshConfigHosts::load(target.sshConfigFile).route(target.host);
        if (!route.error.isEmpty()) {
            d->target = target;
            d->hostKey = {};
            d->endpoint = sshEndpoint(target.host, target.port);
            return invalid(u"ssh config: "_s + route.error);
        }
        if (!route.hops.empty())
            return connectThroughJumps(*d, target, route.hops, policy, credentials);
    }
    return connectSession(*d, target, policy, credentials, nullptr);
}

void SshSession::disconnect()
{
    d->close();
}

bool SshSession::isConnected() const
{
    return d->connected && d->session && ssh_is_connected(d->session);
}

const SshTarget &SshSession::target() const
{
    return d->target;
}
const HostKeyInfo &SshSession::hostKey() const
{
    return d->hostKey;
}
SshAuthMethod SshSession::authMethod() const
{
    return d->authMethod;
}
QString SshSession::endpoint() const
{
    return d->endpoint;
}
QString SshSession::user() const
{
    return d->user;
}

ExecResult SshSession::exec(const QString &command, int timeoutMs, const std::atomic<bool> *cancel,
                            const QByteArray &stdinData)
{
    ExecOptions options;
    options.timeoutMs = timeoutMs;
    options.cancel = cancel;
    options.stdinData = stdinData;
    return runCommand(*d, command, options);
}

ExecResult SshSession::execStreaming(const QString &command, const SshDataSink &onData,
                                     int idleTimeoutMs, const std::atomic<bool> *cancel)
{
    ExecOptions options;
    options.idleTimeoutMs = idleTimeoutMs;
    options.cancel = cancel;
    options.sink = &onData;
    return runCommand(*d, command, options);
}

SshError SshSession::upload(const QByteArray &data, const QString &remotePath, int mode,
                            int timeoutMs, const std::atomic<bool> *cancel)
{
    return uploadFile(*d, data, remotePath, mode, timeoutMs, cancel);
}

namespace {

class SshConnector final : public RemoteConnector {
public:
    RemoteConnection connect(const SshTarget &target, HostKeyPolicy *policy,
                             const SshCredentials &credentials) override
    {
        return connectCancellable(target, policy, credentials, nullptr);
    }

    RemoteConnection connectCancellable(const SshTarget &target, HostKeyPolicy *policy,
                                        const SshCredentials &credentials,
                                        const std::atomic<bool> *cancel) override
    {
        auto session = std::make_unique<SshSession>();
        RemoteConnection connection;
        connection.error = session->connect(target, policy, credentials, cancel);
        connection.hostKey = session->hostKey();
        connection.authMethod = session->authMethod();
        connection.endpoint = session->endpoint();
        if (!connection.error.isError())
            connection.host = std::move(session);
        return connection;
    }
};

} // namespace

std::shared_ptr<RemoteConnector> sshConnector()
{
    static const auto connector = std::make_shared<SshConnector>();
    return connector;
}

} // namespace cw
