// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's export dialogs as a person meets them (issue 33, item 14): the Devices page's
// PNG… opens a file dialog in the documents folder (or home), a folder chosen, the name typed
// and Save clicked, the picture is written and the page says where; SVG… then opens there;
// Escape writes nothing; the Scripts page's Export folder… and Export .tar.gz… open in the
// folder last used, and the archive is written where the dialog was told.
#include "WizardTestSupport.h"

#include "wizard/DevicesPage.h"
#include "wizard/ProjectModel.h"
#include "wizard/ScriptsPage.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTimer>
#include <QToolButton>

#include <functional>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

// Once a file dialog is open (modal, in its own event loop), `act` gets it; returns at once.
void whenDialogOpens(std::function<void(QFileDialog *)> act)
{
    auto *poll = new QTimer;
    poll->setInterval(20);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, act] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible())
            return;
        poll->stop();
        poll->deleteLater();
        act(dialog);
    });
    poll->start();
}

// Goes to `folder` (as a person does from the dialog's path field), types `name` (empty for a
// folder dialog) and clicks its Save / Choose button.
void chooseIn(QFileDialog *dialog, const QString &folder, const QString &name)
{
    auto *edit = dialog->findChild<QLineEdit *>(u"fileNameEdit"_s);
    auto *buttons = dialog->findChild<QDialogButtonBox *>(u"buttonBox"_s);
    QVERIFY(edit && buttons);
    dialog->setDirectory(folder);
    // The field's completer lists names as the folder is read, on a thread of its own: its
    // list could appear at any moment and take the click. The typing is what is tested here.
    edit->setCompleter(nullptr);
    edit->selectAll();
    if (name.isEmpty())
        edit->clear();
    else
        QTest::keyClicks(edit, name);
    QPushButton *accept = nullptr;
    for (QAbstractButton *button : buttons->buttons())
        if (buttons->buttonRole(button) == QDialogButtonBox::AcceptRole)
            accept = qobject_cast<QPushButton *>(button);
    QVERIFY(accept);
    // The button follows the typed name once the dialog has looked at its folder.
    QTRY_VERIFY_WITH_TIMEOUT(accept->isEnabled(), 5000);
    QTest::mouseClick(accept, Qt::LeftButton);
    if (dialog->isVisible()) {
        qWarning("still open after the click: %s in %s", qPrintable(edit->text()),
                 qPrintable(dialog->directory().absolutePath()));
        dialog->reject(); // the test fails on what was not written, and does not hang
    }
}

QToolButton *toolButton(QWidget *page, const QString &text)
{
    for (QToolButton *button : page->findChildren<QToolButton *>())
        if (button->text() == text)
            return button;
    return nullptr;
}

} // namespace

class TestExportDialogs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        isolateSettings(m_dir);
        QStandardPaths::setTestModeEnabled(true);
    }

    void topologyPictureRemembersItsFolder()
    {
        ProjectModel model;
        QCOMPARE(model.load(kExample2x8), QString());
        DevicesPage page(&model);
        page.initializePage();
        page.resize(1180, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const QString pictures = m_dir.filePath(u"pictures"_s);
        QVERIFY(QDir().mkpath(pictures));

        QString opened;
        whenDialogOpens([&](QFileDialog *dialog) {
            opened = dialog->directory().absolutePath();
            chooseIn(dialog, pictures, u"cluster.png"_s);
        });
        QTest::mouseClick(toolButton(&page, u"PNG…"_s), Qt::LeftButton);
        // The first time: the documents folder (or home), with the project's name offered.
        QVERIFY2(opened == QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) ||
                     opened == QDir::homePath(),
                 qPrintable(opened));
        const QImage image(pictures + u"/cluster.png"_s);
        QVERIFY(!image.isNull());
        QVERIFY2(image.width() > 200 && image.height() > 100, "the picture has its content");
        const QString message = page.findChild<QLabel *>(u"message"_s)->text();
        QVERIFY2(message.contains(u"Saved the topology picture to"_s) &&
                     message.contains(u"cluster.png"_s),
                 qPrintable(message));

        // SVG… opens where the PNG went; Escape writes nothing and leaves the message.
        whenDialogOpens([&](QFileDialog *dialog) {
            opened = dialog->directory().absolutePath();
            QTest::keyClick(dialog, Qt::Key_Escape);
        });
        QTest::mouseClick(toolButton(&page, u"SVG…"_s), Qt::LeftButton);
        QCOMPARE(opened, pictures);
        QCOMPARE(QDir(pictures).entryList(QDir::Files), QStringList{u"cluster.png"_s});
        QCOMPARE(page.findChild<QLabel *>(u"message"_s)->text(), message);
    }

    // The Scripts page's two exports start in the folder the last export used.
    void scriptExportsStartInTheLastFolder()
    {
        ProjectModel model;
        QCOMPARE(model.load(kExample2x8), QString());
        ScriptsPage page(&model);
        page.initializePage();
        page.resize(1180, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const QString pictures = m_dir.filePath(u"pictures"_s); // the test above's export

        QString opened;
        whenDialogOpens([&](QFileDialog *dialog) {
            opened = dialog->directory().absolutePath();
            chooseIn(dialog, pictures, u"scripts.tar.gz"_s);
        });
        QTest::mouseClick(page.findChild<QPushButton *>(u"exportArchive"_s), Qt::LeftButton);
        QCOMPARE(opened, pictures);
        QVERIFY(QFileInfo(pictures + u"/scripts.tar.gz"_s).size() > 0);

        const QString folder = m_dir.filePath(u"scripts"_s);
        QVERIFY(QDir().mkpath(folder));
        whenDialogOpens([&](QFileDialog *dialog) {
            opened = dialog->directory().absolutePath();
            chooseIn(dialog, folder, {});
        });
        QTest::mouseClick(page.findChild<QPushButton *>(u"exportFolder"_s), Qt::LeftButton);
        QCOMPARE(opened, pictures);
        QVERIFY2(QFileInfo::exists(folder + u"/train.sh"_s),
                 qPrintable(QDir(folder).entryList().join(u' ')));
    }
};

QTEST_MAIN(TestExportDialogs)
#include "tst_exportDialogs.moc"
