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

void CheckReportView::setReport(const CheckReport &report)
{
    m_report = report;
    clear();
    std::map<int, QTreeWidgetItem *> branches; // server index -> branch, -1 the cluster
    std::map<int, CheckStatus> worst;
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
        if (!result.fixes.isEmpty() &&
            (result.status == CheckStatus::Failed || result.status == CheckStatus::Warning)) {
            auto *button = new QPushButton(tr("Fix…"), this);
            button->setObjectName(u"fix:%1:%2"_s.arg(result.id).arg(result.serverIndex));
            button->setToolTip(tr("Preview the commands of %1 before anything runs.")
                                   .arg(result.fixes.join(u", "_s)));
            connect(button, &QPushButton::clicked, this,
                    [this, result] { Q_EMIT fixRequested(result); });
            setItemWidget(row, 4, button);
        }
        CheckStatus &w = worst[result.serverIndex];
        if (result.status == CheckStatus::Failed ||
            (result.status == CheckStatus::Warning && w != CheckStatus::Failed))
            w = result.status;
    }
    for (const auto &[index, branch] : branches) {
        branch->setIcon(1, statusIcon(worst[index]));
        branch->setText(1, checkStatusText(worst[index]).translated());
        branch->setExpanded(worst[index] != CheckStatus::Ok);
    }
    resizeColumnToContents(0);
    resizeColumnToContents(1);
    resizeColumnToContents(3);
    resizeColumnToContents(4);
}

void CheckReportView::setFixesEnabled(bool enabled)
{
    for (QPushButton *button : findChildren<QPushButton *>())
        button->setEnabled(enabled);
}

} // namespace cw
