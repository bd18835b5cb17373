// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/ssh. One hop of a jump chain: a connected, verified session to a jump host, a
// direct-tcpip channel from it to the next host, and a socket pair whose other end the next
// session uses as its connection (SSH_OPTIONS_FD). A pump thread copies bytes between the channel
// and the socket; it owns the jump host's session from the moment the tunnel opens (libssh: one
// thread per session at a time), so the next session can block in its own calls meanwhile.
//
// When either side ends (the jump host's connection drops, the channel closes, the next session
// closes its end) the pump stops and shuts the socket down, which the session on top sees as a
// lost connection.

#include "ssh/SshTypes.h"

#include <libssh/libssh.h>

#include <atomic>
#include <memory>
#include <thread>

namespace cw {

class SshSessionPrivate;

class SshTunnel {
public:
    // Opens a channel on the connected `hop` to `host`:`port` (waiting at most `timeoutMs` for
    // the jump host's answer) and starts the pump. On failure returns null and sets `error`; `hop`
    // is closed then.
    static std::unique_ptr<SshTunnel> open(std::unique_ptr<SshSessionPrivate> hop,
                                           const QString &host, int port, int timeoutMs,
                                           SshError *error);
    ~SshTunnel(); // stops the pump, closes the channel and the jump host's session
    SshTunnel(const SshTunnel &) = delete;
    SshTunnel &operator=(const SshTunnel &) = delete;

    // The next session's end of the socket pair; whoever takes it closes it (libssh does when
    // given as SSH_OPTIONS_FD). -1 once taken.
    int takeSocket();
    bool isRunning() const { return m_running.load(); }

private:
    SshTunnel() = default;
    void pump();

    std::unique_ptr<SshSessionPrivate> m_hop;
    ssh_channel m_channel = nullptr;
    int m_socket = -1; // the pump's end
    int m_peer = -1;   // the next session's end, until taken
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_running{false};
};

} // namespace cw
