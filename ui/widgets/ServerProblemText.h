#pragma once

#include "model/Problem.h"
#include "model/Project.h"

#include <QCoreApplication>
#include <QString>

namespace cw {

// A server problem of the core validator in the words of the Servers table: the server's name
// and the column the user edits ("server0: Host IP "10.0.0.300" is not an IPv4 address"), never
// the JSON path or member ("servers[0].host_ip"). The reasons of the core's value rules are
// translated; a reason this list does not know stays as the core wrote it.
class ServerProblemText {
    Q_DECLARE_TR_FUNCTIONS(ServerProblemText)

public:
    // The column's title as the table shows it, for a problem's field ("host_ip"); empty when
    // the table has no such column.
    static QString columnTitle(const QString &field);
    static QString text(const Problem &problem, const Project &project);
    static QString reason(const QString &coreReason); // "is empty" -> the user's language
};

} // namespace cw
