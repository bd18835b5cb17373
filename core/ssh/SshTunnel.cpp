// SPDX-License-Identifier: GPL-3.0-or-later
#include "ssh/SshTunnel.h"

#include "ssh/SshSessionPrivate.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

constexpr int kChunk = 64 * 1024;
constexpr int kPollMs = 100; // how soon a stop request is seen

bool wouldBlock()
{
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

} // namespace

std::unique_ptr<SshTunnel> SshTunnel::open(std::unique_ptr<SshSessionPrivate> hop,
                                           const QString &host, int port, int timeoutMs,
                                           SshError *error)
{
    std::unique_ptr<SshTunnel> tunnel(new SshTunnel);
    tunnel->m_hop = std::move(hop);
    SshSessionPrivate &d = *tunnel->m_hop;
    const QString target = sshEndpoint(host, port);
    tunnel->m_channel = ssh_channel_new(d.session);
    if (!tunnel->m_channel) {
        *error = d.failure(SshError::Kind::Protocol, u"opening a channel to "_s + target);
        return nullptr;
    }
    {
        SshWatchdogScope watch(d.watchdog, d.fd(), timeoutMs);
        // The originator address is informational for the jump host's sshd (its logs).
        if (ssh_channel_open_forward(tunnel->m_channel, host.toUtf8().constData(), port,
                                     "127.0.0.1", 0) != SSH_OK) {
            *error = d.failure(SshError::Kind::Unreachable,
                               u"the jump host could not connect to "_s + target);
            return nullptr;
        }
    }
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
        *error = SshError::make(SshError::Kind::Protocol,
                                u"cannot create a socket pair for %1: %2"_s.arg(
                                    target, QString::fromLocal8Bit(strerror(errno))));
        return nullptr;
    }
    tunnel->m_socket = pair[0];
    tunnel->m_peer = pair[1];
    ::fcntl(tunnel->m_socket, F_SETFL, ::fcntl(tunnel->m_socket, F_GETFL) | O_NONBLOCK);
    tunnel->m_running = true;
    tunnel->m_thread = std::thread([t = tunnel.get()] { t->pump(); });
    return tunnel;
}

SshTunnel::~SshTunnel()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
    // The pump is gone: this thread may use the jump host's session now.
    if (m_channel) {
        if (m_hop && m_hop->session && ssh_is_connected(m_hop->session) &&
            !ssh_channel_is_closed(m_channel))
            ssh_channel_close(m_channel);
        ssh_channel_free(m_channel);
    }
    if (m_hop)
        m_hop->close();
    if (m_socket >= 0)
        ::close(m_socket);
    if (m_peer >= 0)
        ::close(m_peer);
}

int SshTunnel::takeSocket()
{
    const int socket = m_peer;
    m_peer = -1;
    return socket;
}

void SshTunnel::pump()
{
    ssh_session session = m_hop->session;
    ssh_event event = ssh_event_new();
    const bool attached = event && ssh_event_add_session(event, session) == SSH_OK;
    QByteArray toSocket, toChannel; // bytes read on one side, not yet taken by the other
    char buffer[kChunk];
    bool socketEof = false;
    while (attached && !m_stop.load()) {
        if (toSocket.size() < kChunk) {
            const int n = ssh_channel_read_nonblocking(m_channel, buffer, sizeof buffer, 0);
            if (n == SSH_ERROR)
                break;
            if (n > 0)
                toSocket.append(buffer, n);
        }
        if (!toSocket.isEmpty()) {
            const ssize_t n = ::send(m_socket, toSocket.constData(), size_t(toSocket.size()),
                                     MSG_DONTWAIT | MSG_NOSIGNAL);
            if (n > 0)
                toSocket.remove(0, n);
            else if (n < 0 && !wouldBlock())
                break; // the session on top closed its end
        }
        if (toChannel.isEmpty() && !socketEof) {
            const ssize_t n = ::recv(m_socket, buffer, sizeof buffer, MSG_DONTWAIT);
            if (n > 0)
                toChannel.append(buffer, int(n));
            else if (n == 0)
                socketEof = true;
            else if (!wouldBlock())
                break;
        }
        if (!toChannel.isEmpty()) {
            // Only what the window takes, so the write never waits for the jump host.
            const qsizetype room = qMin<qsizetype>(ssh_channel_window_size(m_channel), kChunk);
            if (room > 0) {
                const int n = ssh_channel_write(m_channel, toChannel.constData(),
                                                uint32_t(qMin(room, toChannel.size())));
                if (n < 0)
                    break;
                toChannel.remove(0, n);
            }
        }
        if (socketEof && toChannel.isEmpty())
            break; // the session on top is done
        if (!ssh_is_connected(session) || ssh_channel_is_closed(m_channel))
            break;
        if (ssh_channel_is_eof(m_channel) && toSocket.isEmpty())
            break; // the far end closed and everything it sent was passed on
        if (toSocket.size() < kChunk && ssh_channel_poll(m_channel, 0) > 0)
            continue; // more is buffered in libssh already
        pollfd fds[2] = {};
        fds[0].events = short((toChannel.isEmpty() && !socketEof ? POLLIN : 0) |
                              (toSocket.isEmpty() ? 0 : POLLOUT));
        fds[0].fd = fds[0].events ? m_socket : -1; // a hung-up socket must not wake us for nothing
        fds[1].fd = int(ssh_get_fd(session));
        fds[1].events = POLLIN;
        ::poll(fds, 2, kPollMs);
        // Packets that arrived (data, window adjustments, keepalive probes) are read here even
        // while the channel's buffer is full.
        ssh_event_dopoll(event, 0);
    }
    if (event) {
        if (attached)
            ssh_event_remove_session(event, session);
        ssh_event_free(event);
    }
    // The session on top sees its connection end at once instead of waiting for a timeout.
    ::shutdown(m_socket, SHUT_RDWR);
    m_running = false;
}

} // namespace cw
