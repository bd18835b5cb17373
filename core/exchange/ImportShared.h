// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "exchange/Import.h"

#include <QHash>
#include <QList>

#include <optional>
#include <vector>

namespace cw {

// Helpers the importers share (not part of the public import API; see Import.h for that).

// One line of a text file that holds something: 1-based number, trimmed text without a
// trailing `#` comment when `hashComments` is set. Blank and comment-only lines are left out.
struct SourceLine {
    int number = 0;
    QString text;
};
QList<SourceLine> meaningfulLines(const QByteArray &text, bool hashComments);

// Collects errors and notes with their place: "FILE:LINE" for text files, "FILE: PATH" for JSON.
class ImportLog {
public:
    ImportLog(ImportResult *result, const QString &source) : m_result(result), m_source(source) {}

    void error(const QString &rule, int line, const QString &message);
    void error(const QString &rule, const QString &jsonPath, const QString &message);
    void note(const QString &message) { m_result->notes << message; }
    void couldNotCarry(int line, const QString &what);
    QString where(int line) const;

private:
    ImportResult *m_result;
    QString m_source;
};

// A decimal in [low, high] with no sign, no leading zeros and no surrounding text.
std::optional<int> strictNumber(const QString &text, int low, int high);

// The name a new server gets: `host` when it is a valid server name, not an IPv4 address and
// still free, else "serverN" (N its index). `used` collects the names handed out.
QString newServerName(const QString &host, int index, QStringList &used);

// A project with the defaults every import starts from: name from options (else the file's
// base name), launch defaults, and notes for the launch fields no imported file holds.
Project newImportedProject(const ImportOptions &options, const QString &source,
                           Accelerator accelerator, LaunchMode mode, ImportLog &log);

// Sets project.accelerator after the servers and their device IPs were read: the one given in
// `options`, else ascend910b when every server with two or more device IPs has them in one
// segment (under the project's netmask, else /24: the Atlas A2 layout, docs/ascend.md), else
// ascend910 (devices 0-3 in four segments, the only layout the first generation allows). Notes
// which, and why. A server counts for one segment only when it lists `wholeServer` or more
// device IPs: a rank table's few devices in one /24 are CANN's Atlas training series template as
// much as its A2 example.
void chooseAscendGeneration(Project &project, const ImportOptions &options, ImportLog &log,
                            int wholeServer = 2);

// The device network from per-device IPs: ids ascending. `ips` maps device id to its address.
void setDevices(Server &server, const QHash<int, QString> &ips);

// A gateway or detect IP a file gave for one device (position k of servers[server]), with the
// line it came from.
struct FoundRoute {
    int server = 0;
    qsizetype position = 0;
    QString gateway;
    QString detect;
    int line = 0;
};

// Folds per-device gateways and detect IPs into device_network.gateways / detect_ips (one per
// segment, under the project's netmask), keeping the project's own for other segments; what
// does not fold is noted as "could not carry" (ImportRoutes.cpp).
void carryRoutes(Project &project, const std::vector<FoundRoute> &found, ImportLog &log);

// One line of the [tools] section of ascend-deployer's hccn_inventory_file
// (HccnInventoryImport.cpp): a server, its device IPs, detect IPs and netmask.
void readHccnInventoryHost(const SourceLine &line, const QStringList &words, Project &project,
                           QStringList &names, std::vector<FoundRoute> &routes, ImportLog &log);

ImportResult importHostfile(const QByteArray &text, const QString &source,
                            const ImportOptions &options);
ImportResult importHccnConf(const QByteArray &text, const QString &source,
                            const ImportOptions &options);
ImportResult importRankTable(const QByteArray &text, const QString &source,
                             const ImportOptions &options);
ImportResult importDeployerInventory(const QByteArray &text, const QString &source,
                                     const ImportOptions &options);

} // namespace cw
