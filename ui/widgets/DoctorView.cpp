// SPDX-License-Identifier: GPL-3.0-or-later
#include "DoctorView.h"

#include "DoctorMatrixModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace cw {

DoctorView::DoctorView(const Project &project, DoctorRunner runner, QWidget *parent)
    : QDialog(parent), m_project(project), m_runner(std::move(runner)),
      m_model(new DoctorMatrixModel(this)), m_links(new QCheckBox(tr("&Links"), this)),
      m_ports(new QCheckBox(tr("&Ports"), this)),
      m_bandwidth(new QCheckBox(tr("&Bandwidth"), this)), m_size(new QSpinBox(this)),
      m_run(new QPushButton(tr("&Run doctor"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_progress(new QProgressBar(this)),
      m_message(new QLabel(this)), m_matrix(new QComboBox(this)), m_view(new QTableView(this)),
      m_evidence(new QPlainTextEdit(this)), m_summary(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Network doctor"));
    setObjectName(u"doctorView"_s);
    m_links->setObjectName(u"doctorLinks"_s);
    m_ports->setObjectName(u"doctorPorts"_s);
    m_bandwidth->setObjectName(u"doctorBandwidth"_s);
    m_size->setObjectName(u"doctorSize"_s);
    m_run->setObjectName(u"runDoctor"_s);
    m_cancel->setObjectName(u"cancelDoctor"_s);
    m_message->setObjectName(u"doctorMessage"_s);
    m_matrix->setObjectName(u"doctorMatrix"_s);
    m_view->setObjectName(u"doctorCells"_s);
    m_evidence->setObjectName(u"doctorEvidence"_s);
    m_summary->setObjectName(u"doctorSummary"_s);

    const std::vector<DoctorPart> parts = applicableParts(project);
    const auto applies = [&](DoctorPart part) {
        return std::find(parts.begin(), parts.end(), part) != parts.end();
    };
    m_links->setToolTip(
        project.accelerator == Accelerator::Ascend910_93
            ? tr("Every die pings the same die on every other server: hccn_tool -hccs_ping "
                 "inside a super pod, -ping across pods and without super pods.")
            : tr("Every device pings the device of the same index on every other "
                 "server with hccn_tool -ping (Ascend only)."));
    m_ports->setToolTip(tr("Every server connects to every other server on the ports the job "
                           "needs, against a listener the doctor starts and removes."));
    m_bandwidth->setToolTip(tr("Every pair of servers runs an all_reduce, in rounds of disjoint "
                               "pairs; pairs under 70% of the median are slow."));
    for (const auto &[box, part] :
         {std::pair{m_links, DoctorPart::Links}, std::pair{m_ports, DoctorPart::Ports},
          std::pair{m_bandwidth, DoctorPart::Bandwidth}}) {
        box->setChecked(applies(part));
        box->setEnabled(applies(part));
    }
    m_size->setRange(1, kMaxBandwidthMb);
    m_size->setValue(kDefaultBandwidthMb);
    m_size->setSuffix(tr(" MB"));
    m_size->setToolTip(tr("Megabytes per all_reduce in the bandwidth test."));
    m_message->setWordWrap(true);
    m_view->setModel(m_model);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (QPlainTextEdit *text : {m_evidence, m_summary}) {
        text->setReadOnly(true);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    }
    m_evidence->setPlaceholderText(tr("Click a cell to see what the test printed."));

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_links);
    bar->addWidget(m_ports);
    bar->addWidget(m_bandwidth);
    bar->addWidget(m_size);
    bar->addWidget(m_run);
    bar->addWidget(m_progress, 1);
    bar->addWidget(m_cancel);
    auto *lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(m_evidence);
    lower->addWidget(m_summary);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(lower);
    splitter->setSizes({400, 200});
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(m_matrix);
    layout->addWidget(splitter, 1);
    resize(900, 650);

    connect(m_run, &QPushButton::clicked, this, &DoctorView::run);
    connect(m_cancel, &QPushButton::clicked, this, &DoctorView::cancel);
    connect(m_matrix, &QComboBox::currentIndexChanged, this, &DoctorView::selectMatrix);
    connect(m_view, &QTableView::clicked, this, &DoctorView::showCell);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &DoctorView::done);
    setBusy(false, parts.empty() ? tr("Nothing to test: one server and no device network.")
                                 : tr("Choose the tests and press Run doctor."));
}

DoctorView::~DoctorView()
{
    cancel();
    m_watcher.waitForFinished();
}

bool DoctorView::isBusy() const
{
    return m_watcher.isRunning();
}

QString DoctorView::evidenceText() const
{
    return m_evidence->toPlainText();
}

void DoctorView::setBusy(bool busy, const QString &message)
{
    m_run->setEnabled(!busy && bool(m_runner) &&
                      (m_links->isEnabled() || m_ports->isEnabled() || m_bandwidth->isEnabled()));
    m_cancel->setEnabled(busy);
    m_progress->setVisible(busy);
    m_message->setText(message);
}

void DoctorView::run()
{
    if (!m_runner || isBusy())
        return;
    DoctorOptions options;
    if (m_links->isChecked() && m_links->isEnabled())
        options.parts.push_back(DoctorPart::Links);
    if (m_ports->isChecked() && m_ports->isEnabled())
        options.parts.push_back(DoctorPart::Ports);
    if (m_bandwidth->isChecked() && m_bandwidth->isEnabled())
        options.parts.push_back(DoctorPart::Bandwidth);
    if (options.parts.empty()) {
        m_message->setText(tr("Choose at least one test."));
        return;
    }
    options.sizeMb = m_size->value();
    QPointer<DoctorView> self(this);
    options.resultsSoFar = [self](const DoctorReport &soFar) {
        // A worker thread: the cells are drawn by a queued call on the GUI thread.
        QMetaObject::invokeMethod(
            self.data(),
            [self, soFar] {
                if (self && self->isBusy())
                    self->showResults(soFar);
            },
            Qt::QueuedConnection);
    };
    m_cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_progress->setRange(0, 0);
    m_model->setReport({}, {});
    m_matrix->clear();
    m_evidence->clear();
    m_summary->clear();
    setBusy(true, tr("Testing %n server(s)…", nullptr, int(m_project.servers.size())));
    const DoctorProgress progress = [self](DoctorPart part, int done, int total,
                                           const QString &message) {
        // A worker thread: shown through a queued call on the GUI thread.
        QMetaObject::invokeMethod(
            self.data(),
            [self, part, done, total, message] {
                if (!self || !self->isBusy())
                    return;
                self->m_progress->setRange(0, std::max(total, 1));
                self->m_progress->setValue(done);
                self->m_message->setText(tr("%1: %2").arg(doctorPartName(part), message));
            },
            Qt::QueuedConnection);
    };
    m_watcher.setFuture(QtConcurrent::run(
        [runner = m_runner, project = m_project, options, progress, cancel = m_cancelFlag] {
            return runner(project, options, progress, cancel.get());
        }));
}

void DoctorView::cancel()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
}

void DoctorView::selectMatrix(int index)
{
    if (index == m_model->matrix())
        return;
    m_model->setMatrix(index);
    m_evidence->clear();
}

void DoctorView::showResults(const DoctorReport &report)
{
    QStringList names;
    for (const Server &server : m_project.servers)
        names << server.name;
    m_model->setReport(report, names, m_project.accelerator == Accelerator::Ascend910_93);
    // The list of matrices grows as parts report; the one shown stays (the model kept it).
    const QSignalBlocker blocker(m_matrix);
    if (m_matrix->count() != int(m_model->matrixNames().size())) {
        m_matrix->clear();
        m_matrix->addItems(m_model->matrixNames());
    }
    m_matrix->setCurrentIndex(m_model->matrix());
}

void DoctorView::done()
{
    m_report = m_watcher.result();
    showResults(m_report);
    // The first matrix with a failure (else with a slow pair) is the one to see first.
    int first = 0;
    for (int k = m_matrix->count() - 1; k >= 0; --k) {
        m_model->setMatrix(k);
        for (int r = 0; r < m_model->rowCount(); ++r) {
            for (int c = 0; c < m_model->columnCount(); ++c) {
                if (m_model->state(r, c) >= DoctorMatrixModel::Slow)
                    first = k;
            }
        }
    }
    {
        const QSignalBlocker blocker(m_matrix);
        m_matrix->setCurrentIndex(first);
    }
    m_model->setMatrix(first);
    m_evidence->clear();
    QStringList lines;
    const bool dies = m_project.accelerator == Accelerator::Ascend910_93;
    for (const Suspect &suspect : m_report.suspects) {
        if (!suspect.device)
            lines << tr("Suspect: %1: %2").arg(suspect.server, suspect.reason);
        else
            lines << (dies ? tr("Suspect: %1 die %2: %3") : tr("Suspect: %1 device %2: %3"))
                         .arg(suspect.server)
                         .arg(*suspect.device)
                         .arg(suspect.reason);
    }
    QStringList unreached;
    for (const ServerNotReached &server : m_report.notReached) {
        lines << tr("Not reached: %1: %2").arg(server.server, server.reason);
        unreached << server.server;
    }
    for (const QString &problem : m_report.problems)
        lines << tr("Problem: %1").arg(problem);
    for (const QString &note : m_report.notes)
        lines << tr("Note: %1").arg(note);
    m_summary->setPlainText(lines.join(u'\n'));
    QString message = m_report.passed()
                          ? tr("Every link, port and pair is fine.")
                          : tr("%1 failed links, %2 failed ports, %3 slow or failed pairs.")
                                .arg(m_report.failedLinks())
                                .arg(m_report.failedPorts())
                                .arg(m_report.slowOrFailedPairs());
    if (!unreached.isEmpty()) {
        // Apart from the failures: a cell never tested says nothing about its link.
        QStringList untested;
        if (m_report.untestedLinks() > 0)
            untested << tr("%1 links").arg(m_report.untestedLinks());
        if (m_report.untestedPorts() > 0)
            untested << tr("%1 ports").arg(m_report.untestedPorts());
        if (m_report.untestedPairs() > 0)
            untested << tr("%1 pairs").arg(m_report.untestedPairs());
        if (!untested.isEmpty())
            message += u' ' + tr("%1 not tested: %n server(s) not reached (%2).", nullptr,
                                 int(unreached.size()))
                                  .arg(untested.join(tr(", ")), unreached.join(tr(", ")));
    }
    if (m_report.cancelled)
        message = tr("Cancelled: ") + message;
    setBusy(false, message);
    Q_EMIT finished(m_report);
}

void DoctorView::showCell(const QModelIndex &index)
{
    const QString evidence = m_model->evidence(index.row(), index.column());
    m_evidence->setPlainText(
        evidence.isEmpty()
            ? tr("%1 -> %2: not tested.")
                  .arg(m_model->headerData(index.row(), Qt::Vertical, Qt::DisplayRole).toString(),
                       m_model->headerData(index.column(), Qt::Horizontal, Qt::DisplayRole)
                           .toString())
            : evidence);
}

} // namespace cw
