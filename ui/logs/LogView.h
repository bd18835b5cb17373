// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QListView;
class QStackedWidget;

namespace cw {

class FoldedLogView;
class LogFilterModel;
class LogModel;

// The live log panel: all ranks with [server/rank] prefixes or one rank, a filter, a search
// (Enter finds the next match), follow (keep the newest line in view), and fold (a line many
// ranks print alike as one row that opens into each rank's, FoldedLogView.h).
class LogView : public QWidget {
    Q_OBJECT

public:
    explicit LogView(LogModel *model, QWidget *parent = nullptr);

    LogFilterModel *filter() const { return m_filter; }
    QListView *list() const { return m_list; }
    bool follows() const;
    void setFollow(bool follow);
    bool findNext(const QString &text); // selects the next matching row; false when none
    // Shows only `rank` and labels it in the rank list ("server1/3 — failed first").
    void showRank(int rank, const QString &label = QString());
    QComboBox *rankBox() const { return m_rank; }
    QCheckBox *foldBox() const { return m_fold; }
    FoldedLogView *folded() const { return m_folded; }
    // The rank list shows these ranks (failed or silent) first, then the others; each part in
    // rank order.
    void setProblemRanks(const QList<int> &ranks);

private:
    void sortRanks();

    LogModel *m_model;
    LogFilterModel *m_filter;
    QComboBox *m_rank;
    QLineEdit *m_filterText;
    QLineEdit *m_search;
    QCheckBox *m_follow;
    QCheckBox *m_fold;
    QListView *m_list;
    FoldedLogView *m_folded;
    QStackedWidget *m_views;
    QList<int> m_problems;
};

} // namespace cw
