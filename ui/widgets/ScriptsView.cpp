// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScriptsView.h"

#include "JsonHighlighter.h"
#include "ShellHighlighter.h"

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QVBoxLayout>

namespace cw {

ScriptsView::ScriptsView(QWidget *parent) : QWidget(parent), m_tabs(new QTabWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    m_tabs->setDocumentMode(true);
}

void ScriptsView::setFiles(const std::vector<GeneratedFile> &files)
{
    const QString previous = currentFileName();
    m_files = files;
    m_tabs->clear();
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (const GeneratedFile &file : m_files) {
        auto *view = new QPlainTextEdit(m_tabs);
        view->setReadOnly(true);
        view->setFont(mono);
        view->setLineWrapMode(QPlainTextEdit::NoWrap);
        view->setPlainText(QString::fromUtf8(file.content));
        view->setObjectName(file.name);
        if (file.name.endsWith(u".sh") || file.name == u"hostfile")
            new ShellHighlighter(view->document());
        else if (file.name.endsWith(u".json"))
            new JsonHighlighter(view->document());
        m_tabs->addTab(view, file.name);
        if (file.name == previous)
            m_tabs->setCurrentWidget(view);
    }
}

QString ScriptsView::currentFileName() const
{
    const int index = m_tabs->currentIndex();
    return index < 0 ? QString() : m_tabs->tabText(index);
}

QString ScriptsView::textOf(const QString &fileName) const
{
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->tabText(i) == fileName)
            return static_cast<QPlainTextEdit *>(m_tabs->widget(i))->toPlainText();
    }
    return {};
}

} // namespace cw
