// SPDX-License-Identifier: GPL-3.0-or-later
// The log panel's Fold box as a person uses it: 1,024 ranks on 128 servers print "Epoch done"
// (arriving out of rank order) and one rank a warning; folded, each epoch's line is one row
// "ranks 0-1023: Epoch done" that the Right key opens into each rank's line; a row left open
// stays open when new lines come; the filter typed into its box applies; unticking the box brings
// back the plain list.
#include "WizardTestSupport.h"

#include "logs/FoldedLogView.h"
#include "logs/LogModel.h"
#include "logs/LogStore.h"
#include "logs/LogView.h"

#include <QCheckBox>
#include <QLineEdit>
#include <QListView>
#include <QStackedWidget>
#include <QTest>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kRanks = 1024;

// Every rank prints `text` once, in a shuffled order (the followers' threads interleave so).
void everyRankPrints(LogStore &store, const QString &text, unsigned seed)
{
    std::vector<int> ranks(kRanks);
    std::iota(ranks.begin(), ranks.end(), 0);
    std::shuffle(ranks.begin(), ranks.end(), std::mt19937(seed));
    for (int rank : ranks)
        store.append({u"server%1"_s.arg(rank / 8), rank, text, 0, 0});
}

QStringList topRows(const FoldedLogView *view)
{
    QStringList rows;
    for (int i = 0; i < view->topLevelItemCount(); ++i)
        rows << view->topLevelItem(i)->text(0);
    return rows;
}

void clickBox(QCheckBox *box)
{
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
}

} // namespace

class TestFoldedLog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void foldsOpensAndFilters()
    {
        LogStore store;
        LogModel model(&store);
        LogView view(&model);
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        everyRankPrints(store, u"Epoch done"_s, 1);
        store.append({u"server0"_s, 5, u"warning: slow data loader"_s, 0, 0});
        everyRankPrints(store, u"Epoch done"_s, 2);
        model.refresh();
        QCOMPARE(model.rowCount(), 2 * kRanks + 1);

        auto *views = view.findChild<QStackedWidget *>();
        QVERIFY(views);
        QCOMPARE(views->currentWidget(), view.list());
        clickBox(view.foldBox());
        QVERIFY(view.foldBox()->isChecked());
        FoldedLogView *folded = view.folded();
        QCOMPARE(views->currentWidget(), folded);
        QCOMPARE(topRows(folded),
                 QStringList({u"ranks 0-1023: Epoch done"_s, u"rank 5: warning: slow data loader"_s,
                              u"ranks 0-1023: Epoch done"_s}));

        // The Right key opens the current row into each rank's line, by rank.
        folded->setFocus();
        folded->setCurrentItem(folded->topLevelItem(0));
        QTest::keyClick(folded, Qt::Key_Right);
        QTreeWidgetItem *first = folded->topLevelItem(0);
        QVERIFY(first->isExpanded());
        QCOMPARE(first->childCount(), kRanks);
        QCOMPARE(first->child(0)->text(0), u"[server0/0] Epoch done"_s);
        QCOMPARE(first->child(1023)->text(0), u"[server127/1023] Epoch done"_s);
        QCOMPARE(folded->topLevelItem(2)->childCount(), 0); // filled only when opened
        wizardtest::keepPicture(&view, u"log-folded-1024.png"_s);

        // New lines: folded again within a second, the open row still open.
        everyRankPrints(store, u"Epoch done"_s, 3);
        QTRY_COMPARE_WITH_TIMEOUT(folded->topLevelItemCount(), 4, 3000);
        QVERIFY(folded->topLevelItem(0)->isExpanded());
        QCOMPARE(folded->topLevelItem(0)->childCount(), kRanks);
        QVERIFY(!folded->topLevelItem(3)->isExpanded());

        // The filter box applies to the folded rows as to the list.
        auto *filter = view.findChild<QLineEdit *>(u"filter"_s);
        QVERIFY(filter);
        filter->setFocus();
        QTest::keyClicks(filter, u"WARNING"_s);
        QCOMPARE(topRows(folded), QStringList{u"rank 5: warning: slow data loader"_s});
        filter->clear();
        QCOMPARE(folded->topLevelItemCount(), 4);

        clickBox(view.foldBox());
        QVERIFY(!view.foldBox()->isChecked());
        QCOMPARE(views->currentWidget(), view.list());
    }
};

QTEST_MAIN(TestFoldedLog)
#include "tst_foldedLog.moc"
