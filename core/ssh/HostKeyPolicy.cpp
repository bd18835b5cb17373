// SPDX-License-Identifier: GPL-3.0-or-later
#include "ssh/HostKeyPolicy.h"

namespace cw {

bool RejectUnknownHostKeys::acceptUnknownKey(const SshTarget &, const HostKeyInfo &)
{
    return false;
}

bool AcceptNewHostKeys::acceptUnknownKey(const SshTarget &, const HostKeyInfo &key)
{
    // Only ever asked about Unknown keys; the check keeps a future caller from widening it.
    return key.state == HostKeyInfo::State::Unknown;
}

bool TrustFingerprints::acceptUnknownKey(const SshTarget &, const HostKeyInfo &key)
{
    return key.state == HostKeyInfo::State::Unknown && !key.fingerprint.isEmpty() &&
           m_fingerprints.contains(key.fingerprint);
}

} // namespace cw
