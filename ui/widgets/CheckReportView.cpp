// SPDX-License-Identifier: GPL-3.0-or-later
#include "CheckReportView.h"

#include <QHeaderView>
#include <QPushButton>
#include <QStyle>

#include <map>

using namespace Qt::StringLiterals;

namespace cw {

CheckReportView::CheckReportView(QWidget *parent) : QTreeWidget(parent)
{
    setObjectName(u"checkReport"_s);
    setColumnCount(5);
    setHeaderLabels({tr("Check"), tr("Status"), tr("Reason"), tr("Fixes"), QString()});
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(2, QHeaderView::Stretch);
    setAlternatingRowColors(true);
    setUniformRowHeights(true);
}

QIcon CheckReportView::statusIcon(CheckStatus status) const
{
    switch (status) {
    case CheckStatus::Ok:
        return style()->standardIcon(QStyle::SP_DialogApplyButton);
    case CheckStatus::Warning:
        return style()->standardIcon(QStyle::SP_MessageBoxWarning);
    case CheckStatus::Failed:
        return style()->standardIcon(QStyle::SP_MessageBoxCritical);
    case CheckStatus::Skipped:
        break;
    }
    return style()->standardIcon(QStyle::SP_MediaSkipForward);
}

void CheckReportView::addFixButton(QTreeWidgetItem *row, const CheckResult &result)
{
    if (result.fixes.isEmpty() ||
        (result.status != CheckStatus::Failed && result.status != CheckStatus::Warning))
        return;
    auto *button = new QPushButton(tr("Fix…"), this);
    button->setObjectName(u"fix:%1:%2"_s.arg(result.id).arg(result.serverIndex));
    button->setToolTip(
        tr("Preview the commands of %1 before anything runs.").arg(result.fixes.join(u", "_s)));
    connect(button, &QPushButton::clicked, this, [this, result] { Q_EMIT fixRequested(result); });
    setItemWidget(row, 4, button);
}

void CheckReportView::setReport(const CheckReport &report)
{
    m_report = report;
    clear();
    // A server that was not reached has one verdict, its ssh check; its other checks did not
    // run. Its branch says so in one row and stays closed (the rows are inside, as reported).
    std::map<int, const CheckResult *> unreached;
    for (const CheckResult &result : report.results) {
        if (result.serverIndex >= 0 && result.id == QLatin1StringView(check::kSsh) &&
            result.status == CheckStatus::Failed)
            unreached[result.serverIndex] = &result;
    }
    std::map<int, QTreeWidgetItem *> branches; // server index -> branch, -1 the cluster
    std::map<int, CheckStatus> worst;
    std::map<int, int> notRun;
    for (const CheckResult &result : report.results) {
        QTreeWidgetItem *&branch = branches[result.serverIndex];
        if (!branch) {
            branch =
                new QTreeWidgetItem(this, {result.serverIndex < 0 ? tr("cluster") : result.server});
            worst[result.serverIndex] = CheckStatus::Ok;
        }
        // Status words and reasons in the user's language; the CLI prints them in English.
        const QString reason = result.translatedReason();
        auto *row =
            new QTreeWidgetItem(branch, {result.id, checkStatusText(result.status).translated(),
                                         reason, result.fixes.join(u", "_s)});
        row->setIcon(1, statusIcon(result.status));
        row->setToolTip(2, reason);
        const bool folded = unreached.count(result.serverIndex) > 0;
        if (folded && result.status == CheckStatus::Skipped)
            ++notRun[result.serverIndex];
        if (!folded)
            addFixButton(row, result);
        CheckStatus &w = worst[result.serverIndex];
        if (result.status == CheckStatus::Failed ||
            (result.status == CheckStatus::Warning && w != CheckStatus::Failed))
            w = result.status;
    }
    for (const auto &[index, branch] : branches) {
        branch->setIcon(1, statusIcon(worst[index]));
        branch->setText(1, checkStatusText(worst[index]).translated());
        const auto found = unreached.find(index);
        if (found == unreached.end()) {
            branch->setExpanded(worst[index] != CheckStatus::Ok);
            continue;
        }
        const CheckResult &ssh = *found->second;
        QString why = ssh.translatedReason();
        if (ssh.reason.startsWith(u"unreachable: "_s))
            why = ssh.reason.mid(13); // "not reached" says it; the rest is the SSH error
        const QString reason =
            tr("not reached: %1 (%n other check(s) not run)", nullptr, notRun[index]).arg(why);
        branch->setText(2, reason);
        branch->setToolTip(2, reason);
        branch->setText(3, ssh.fixes.join(u", "_s));
        branch->setData(0, Qt::UserRole, true); // folded: tests and the screen reader ask
        addFixButton(branch, ssh);
        branch->setExpanded(false);
    }
    resizeColumnToContents(0);
    resizeColumnToContents(1);
    resizeColumnToContents(3);
    resizeColumnToContents(4);
}

bool CheckReportView::isFolded(const QTreeWidgetItem *branch) const
{
    return branch && branch->data(0, Qt::UserRole).toBool();
}

void CheckReportView::setFixesEnabled(bool enabled)
{
    for (QPushButton *button : findChildren<QPushButton *>())
        button->setEnabled(enabled);
}

} // namespace cw
