// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the wizard tests: a private settings folder, the example paths and small helpers to
// type into a table cell the way a user does (F2, text, Enter).

#include "wizard/Language.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace wizardtest {

inline const QString kExamples = QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples");
inline const QString kExample2x8 = kExamples + QStringLiteral("/ascend-2x8.clusterwiz.json");

// QSettings and recent projects go to a temporary folder, never the user's. With
// CLUSTERWIZ_TEST_LANGUAGE (tests/gui/screenshots.sh sets it for the pictures of another
// language) the wizard speaks that language; assertions on English text then fail, by design.
inline void isolateSettings(const QTemporaryDir &dir)
{
    qputenv("XDG_CONFIG_HOME", QDir(dir.path()).filePath(QStringLiteral("config")).toUtf8());
    qputenv("XDG_RUNTIME_DIR", dir.path().toUtf8());
    QCoreApplication::setOrganizationDomain(QStringLiteral("clusterwiz.test"));
    QCoreApplication::setApplicationName(QStringLiteral("clusterwiz-test"));
    if (const QString language = qEnvironmentVariable("CLUSTERWIZ_TEST_LANGUAGE");
        !language.isEmpty() && !cw::installTranslators(*QCoreApplication::instance(), language))
        qWarning("no translation for %s", qPrintable(language));
}

// Select the cell, open its editor with F2, replace the text (or empty it), commit with Enter.
inline QString cellText(const QTableView *table, int row, int column)
{
    return table->model()->index(row, column).data().toString();
}

inline bool typeIntoCell(QTableView *table, int row, int column, const QString &text)
{
    table->setFocus();
    table->setCurrentIndex(table->model()->index(row, column));
    QTest::keyClick(table->viewport(), Qt::Key_F2);
    // The delegate's editor is a child of the viewport (focus may lie elsewhere offscreen).
    QLineEdit *editor = nullptr;
    for (QLineEdit *candidate : table->viewport()->findChildren<QLineEdit *>()) {
        if (candidate->isVisible())
            editor = candidate;
    }
    if (!editor) {
        qWarning("no editor opened");
        return false;
    }
    // Select all and Delete, as a user empties a cell, then type.
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(editor, Qt::Key_Delete);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    // The delegate commits on Return through a queued call.
    if (QTest::qWaitFor([&] { return cellText(table, row, column) == text; }, 2000))
        return true;
    qWarning() << "cell holds" << cellText(table, row, column);
    return false;
}

// Saves a picture of `widget` as DIR/name when CLUSTERWIZ_SCREENSHOT_DIR names a folder
// (tests/gui/screenshots.sh sets it), for a person to look at.
inline void keepPicture(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR");
    if (!dir.isEmpty() && !widget->grab().save(dir + u'/' + name))
        qWarning("cannot save %s", qPrintable(name));
}

// Clicks, with the mouse, the tab labelled `text` of the QTabWidget named `tabs` inside `page`;
// the widget that tab then shows, or null when there is no such tab.
inline QWidget *clickTab(QWidget *page, const QString &tabs, const QString &text)
{
    auto *widget = page->findChild<QTabWidget *>(tabs);
    for (int i = 0; widget && i < widget->count(); ++i) {
        if (widget->tabText(i) == text) {
            QTest::mouseClick(widget->tabBar(), Qt::LeftButton, {},
                              widget->tabBar()->tabRect(i).center());
            return widget->currentWidget();
        }
    }
    return nullptr;
}

// Answers the next modal message box named `name` (the wizard's exec() of it runs its own event
// loop) by clicking `button` with the mouse, as a user would. asked() says whether one came.
class MessageBoxAnswer : public QObject {
public:
    MessageBoxAnswer(const QString &name, QMessageBox::StandardButton button)
        : m_name(name), m_button(button)
    {
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || box->objectName() != m_name || !box->button(m_button))
                return;
            m_timer.stop();
            m_asked = true;
            m_text = box->text();
            QTest::mouseClick(box->button(m_button), Qt::LeftButton);
        });
        m_timer.start();
    }
    bool asked() const { return m_asked; }
    QString text() const { return m_text; }

private:
    const QString m_name;
    const QMessageBox::StandardButton m_button;
    QTimer m_timer;
    bool m_asked = false;
    QString m_text;
};

} // namespace wizardtest
