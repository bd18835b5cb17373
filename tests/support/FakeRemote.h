// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An in-memory fleet behind the product's RemoteConnector, for fast tests of launch, status,
// stop, fix, undo and the log follower without root or sshd. It is not a shell: a test scripts
// what each command answers (match it with the product's own command builders), and afterwards
// asserts on what the product sent, in order, and on which connection.
//
//   auto fleet = std::make_shared<FakeFleet>();
//   FakeServer &node0 = fleet->add(u"node0"_s, u"10.0.0.1"_s);
//   node0.on(FakeMatch::exact(makeWorkdirCommand(project)), FakeAnswer{});
//   node0.on(FakeMatch::prefix(u"d="_s), [](FakeCall &call) { ...; return FakeAnswer{}; });
//   FleetOptions options;
//   options.connector = fleet;
//
// Contract kept from RemoteHost: time limits and cancel flags end a call (a handler that must
// block calls FakeCall::waitForEnd()), execStreaming hands output over as it is written, a
// dropped connection fails the call in progress and every later one, connects fail on demand
// (unreachable, host key changed or unknown, login refused). Everything is thread-safe: the
// product talks to several servers at once.

#include "ssh/RemoteHost.h"

#include <QRegularExpression>
#include <QStringList>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace cwtest {

// What a scripted command prints and how it exits.
struct FakeAnswer {
    QByteArray out;
    QByteArray err;
    int exitStatus = 0;
};

// Which commands (or upload paths) a rule applies to.
class FakeMatch {
public:
    static FakeMatch exact(const QString &text);
    static FakeMatch prefix(const QString &start);
    static FakeMatch regex(const QString &pattern);
    static FakeMatch any();
    bool matches(const QString &text) const;

private:
    enum class Kind { Exact, Prefix, Regex };
    Kind m_kind = Kind::Prefix;
    QString m_text;
    QRegularExpression m_regex;
};

class FakeServer;
struct FakeCallState;

// One command as its handler sees it, on the product's thread.
class FakeCall {
public:
    explicit FakeCall(FakeCallState &state) : m_state(state) {}

    FakeServer &server() const;
    const QString &command() const;
    const QByteArray &input() const; // what the product wrote to stdin
    int connection() const;          // fleet-wide id of the connection it came on
    bool streaming() const;

    // Output, as the command writes it: exec() collects it, execStreaming() hands it to the sink
    // at once (and the silence limit starts again). Ignored once the call has ended.
    void write(QByteArrayView out, QByteArrayView err = {});
    // Blocks until the call ends (cancel, time limit, dropped connection) or `maxMs` passed
    // (<= 0: no bound of its own). True when the call ended.
    bool waitForEnd(int maxMs = 0);
    bool ended() const;
    // The connection is lost now: this call and every later one on it fail as unreachable.
    void dropConnection();

private:
    FakeCallState &m_state;
};

using FakeHandler = std::function<FakeAnswer(FakeCall &call)>;

// Everything the product did on a server, in order.
struct FakeEvent {
    enum class Kind { Exec, Stream, Upload };
    Kind kind = Kind::Exec;
    QString server;
    qint64 sequence = 0; // fleet-wide order
    int connection = 0;  // fleet-wide id
    QString command;     // the command, or the upload's path
    QByteArray data;     // stdin, or the uploaded bytes
    int mode = 0;        // the upload's permission bits
};

struct FakeFile {
    QByteArray data;
    int mode = 0644;
};

struct FakeProcess {
    int pid = 0;
    QString command;
    bool alive = true;
};

class FakeFleet;

class FakeServer {
public:
    FakeServer(FakeFleet &fleet, QString name, QString host, int port);

    QString name() const { return m_name; }
    QString host() const { return m_host; }
    int port() const { return m_port; }
    QString endpoint() const; // "host:port", as SshSession names it

    // What commands answer. A later rule wins over an earlier one that matches too; a command no
    // rule matches exits 127 ("nothing scripted") and is listed by unanswered().
    void on(const FakeMatch &match, const FakeAnswer &answer);
    void on(const FakeMatch &match, FakeHandler handler);

    // The next `times` connects (-1: all until allowConnections()) fail with `kind`:
    // Unreachable, Timeout, HostKeyChanged, HostKeyUnknown or AuthFailed.
    void refuseConnections(cw::SshError::Kind kind, int times = -1);
    void allowConnections();
    // What known_hosts says of this server's key (Known by default). Unknown asks the policy;
    // a key it accepts is known from then on, as if recorded.
    void setHostKeyState(cw::HostKeyInfo::State state);
    QString fingerprint() const; // "SHA256:fake-<name>"
    // Uploads to a matching path fail with an SFTP error carrying `why`.
    void failUploads(const FakeMatch &path, const QString &why);
    // Every open connection of this server is lost now (a call in progress fails at once).
    void dropConnections();

    std::vector<FakeEvent> events() const;
    QStringList commands() const;   // exec and streaming commands, in order
    QStringList unanswered() const; // commands no rule matched
    int logins() const;             // connects that succeeded
    int connectAttempts() const;

    // The in-memory file system: what uploads wrote, and what handlers read and write.
    std::optional<FakeFile> file(const QString &path) const;
    void writeFile(const QString &path, const QByteArray &data, int mode = 0644);
    void appendFile(const QString &path, const QByteArray &data);
    QStringList filePaths() const;

    // Processes a handler started, for handlers of stop and status to end and count.
    int startProcess(const QString &command);                                // its pid
    int endProcesses(const std::function<bool(const FakeProcess &)> &which); // how many ended
    int aliveProcesses() const;
    std::vector<FakeProcess> processes() const;

private:
    friend class FakeFleet;
    friend class FakeHost;
    struct Rule {
        FakeMatch match;
        FakeHandler handler;
    };
    struct UploadFailure {
        FakeMatch path;
        QString why;
    };

    cw::RemoteConnection connect(const cw::SshTarget &target, cw::HostKeyPolicy *policy);
    cw::HostKeyInfo hostKeyInfo(cw::HostKeyInfo::State state) const;
    FakeHandler handlerFor(const QString &command);
    std::optional<QString> uploadFailure(const QString &path) const;
    void record(FakeEvent event);

    FakeFleet &m_fleet;
    const QString m_name;
    const QString m_host;
    const int m_port;

    mutable std::mutex m_mutex; // guards everything below
    std::vector<Rule> m_rules;
    std::vector<UploadFailure> m_uploadFailures;
    cw::SshError::Kind m_refusal = cw::SshError::Kind::None;
    int m_refusalsLeft = 0;
    cw::HostKeyInfo::State m_hostKeyState = cw::HostKeyInfo::State::Known;
    std::vector<std::shared_ptr<std::atomic<bool>>> m_openConnections; // their `dropped` flags
    std::vector<FakeEvent> m_events;
    QStringList m_unanswered;
    int m_logins = 0;
    int m_connectAttempts = 0;
    std::map<QString, FakeFile> m_files;
    std::vector<FakeProcess> m_processes;
    int m_nextPid = 1000;
};

class FakeFleet final : public cw::RemoteConnector {
public:
    // A server reached at host:port (the project's servers use the same host and port).
    FakeServer &add(const QString &name, const QString &host, int port = 22);
    FakeServer &server(const QString &name) const;

    // Finds the server by the target's host and port; none is unreachable.
    cw::RemoteConnection connect(const cw::SshTarget &target, cw::HostKeyPolicy *policy,
                                 const cw::SshCredentials &credentials) override;

    std::vector<FakeEvent> events() const; // every server's, in fleet-wide order

    qint64 nextSequence() { return ++m_sequence; }
    int nextConnection() { return ++m_connections; }

private:
    std::vector<std::unique_ptr<FakeServer>> m_servers; // filled before the product runs
    std::atomic<qint64> m_sequence{0};
    std::atomic<int> m_connections{0};
};

} // namespace cwtest
