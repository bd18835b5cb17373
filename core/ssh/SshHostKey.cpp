// SPDX-License-Identifier: GPL-3.0-or-later
// The host-key step of SshSession::connect, between key exchange and authentication: nothing has
// been sent to the server as a user yet, so a refusal here means nothing ran there.
#include "ssh/KnownHosts.h"
#include "ssh/SshSessionPrivate.h"

using namespace Qt::StringLiterals;

namespace cw {

namespace {

// Type, SHA256 fingerprint ("SHA256:" + unpadded base64, as ssh-keygen -l) and base64 blob.
bool describeKey(ssh_key key, HostKeyInfo *info, QString *base64)
{
    const char *type = ssh_key_type_to_char(ssh_key_type(key));
    if (!type)
        return false;
    info->type = QString::fromLatin1(type);
    unsigned char *hash = nullptr;
    size_t length = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) != 0)
        return false;
    char *fingerprint = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
    ssh_clean_pubkey_hash(&hash);
    if (!fingerprint)
        return false;
    info->fingerprint = QString::fromLatin1(fingerprint);
    ssh_string_free_char(fingerprint);
    char *blob = nullptr;
    if (ssh_pki_export_pubkey_base64(key, &blob) != SSH_OK || !blob)
        return false;
    *base64 = QString::fromLatin1(blob);
    ssh_string_free_char(blob);
    return true;
}

QString keyText(const HostKeyInfo &info)
{
    return info.type + u' ' + info.fingerprint;
}

} // namespace

SshError checkHostKey(SshSessionPrivate &d, HostKeyPolicy *policy)
{
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(d.session, &key) != SSH_OK || !key)
        return d.failure(SshError::Kind::Protocol, u"reading the host key"_s);
    HostKeyInfo &info = d.hostKey;
    QString base64;
    const bool described = describeKey(key, &info, &base64);
    ssh_key_free(key);
    if (!described)
        return SshError::make(
            SshError::Kind::Protocol,
            u"cannot read the host key of %1 (type %2)"_s.arg(d.endpoint, info.type));

    info.knownHostsName = knownHostsName(d.host, d.port);
    QString lineError;
    const std::optional<QString> line =
        knownHostsLine({d.host}, d.port, info.type + u' ' + base64, &lineError);
    if (line)
        info.knownHostsLine = *line;
    const QString file = knownHostsPath(d.target.knownHostsFile);

    // libssh 0.10 answers UNKNOWN for a missing known_hosts file; NOT_FOUND is handled the same.
    switch (ssh_session_is_known_server(d.session)) {
    case SSH_KNOWN_HOSTS_OK:
        info.state = HostKeyInfo::State::Known;
        return {};
    case SSH_KNOWN_HOSTS_CHANGED:
        info.state = HostKeyInfo::State::Changed;
        return SshError::make(
            SshError::Kind::HostKeyChanged,
            u"refused: the host key of %1 has CHANGED; it now presents %2, which does not match "
            "%3. This can be a man-in-the-middle attack or a reinstalled server; if you know it "
            "was reinstalled, remove the old entry (ssh-keygen -R '%4' -f '%3') and connect again"_s
                .arg(d.endpoint, keyText(info), file, info.knownHostsName));
    case SSH_KNOWN_HOSTS_OTHER:
        info.state = HostKeyInfo::State::Other;
        return SshError::make(
            SshError::Kind::HostKeyChanged,
            u"refused: %1 presents %2, but %3 holds only keys of another type for %4. This can be "
            "a man-in-the-middle attack; check the server's keys before changing %3"_s.arg(
                d.endpoint, keyText(info), file, info.knownHostsName));
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
        info.state = HostKeyInfo::State::Unknown;
        break;
    case SSH_KNOWN_HOSTS_ERROR:
    default:
        return SshError::make(SshError::Kind::Protocol,
                              u"cannot check the host key of %1 against %2: %3"_s.arg(
                                  d.endpoint, file, d.libsshError()));
    }

    if (!policy || !policy->acceptUnknownKey(d.target, info))
        return SshError::make(
            SshError::Kind::HostKeyUnknown,
            u"the host key of %1 is not known: %2. Check this fingerprint with the "
            "server's administrator before trusting it"_s.arg(d.endpoint, keyText(info)));
    if (!line)
        return SshError::make(SshError::Kind::Protocol,
                              u"cannot record the host key of %1: %2"_s.arg(d.endpoint, lineError));
    QString writeError;
    bool added = false;
    if (!addKnownHostsLine(file, *line, &writeError, &added))
        return SshError::make(
            SshError::Kind::Protocol,
            u"cannot record the host key of %1: %2"_s.arg(d.endpoint, writeError));
    info.recorded = added;
    return {};
}

} // namespace cw
