// SPDX-License-Identifier: GPL-3.0-or-later
// Every page fits the wizard's 1180 x 800 window in English and in Chinese: no page (nor the
// Launch page's mpirun form) asks for more width than it gets, no scroll area needs a horizontal
// bar, and the window keeps its size. On every page, no two visible controls share an Alt key
// (Alt+N was both the Name field and Next).
#include "WizardTestSupport.h"

#include "wizard/ClusterWizard.h"
#include "wizard/Language.h"
#include "wizard/PageId.h"

#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
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
                }
                const int before = wizard.currentId();
                if (before == ids.constLast())
                    break;
                QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
                QVERIFY2(wizard.currentId() != before, "Next refused");
            }
        }
        // The next language starts from English.
        for (QTranslator *translator :
             QCoreApplication::instance()->findChildren<QTranslator *>()) {
            QCoreApplication::removeTranslator(translator);
            delete translator;
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
    }
};

QTEST_MAIN(TestPageFit)
#include "tst_pageFit.moc"
