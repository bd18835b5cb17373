// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What one check function of the catalogue is given, and the helpers that build its result.
// Internal to core/checks; the check functions are declared by topic in CheckServer.h,
// CheckDevices.h and CheckNetwork.h.

#include "checks/ActiveProbes.h"
#include "checks/CheckTable.h"
#include "checks/CheckTypes.h"
#include "checks/ScriptConstants.h"
#include "discover/ServerFacts.h"
#include "fleet/FleetRunner.h"
#include "model/Project.h"

#include <QStringList>

namespace cw::checks {

struct CheckContext {
    const CheckSpec &spec; // the check's row of the check table
    const Project &project;
    int index;
    const Server &server;
    // What discovery learned; empty facts for a server that was not reached (only a row with
    // judgesUnreached sees one).
    const ServerFacts &facts;
    const ActiveProbes &probes;
    // Hostnames of the other reached servers, by server index (for the hostname check).
    const std::vector<QString> &hostnames;
    // The facts of every reached server by index, nullptr where not reached (cross-server checks).
    const std::vector<const ServerFacts *> &allFacts;
    // This client's SSH connection to the server: reached or why not, host key, login method.
    const FleetResult &connection;

    // The ports the check looks at on this server (checkPorts()).
    std::vector<RequiredPort> ports() const { return checkPorts(spec, project, index); }
};

// A check id constant (check::k*) as the QString results carry.
inline QString id(const char *name)
{
    return QLatin1StringView(name);
}

// Reasons are translatable (model/TrText.h), in the context "cw::Checks".
CheckResult result(const QString &id, const CheckContext &context, CheckStatus status,
                   const TrText &reason);
// `r` with its reason in the wizard's words too (CheckResult::wizardReasonText); the CLI, the
// JSON and check.sh keep the file's and the CLI's words.
CheckResult inWizardWords(CheckResult r, const TrText &wizardReason);
// A failed (or warning) result that offers the row's fixes (CheckSpec::fixes).
CheckResult fixable(const QString &id, const CheckContext &context, CheckStatus status,
                    const TrText &reason);

// "a; b; c and 2 more": keeps a reason to one readable line.
inline constexpr int kReasonsShown = 3;
QString joinReasons(const QStringList &parts, int shown = kReasonsShown);
TrText joinReasons(const std::vector<TrText> &parts, int shown = kReasonsShown);
// Their count and texts, for check.sh's clusterwiz_join_reasons.
std::vector<ScriptConstant> joinScriptConstants();

} // namespace cw::checks
