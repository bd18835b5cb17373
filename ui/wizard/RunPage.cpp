#include "RunPage.h"

#include "ProjectModel.h"
#include "logs/LogModel.h"
#include "logs/LogView.h"
#include "logs/LossChart.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cw {

RunPage::RunPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent)
    , m_model(model)
    , m_logs(new LogModel(100000, this))
    , m_logView(new LogView(m_logs, this))
    , m_loss(new LossChart(this))
    , m_launch(new QPushButton(tr("&Launch"), this))
    , m_stop(new QPushButton(tr("S&top"), this))
    , m_state(new QLabel(this))
{
    setTitle(tr("Run"));
    setSubTitle(tr("Start the job on every server and watch every rank."));
    setFinalPage(true);
    m_launch->setObjectName(u"launch"_s);
    m_stop->setObjectName(u"stop"_s);
    m_stop->setEnabled(false);
    m_state->setObjectName(u"state"_s);
    m_state->setWordWrap(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_launch);
    bar->addWidget(m_stop);
    bar->addWidget(m_state, 1);

    // Logs above, the loss plot below: both need the full width more than the height.
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_logView);
    splitter->addWidget(m_loss);
    splitter->setSizes({380, 240});
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    connect(m_launch, &QPushButton::clicked, this, &RunPage::launchRequested);
    connect(m_stop, &QPushButton::clicked, this, &RunPage::stopRequested);
    setLaunchBlocked(tr("This build launches no jobs itself: export the scripts and run run.sh "
                        "on the master."));
}

void RunPage::setLaunchBlocked(const QString &reason)
{
    m_launch->setEnabled(reason.isEmpty());
    m_launch->setToolTip(reason);
    m_state->setText(reason.isEmpty() ? tr("Ready to launch.") : reason);
}

} // namespace cw
