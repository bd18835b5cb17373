// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckReportText.h"

#include "model/Problem.h"

#include <array>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cw {

QString checkReportSummary(const CheckReport &report)
{
    return u"%1 ok, %2 warning, %3 failed, %4 skipped"_s.arg(report.count(CheckStatus::Ok))
        .arg(report.count(CheckStatus::Warning))
        .arg(report.count(CheckStatus::Failed))
        .arg(report.count(CheckStatus::Skipped));
}

QString checkReportTable(const CheckReport &report, bool everyRow)
{
    using Row = std::array<QString, 4>;
    std::vector<Row> rows{{u"SERVER"_s, u"CHECK"_s, u"STATUS"_s, u"REASON"_s}};
    for (const CheckResult &result : report.results) {
        const bool worthShowing =
            result.status == CheckStatus::Failed || result.status == CheckStatus::Warning;
        if (!everyRow && !worthShowing)
            continue;
        // Reasons quote what servers printed (and names the project gave): a control character
        // there must not reach the terminal as one.
        QString reason = escapeControls(result.reason);
        if (!result.fixes.isEmpty() && result.status != CheckStatus::Ok)
            reason += u" [fix: "_s + result.fixes.join(u", "_s) + u']';
        rows.push_back({result.server.isEmpty() ? u"-"_s : escapeControls(result.server), result.id,
                        checkStatusName(result.status), reason});
    }
    std::array<qsizetype, 3> widths{};
    for (const Row &row : rows) {
        for (size_t c = 0; c < widths.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    }
    QString text;
    if (rows.size() > 1) {
        for (const Row &row : rows) {
            for (size_t c = 0; c < widths.size(); ++c)
                text += row[c].leftJustified(widths[c] + 2);
            text += row[3] + u'\n';
        }
    }
    text += checkReportSummary(report) + u'\n';
    return text;
}

nlohmann::ordered_json checkReportToJson(const CheckReport &report)
{
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (const CheckResult &result : report.results) {
        nlohmann::ordered_json fixes = nlohmann::ordered_json::array();
        for (const QString &fix : result.fixes)
            fixes.push_back(fix.toStdString());
        results.push_back({{"server", result.server.toStdString()},
                           {"server_index", result.serverIndex},
                           {"check", result.id.toStdString()},
                           {"status", checkStatusName(result.status).toStdString()},
                           {"reason", result.reason.toStdString()},
                           {"fixes", fixes}});
    }
    nlohmann::ordered_json counts;
    for (const CheckStatus status :
         {CheckStatus::Ok, CheckStatus::Warning, CheckStatus::Failed, CheckStatus::Skipped})
        counts[checkStatusName(status).toStdString()] = report.count(status);
    return {{"passed", report.passed()}, {"counts", counts}, {"results", results}};
}

} // namespace cw
