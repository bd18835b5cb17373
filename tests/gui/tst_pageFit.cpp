// SPDX-License-Identifier: GPL-3.0-or-later
// Every page fits the wizard's 1180 x 800 window in English and in Chinese: no page (nor the
// Launch page's mpirun form) asks for more width than it gets, no scroll area needs a horizontal
// bar, and the window keeps its size. On every page, no two visible controls share an Alt key
// (Alt+N was both the Name field and Next). Every value in the Servers and Devices tables shows
// in full, long ones typed in too (port 70000, 255.255.255.255, a long host name, planned /23
// addresses), with Status in view; every problem line shows in full, wrapped.
#include "WizardTestSupport.h"

#include "widgets/DeviceTable.h"
#include "widgets/ServerTable.h"
#include "wizard/ClusterWizard.h"
#include "wizard/DevicesPage.h"
#include "wizard/Language.h"
#include "wizard/PageId.h"
#include "wizard/ServersPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTranslator>
#include <QWizardPage>

#include <map>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

constexpr QSize kWindow(1180, 800);

// What does not fit on the current page, one line each; empty when it all fits.
QStringList misfits(ClusterWizard &wizard)
{
    QStringList found;
    QWizardPage *page = wizard.currentPage();
    const QString title = page->title();
    if (wizard.width() != kWindow.width())
        found << u"%1: the window is %2 px wide"_s.arg(title).arg(wizard.width());
    const int needs = page->minimumSizeHint().width();
    if (needs > page->width())
        found << u"%1: needs %2 px, has %3"_s.arg(title).arg(needs).arg(page->width());
    for (QScrollArea *area : page->findChildren<QScrollArea *>()) {
        if (!area->isVisible() || !area->widget())
            continue;
        const int inner = area->widget()->minimumSizeHint().width();
        if (inner > area->viewport()->width() || area->horizontalScrollBar()->isVisible())
            found << u"%1: its scroll area needs %2 px, has %3"_s.arg(title).arg(inner).arg(
                area->viewport()->width());
    }
    return found;
}

// Alt keys that more than one visible control of the current page (or the wizard's buttons)
// answers to.
QStringList sharedMnemonics(ClusterWizard &wizard)
{
    std::map<QString, QStringList> owners;
    const auto add = [&](const QString &text) {
        const QString key = QKeySequence::mnemonic(text).toString();
        if (!key.isEmpty())
            owners[key] << text;
    };
    QWizardPage *page = wizard.currentPage();
    for (QWidget *widget : page->findChildren<QWidget *>()) {
        if (!widget->isVisibleTo(&wizard))
            continue;
        if (auto *button = qobject_cast<QAbstractButton *>(widget))
            add(button->text());
        else if (auto *label = qobject_cast<QLabel *>(widget); label && label->buddy())
            add(label->text());
        else if (auto *group = qobject_cast<QGroupBox *>(widget); group && group->isCheckable())
            add(group->title());
    }
    for (int which : {QWizard::BackButton, QWizard::NextButton, QWizard::FinishButton,
                      QWizard::CustomButton1, QWizard::CustomButton2}) {
        QAbstractButton *button = wizard.button(QWizard::WizardButton(which));
        if (button && button->isVisible())
            add(button->text());
    }
    QStringList shared;
    for (const auto &[key, texts] : owners) {
        if (texts.size() > 1)
            shared << u"%1: %2 (%3)"_s.arg(page->title(), key, texts.join(u" | "_s));
    }
    return shared;
}

// The cells of `table` in view whose text the style cannot draw in full (it elides it): the text's
// width from the view's font metrics against the cell's rectangle less the style's margins.
QStringList elidedCells(const QTableView *table)
{
    QStringList found;
    const QFontMetrics metrics(table->font());
    const int margin =
        table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
    const QRect port = table->viewport()->rect();
    const QAbstractItemModel *model = table->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        for (int column = 0; column < model->columnCount(); ++column) {
            const QModelIndex index = model->index(row, column);
            const QRect cell = table->visualRect(index);
            if (table->isColumnHidden(column) || !cell.intersects(port))
                continue;
            const QString text = index.data().toString();
            const int needs = metrics.horizontalAdvance(text) + 2 * margin;
            if (needs > cell.width())
                found << u"%1 row %2 column \"%3\": \"%4\" needs %5 px, has %6"_s
                             .arg(table->objectName())
                             .arg(row)
                             .arg(model->headerData(column, Qt::Horizontal).toString(), text)
                             .arg(needs)
                             .arg(cell.width());
        }
    }
    return found;
}

// The lines of a problem list that do not show in full: wrapped at the list's width, each needs
// no more height than its row has, and no word is wider than the row.
QStringList cutProblemLines(const QListWidget *list)
{
    QStringList found;
    const QFontMetrics metrics(list->font());
    const int margin = list->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, list) + 1;
    for (int i = 0; i < list->count(); ++i) {
        const QListWidgetItem *item = list->item(i);
        const QRect row = list->visualItemRect(item);
        const QRect room = row.adjusted(margin, 0, -margin, 0);
        const QRect needs =
            metrics.boundingRect(QRect(0, 0, room.width(), 100000), Qt::TextWordWrap, item->text());
        if (needs.height() > row.height() || needs.width() > room.width() ||
            row.right() > list->viewport()->width())
            found << u"%1 line %2 (%3 x %4 px in %5 x %6): %7"_s.arg(list->objectName())
                         .arg(i)
                         .arg(needs.width())
                         .arg(needs.height())
                         .arg(room.width())
                         .arg(row.height())
                         .arg(item->text());
    }
    return found;
}

// The Status column of row 0 lies in view, whole.
QStringList statusHidden(const ServerTable *table)
{
    const QRect status = table->visualRect(table->model()->index(0, ServerTable::Status));
    if (table->viewport()->rect().contains(status.topLeft()) &&
        status.right() <= table->viewport()->width())
        return {};
    return {u"Status is out of view: %1 px from the left of a %2 px table"_s.arg(status.left())
                .arg(table->viewport()->width())};
}

void removeTranslators()
{
    for (QTranslator *translator : QCoreApplication::instance()->findChildren<QTranslator *>()) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

} // namespace

class TestPageFit : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void everyPageFits_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << u"en"_s;
        QTest::newRow("zh_CN") << u"zh_CN"_s;
    }

    void everyPageFits()
    {
        QFETCH(QString, language);
        QVERIFY(installTranslators(*QCoreApplication::instance(), language));
        QStringList wrong;
        {
            ClusterWizard wizard;
            QCOMPARE(wizard.openProject(kExample2x8), QString());
            wizard.resize(kWindow);
            wizard.show();
            QVERIFY(QTest::qWaitForWindowExposed(&wizard));
            const QList<int> ids = wizard.pageIds();
            for (;;) {
                QTest::qWait(50); // layouts settle
                wrong << misfits(wizard) << sharedMnemonics(wizard);
                if (wizard.currentId() == int(LaunchPageId)) {
                    // The mpirun form below the modes: the tallest and widest variant.
                    auto *mpirun =
                        wizard.currentPage()->findChild<QRadioButton *>(u"mode-mpirun"_s);
                    QTest::mouseClick(mpirun, Qt::LeftButton, {}, QPoint(6, mpirun->height() / 2));
                    QTest::qWait(50);
                    QVERIFY(mpirun->isChecked());
                    wrong << misfits(wizard) << sharedMnemonics(wizard);
                    // The Slurm fields below the restarts, then SSH again.
                    auto *scheduler =
                        wizard.currentPage()->findChild<QComboBox *>(u"launch.scheduler"_s);
                    QVERIFY(scheduler);
                    scheduler->setCurrentIndex(1);
                    QTest::qWait(50);
                    wrong << misfits(wizard) << sharedMnemonics(wizard);
                    scheduler->setCurrentIndex(0);
                }
                if (wizard.currentId() == int(ServersPageId)) {
                    // The training containers' fields and buttons below the table, then gone.
                    auto *box = wizard.currentPage()->findChild<QCheckBox *>(u"containerEnabled"_s);
                    QTest::mouseClick(box, Qt::LeftButton);
                    QVERIFY(box->isChecked());
                    QTest::keyClicks(
                        wizard.currentPage()->findChild<QLineEdit *>(u"containerImage"_s),
                        u"ascend-pytorch:24.0.0"_s);
                    QTest::qWait(50);
                    wrong << misfits(wizard) << sharedMnemonics(wizard);
                    QTest::mouseClick(box, Qt::LeftButton);
                    QVERIFY(!box->isChecked());
                }
                const int before = wizard.currentId();
                if (before == ids.constLast())
                    break;
                QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
                QVERIFY2(wizard.currentId() != before, "Next refused");
            }
        }
        removeTranslators(); // the next language starts from English
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
    }

    void valuesShowInFull_data() { everyPageFits_data(); }

    // Long values typed into the Servers table and planned into the Devices table, and the
    // problems they cause, all readable in full.
    void valuesShowInFull()
    {
        QFETCH(QString, language);
        QVERIFY(installTranslators(*QCoreApplication::instance(), language));
        QStringList wrong;
        {
            ClusterWizard wizard;
            QCOMPARE(wizard.openProject(kExample2x8), QString());
            wizard.resize(kWindow);
            wizard.show();
            QVERIFY(QTest::qWaitForWindowExposed(&wizard));
            // The Examples list: more examples than rows, and a scroll bar that says so.
            auto *examples = wizard.currentPage()->findChild<QListWidget *>(u"examples"_s);
            QVERIFY(examples);
            const int rows = examples->viewport()->height() /
                             std::max(1, examples->visualItemRect(examples->item(0)).height());
            if (rows < examples->count() && !examples->verticalScrollBar()->isVisible())
                wrong << u"Examples: %1 of %2 rows in view, no scroll bar"_s.arg(rows).arg(
                    examples->count());
            if (rows < 3)
                wrong << u"Examples: only %1 rows in view"_s.arg(rows);
            QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
            auto *servers = qobject_cast<ServersPage *>(wizard.currentPage());
            QVERIFY(servers);
            ServerTable *table = servers->table();
            QVERIFY(typeIntoCell(table, 0, ServerTable::Name, u"gpu-node-0117-rack12"_s));
            QVERIFY(
                typeIntoCell(table, 0, ServerTable::Host, u"gpu-node-0117.rack12.example.com"_s));
            QVERIFY(typeIntoCell(table, 0, ServerTable::Port, u"70000"_s));
            QVERIFY(typeIntoCell(table, 0, ServerTable::HostIp, u"255.255.255.255"_s));
            QVERIFY(typeIntoCell(table, 1, ServerTable::HostIp, u"203.119.255.254"_s));
            QVERIFY(typeIntoCell(table, 1, ServerTable::Identity, u"~/.ssh/id_ed25519_cluster"_s));
            QTRY_VERIFY(servers->problemList()->isVisible());
            QTest::qWait(50); // the columns refit after the edit
            keepPicture(&wizard, u"fit-servers-long-%1.png"_s.arg(language));
            wrong << elidedCells(table) << cutProblemLines(servers->problemList())
                  << statusHidden(table);

            // Back to valid values, on to the Devices page: a /23 and a repeated device IP.
            QVERIFY(typeIntoCell(table, 0, ServerTable::Port, u"22"_s));
            QVERIFY(typeIntoCell(table, 0, ServerTable::HostIp, u"10.0.0.22"_s));
            QVERIFY(typeIntoCell(table, 1, ServerTable::HostIp, u"10.0.0.23"_s));
            QTRY_VERIFY(wizard.button(QWizard::NextButton)->isEnabled());
            QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
            auto *devices = qobject_cast<DevicesPage *>(wizard.currentPage());
            QVERIFY2(devices, qPrintable(servers->problemList()->count() > 0
                                             ? servers->problemList()->item(0)->text()
                                             : QString()));
            auto *netmask = devices->findChild<QLineEdit *>(u"netmask"_s);
            netmask->selectAll();
            QTest::keyClicks(netmask, u"255.255.254.0"_s);
            QTest::keyClick(netmask, Qt::Key_Return);
            auto *segments = devices->findChild<QLineEdit *>(u"segments"_s);
            segments->selectAll();
            QTest::keyClick(segments, Qt::Key_Delete);
            QTest::keyClick(segments, Qt::Key_Return);
            QVERIFY(
                typeIntoCell(devices->table(), 1, DeviceTable::ipColumn(7), u"192.168.255.254"_s));
            QTRY_VERIFY(devices->problemList()->count() > 0);
            QTest::qWait(50);
            keepPicture(&wizard, u"fit-devices-problems-%1.png"_s.arg(language));
            wrong << elidedCells(devices->table()) << cutProblemLines(devices->problemList());
            QTest::mouseClick(devices->findChild<QPushButton *>(u"plan"_s), Qt::LeftButton);
            QTRY_COMPARE(devices->problemList()->count(), 0);
            QTest::qWait(50);
            keepPicture(&wizard, u"fit-devices-planned-%1.png"_s.arg(language));
            wrong << elidedCells(devices->table());
        }
        removeTranslators();
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
    }
};

QTEST_MAIN(TestPageFit)
#include "tst_pageFit.moc"
