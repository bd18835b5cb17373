// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerProblemText.h"

#include "ContainerProblemText.h"
#include "ServerTable.h"
#include "rules/ValueRules.h"

using namespace Qt::StringLiterals;

namespace cw {

namespace {

bool hasValidName(const Project &project, int server)
{
    return serverNameValueProblem(project.servers[size_t(server)].name).isEmpty();
}

} // namespace

QString ServerProblemText::columnTitle(const QString &field)
{
    const int column = ServerTable::columnForField(field);
    return column >= 0 ? ServerTable::columnTitle(column) : QString();
}

QString ServerProblemText::valueText(const Problem &problem, const QString &server,
                                     const QString &column)
{
    // One arg() call per sentence: the value is the user's text and may hold "%1".
    const ProblemValues &values = problem.values;
    const QString value = escapeControls(values.value);
    const QString limit = QString::number(values.limit);
    switch (problem.kind) {
    case ProblemKind::Empty:
        return tr("%1: %2 is empty.").arg(server, column);
    case ProblemKind::TooLong:
        return tr("%1: %2 is longer than %3 characters.").arg(server, column, limit);
    case ProblemKind::LeadingDash:
        return tr("%1: %2 \"%3\" must not start with '-'.").arg(server, column, value);
    case ProblemKind::LeadingDot:
        return tr("%1: %2 \"%3\" must not start with '.'.").arg(server, column, value);
    case ProblemKind::HasNul:
        return tr("%1: %2 contains a NUL character.").arg(server, column);
    case ProblemKind::HasLineBreak:
        return tr("%1: %2 contains a line break.").arg(server, column);
    case ProblemKind::NotIpv4:
        return tr("%1: %2 \"%3\" is not an IPv4 address like 10.0.0.22.")
            .arg(server, column, value);
    case ProblemKind::NotSshHost:
        return tr("%1: %2 \"%3\" is not an address, a host name or an ssh config alias.")
            .arg(server, column, value);
    case ProblemKind::NotUserName:
        return tr("%1: %2 \"%3\" is not a valid user name.").arg(server, column, value);
    case ProblemKind::NotPort:
        return tr("%1: %2 %3 is not a port from 1 to 65535.").arg(server, column, value);
    case ProblemKind::NotInterfaceName:
        return tr("%1: %2 \"%3\" is not a network interface name.").arg(server, column, value);
    case ProblemKind::NotServerName:
        return tr("%1: %2 \"%3\" may use only letters, digits, '.', '_' and '-' (not first), at "
                  "most %4 of them.")
            .arg(server, column, value, limit);
    default:
        return {};
    }
}

QString ServerProblemText::connectionText(const SshError &error)
{
    const QString original = escapeControls(error.message);
    switch (error.kind) {
    case SshError::Kind::None:
        return {};
    case SshError::Kind::InvalidTarget:
        return tr("The address, user or key file cannot be used [%1]").arg(original);
    case SshError::Kind::Unreachable:
        return tr("Could not connect: the server did not answer or refused the connection; "
                  "check the address, the port and the firewall [%1]")
            .arg(original);
    case SshError::Kind::Timeout:
        return tr("No answer in time: the server is off, unreachable from here or too slow "
                  "[%1]")
            .arg(original);
    case SshError::Kind::HostKeyUnknown:
        return tr("The server's host key is not known yet and was not accepted [%1]").arg(original);
    case SshError::Kind::HostKeyChanged:
        return tr("The server's host key differs from the one in known_hosts [%1]").arg(original);
    case SshError::Kind::AuthFailed:
        return tr("The server refused every login method (key, password); check the user and "
                  "the identity file [%1]")
            .arg(original);
    case SshError::Kind::Protocol:
        return tr("The SSH session failed [%1]").arg(original);
    case SshError::Kind::Cancelled:
        return tr("Cancelled [%1]").arg(original);
    case SshError::Kind::Sftp:
        return tr("Copying a file to the server failed [%1]").arg(original);
    }
    return original;
}

QString ServerProblemText::text(const Problem &problem, const Project &project)
{
    const ProblemValues &values = problem.values;
    if (ContainerProblemText::isContainerProblem(problem))
        return ContainerProblemText::text(problem);
    if (problem.kind == ProblemKind::NoServers)
        return tr("Add at least one server.");
    if (problem.kind == ProblemKind::TooManyServers) {
        return tr("The table lists %1 servers; a cluster has at most %2.")
            .arg(values.value, QString::number(values.limit));
    }
    const int count = int(project.servers.size());
    const int s = problem.location.server;
    if (s < 0 || s >= count)
        return problem.translatedMessage();
    // A server by its name, or by its row where the name is no valid one.
    const auto subject = [&](int i) {
        return hasValidName(project, i) ? project.servers[size_t(i)].name : tr("Row %1").arg(i + 1);
    };
    const auto object = [&](int i) {
        if (i < 0 || i >= count)
            return QString();
        return hasValidName(project, i) ? project.servers[size_t(i)].name : tr("row %1").arg(i + 1);
    };
    const QString column = columnTitle(problem.location.field);
    const QString value = escapeControls(values.value);
    switch (problem.kind) {
    case ProblemKind::HostIpMissing:
        return tr("%1: %2 is empty and %3 \"%4\" is not an IPv4 address; enter the address the "
                  "servers reach each other by, or click Test connection and then Apply "
                  "discovered values.")
            .arg(subject(s), column, columnTitle(u"host"_s), value);
    case ProblemKind::NameTaken:
        // Both servers have this name: only the rows tell them apart.
        return tr("Row %1: %2 \"%3\" is already the name of row %4; every server needs its own.")
            .arg(QString::number(s + 1), column, value, QString::number(values.otherServer + 1));
    case ProblemKind::HostIpTaken:
        return tr("%1: %2 %3 is also the address of %4; every server needs its own.")
            .arg(subject(s), column, value, object(values.otherServer));
    case ProblemKind::SshPortDiffers:
        return tr("%1: %2 %3 differs from port %4 of %5; mpirun reaches every server but the "
                  "master through one SSH port.")
            .arg(subject(s), column, value, escapeControls(values.otherValue),
                 object(values.otherServer));
    default:
        break;
    }
    if (column.isEmpty())
        return problem.translatedMessage();
    if (const QString text = valueText(problem, subject(s), column); !text.isEmpty())
        return text;
    // The project file's own mistakes ("must be an integer, not string") name no subject.
    if (problem.rule == u"schema"_s)
        return tr("%1: %2 %3").arg(subject(s), column, problem.translatedMessage());
    return problem.translatedMessage();
}

} // namespace cw
