// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The check report: per server, per check, a status, a one-line reason and the fixes on offer.
// Checks are pure functions of discovery and the active probes (checks/CheckCatalogue.h); the
// report is a value the CLI prints and the GUI shows. The check ids are in checks/CheckIds.h.

#include "checks/CheckIds.h"
#include "model/TrText.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace cw {

enum class CheckStatus { Ok, Warning, Failed, Skipped };

QString checkStatusName(CheckStatus status); // "ok", "warning", "failed", "skipped"
TrText checkStatusText(CheckStatus status);  // the same word, translatable (the wizard's)

// Stable fix ids; a failed check lists the ones that mend it, the preferred first.
namespace fix {
inline constexpr char kSetDeviceIps[] = "set-device-ips";
inline constexpr char kOpenPorts[] = "open-ports";
inline constexpr char kStopFirewall[] = "stop-firewall"; // second choice, only when asked for
inline constexpr char kDeploySshKey[] = "deploy-ssh-key";
inline constexpr char kAddKnownHosts[] = "add-known-hosts";
inline constexpr char kReserveHcclPorts[] = "reserve-hccl-ports"; // ip_local_reserved_ports
inline constexpr char kAlignDeviceTls[] =
    "align-device-tls"; // hccn_tool -tls -s to the common value
} // namespace fix

struct CheckResult {
    QString id;           // a check:: id
    int serverIndex = -1; // -1: about the cluster as a whole
    QString server;       // the server's name ("" for the cluster)
    CheckStatus status = CheckStatus::Ok;
    QString reason;    // one line: what was found, naming device, port or rule
    QStringList fixes; // fix:: ids on offer, the preferred one first
    TrText reasonText; // `reason` translatable (empty: `reason` is all there is)
    // The reason in the wizard's words, where the CLI's name a file member or a command ("list
    // it in launch.upload"): the page and the field instead. Empty: reasonText says it.
    TrText wizardReasonText = {};

    // Sets `reason` (English, for the CLI and JSON) and `reasonText` together.
    void setReason(const TrText &text)
    {
        reasonText = text;
        reason = text.english();
    }
    // The reason in the wizard's words and the user's language.
    QString translatedReason() const
    {
        if (!wizardReasonText.isEmpty())
            return wizardReasonText.translated();
        return reasonText.isEmpty() ? reason : reasonText.translated();
    }
};

struct CheckReport {
    std::vector<CheckResult> results; // server order, then catalogue order

    int count(CheckStatus status) const;
    bool passed() const { return count(CheckStatus::Failed) == 0; }
    // Results of one check id, in server order.
    std::vector<const CheckResult *> byId(const QString &id) const;
    const CheckResult *find(const QString &id, int serverIndex) const;
};

} // namespace cw
