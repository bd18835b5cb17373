// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"
#include "model/Project.h"
#include "ssh/SshTypes.h"

#include <QCoreApplication>
#include <QString>

namespace cw {

// A server problem of the core validator in the words of the Servers table: the server's name
// (its row when the name is no valid one) and the column the user edits ("server0: Host IP
// "10.0.0.300" is not an IPv4 address like 10.0.0.22."), never the JSON path or member
// ("servers[0].host_ip"). Built from the problem's kind and values, translated; a kind this page
// does not word keeps the core's translated message.
class ServerProblemText {
    Q_DECLARE_TR_FUNCTIONS(ServerProblemText)

public:
    // The column's title as the table shows it, for a problem's field ("host_ip"); empty when
    // the table has no such column.
    static QString columnTitle(const QString &field);
    static QString text(const Problem &problem, const Project &project);
    // A failed connection in the user's language, what libssh or the server said kept in
    // brackets ("No answer in time [Timeout connecting to 10.0.0.5]").
    static QString connectionText(const SshError &error);

private:
    // A value's problem in its column; empty for a kind that is not a value's.
    static QString valueText(const Problem &problem, const QString &server, const QString &column);
};

} // namespace cw
