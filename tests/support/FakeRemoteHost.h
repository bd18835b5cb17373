// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The connection side of FakeRemote.h: one RemoteHost per successful connect, and the state of
// one command while its handler runs. Private to the fake (tests include FakeRemote.h).

#include "FakeRemote.h"

#include <QDeadlineTimer>

namespace cwtest {

struct FakeCallState {
    enum class End { None, Cancelled, TimedOut, Dropped };

    FakeCallState(FakeServer &server, const QString &command, const QByteArray &input,
                  int connection, const cw::SshDataSink *sink, int limitMs,
                  const std::atomic<bool> *cancel, std::shared_ptr<std::atomic<bool>> dropped)
        : server(server), command(command), input(input), connection(connection), sink(sink),
          limitMs(limitMs), cancel(cancel), dropped(std::move(dropped))
    {
    }

    FakeServer &server;
    const QString command;
    const QByteArray input;
    const int connection;
    const cw::SshDataSink *const sink; // set for execStreaming
    const int limitMs; // exec: the whole call; streaming: the silence allowed; <= 0: none
    const std::atomic<bool> *const cancel;
    const std::shared_ptr<std::atomic<bool>> dropped;
    QDeadlineTimer deadline{QDeadlineTimer::Forever};
    QByteArray out; // exec's collected output
    QByteArray err;
    End end = End::None; // the first way the call ended, kept once seen

    // Sees whether the call has ended now, and remembers how.
    End check();
};

class FakeHost final : public cw::RemoteHost {
public:
    FakeHost(FakeServer &server, int connection, std::shared_ptr<std::atomic<bool>> dropped);
    ~FakeHost() override; // the connection closes: the server forgets it

    cw::ExecResult exec(const QString &command, int timeoutMs,
                        const std::atomic<bool> *cancel = nullptr,
                        const QByteArray &stdinData = {}) override;
    cw::ExecResult execStreaming(const QString &command, const cw::SshDataSink &onData,
                                 int idleTimeoutMs,
                                 const std::atomic<bool> *cancel = nullptr) override;
    cw::SshError upload(const QByteArray &data, const QString &remotePath, int mode, int timeoutMs,
                        const std::atomic<bool> *cancel = nullptr) override;
    QString endpoint() const override;

private:
    cw::ExecResult run(FakeCallState &state);

    FakeServer &m_server;
    const int m_connection;
    const std::shared_ptr<std::atomic<bool>> m_dropped;
};

} // namespace cwtest
