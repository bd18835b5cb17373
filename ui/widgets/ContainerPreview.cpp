// SPDX-License-Identifier: GPL-3.0-or-later
#include "ContainerPreview.h"

#include "ShellHighlighter.h"
#include "container/ContainerText.h"
#include "generate/ContainerScript.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {

ContainerPreview::ContainerPreview(const Project &project, QWidget *parent)
    : QDialog(parent), m_project(project), m_server(new QComboBox(this)), m_note(new QLabel(this)),
      m_text(new QPlainTextEdit(this))
{
    setObjectName(u"containerPreview"_s);
    setWindowTitle(tr("Preview of Create containers"));
    m_server->setObjectName(u"containerPreviewServer"_s);
    for (int s = 0; s < int(m_project.servers.size()); ++s)
        m_server->addItem(containerHostLabel(m_project, s)); // as the CLI names it
    m_note->setObjectName(u"containerPreviewNote"_s);
    m_note->setWordWrap(true);
    m_note->setText(tr("These programs run with bash on the chosen server over the host's own "
                       "SSH, only when you press Create containers: first a round that changes "
                       "nothing (when any server refuses, nothing is made anywhere), then the "
                       "container and its sshd. A last round then lets every container log in "
                       "to every other, with the keys the second round prints."));
    m_text->setObjectName(u"containerPreviewText"_s);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    new ShellHighlighter(m_text->document());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_server, &QComboBox::currentIndexChanged, this, &ContainerPreview::showServer);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_server);
    layout->addWidget(m_note);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(900, 600);
    showServer(0);
}

void ContainerPreview::showServer(int index)
{
    if (m_project.servers.empty() || !m_project.container) {
        m_text->clear();
        return;
    }
    index = std::clamp(index, 0, int(m_project.servers.size()) - 1);
    // The same headers as `container up --dry-run`.
    const QString where = m_server->itemText(index);
    m_text->setPlainText(u"# %1: %2\n%3\n# %1: %4\n%5"_s.arg(
        where, tr("up, first round (changes nothing)"),
        containerHostScript(m_project, index, ContainerStep::Check), tr("up, second round"),
        containerHostScript(m_project, index, ContainerStep::Up)));
}

QString ContainerPreview::previewText() const
{
    return m_text->toPlainText();
}

} // namespace cw
