// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What to do with a server key that known_hosts does not hold. Only the Unknown case reaches a
// policy: a Changed (or Other) key is always refused by SshSession before any policy is asked,
// before authentication, so nothing runs on that server; the error names the server and the
// fingerprint it presented.

#include "ssh/SshTypes.h"

#include <QStringList>

#include <utility>

namespace cw {

class HostKeyPolicy {
public:
    virtual ~HostKeyPolicy() = default;

    // Called on the session's thread during connect, with the key's type, SHA256 fingerprint and
    // the known_hosts line that would be recorded. Returning true trusts the key for this
    // connection and records the line in the target's known_hosts file; false refuses the
    // connection (SshError::Kind::HostKeyUnknown). One policy object may serve sessions on several
    // threads at once, so implementations must be thread-safe.
    virtual bool acceptUnknownKey(const SshTarget &target, const HostKeyInfo &key) = 0;
};

// Refuses every unknown key: the default (a null policy means the same), and the CLI's choice
// without --accept-new. The error carries the fingerprint for the user to check.
class RejectUnknownHostKeys final : public HostKeyPolicy {
public:
    bool acceptUnknownKey(const SshTarget &target, const HostKeyInfo &key) override;
};

// Trusts any key of a server that known_hosts does not know yet (OpenSSH's
// StrictHostKeyChecking=accept-new): the CLI with --accept-new.
class AcceptNewHostKeys final : public HostKeyPolicy {
public:
    bool acceptUnknownKey(const SshTarget &target, const HostKeyInfo &key) override;
};

// Trusts an unknown key only when its fingerprint is one the user confirmed: the GUI shows the
// fingerprint from a refused connect, and on "trust" connects again with this policy, so a key
// that changed in between is still refused.
class TrustFingerprints final : public HostKeyPolicy {
public:
    explicit TrustFingerprints(QStringList fingerprints) : m_fingerprints(std::move(fingerprints))
    {
    }
    bool acceptUnknownKey(const SshTarget &target, const HostKeyInfo &key) override;

private:
    const QStringList m_fingerprints; // "SHA256:..."
};

} // namespace cw
