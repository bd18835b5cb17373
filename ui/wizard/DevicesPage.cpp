// SPDX-License-Identifier: GPL-3.0-or-later
#include "DevicesPage.h"

#include "ExportFolder.h"
#include "ProjectModel.h"
#include "plan/Planner.h"
#include "rules/ProjectValidator.h"
#include "widgets/DeviceProblemText.h"
#include "widgets/DeviceTable.h"
#include "widgets/LegendText.h"
#include "widgets/TopologyView.h"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// "a, b ,c" -> {"a", "b", "c"}: the comma lists of the network fields.
QStringList commaList(const QLineEdit *field)
{
    QStringList values;
    for (const QString &part : field->text().split(u',', Qt::SkipEmptyParts))
        values << part.trimmed();
    return values;
}

} // namespace

DevicesPage::DevicesPage(ProjectModel *model, QWidget *parent)
    : QWizardPage(parent), m_model(model), m_netmask(new QLineEdit(this)),
      m_segments(new QLineEdit(this)), m_gateways(new QLineEdit(this)),
      m_detectIps(new QLineEdit(this)), m_table(new DeviceTable(this)),
      m_problems(new QListWidget(this)), m_topology(new TopologyView(this)),
      m_find(new QLineEdit(this)), m_message(new QLabel(this)),
      m_plan(new QPushButton(tr("&Plan automatically"), this)), m_legend(new QLabel(this))
{
    setTitle(tr("Devices and network"));
    setSubTitle(tr("Choose the devices each server uses and give every device an IP address."));

    auto *top = new QHBoxLayout;
    auto *netmaskLabel = new QLabel(tr("Net&mask:"), this);
    netmaskLabel->setBuddy(m_netmask);
    m_netmask->setObjectName(u"netmask"_s);
    m_netmask->setPlaceholderText(tr("chosen by the planner"));
    auto *segmentsLabel = new QLabel(tr("Se&gments:"), this);
    segmentsLabel->setBuddy(m_segments);
    m_segments->setObjectName(u"segments"_s);
    m_segments->setPlaceholderText(tr("network addresses, comma separated"));
    m_plan->setObjectName(u"plan"_s);
    top->addWidget(netmaskLabel);
    top->addWidget(m_netmask, 1);
    top->addWidget(segmentsLabel);
    top->addWidget(m_segments, 3);
    top->addWidget(m_plan);
    connect(m_plan, &QPushButton::clicked, this, &DevicesPage::planAutomatically);
    connect(m_netmask, &QLineEdit::editingFinished, this, &DevicesPage::writeBack);
    connect(m_segments, &QLineEdit::editingFinished, this, &DevicesPage::writeBack);
    connect(m_table, &DeviceTable::edited, this, &DevicesPage::writeBack);

    // A routed device network (optional): one gateway per device segment, and what the devices
    // detect (empty: their gateway, as Huawei recommends).
    auto *routed = new QHBoxLayout;
    auto *gatewaysLabel = new QLabel(tr("Gate&ways:"), this);
    gatewaysLabel->setBuddy(m_gateways);
    m_gateways->setObjectName(u"gateways"_s);
    m_gateways->setPlaceholderText(tr("none (one per segment when the device network is routed)"));
    m_gateways->setToolTip(tr("Each device uses the gateway inside its own segment; setting "
                              "device IPs also sets it with hccn_tool -gateway."));
    auto *detectLabel = new QLabel(tr("&Detect IPs:"), this);
    detectLabel->setBuddy(m_detectIps);
    m_detectIps->setObjectName(u"detectIps"_s);
    m_detectIps->setPlaceholderText(tr("the gateways"));
    m_detectIps->setToolTip(tr("One per gateway, in the same order: the address the devices "
                               "behind it detect (hccn_tool -netdetect)."));
    routed->addWidget(gatewaysLabel);
    routed->addWidget(m_gateways, 3);
    routed->addWidget(detectLabel);
    routed->addWidget(m_detectIps, 2);
    connect(m_gateways, &QLineEdit::editingFinished, this, &DevicesPage::writeBack);
    connect(m_detectIps, &QLineEdit::editingFinished, this, &DevicesPage::writeBack);

    auto *pictureBar = new QHBoxLayout;
    const auto tool = [&](const QString &text, const QString &tip, auto slot) {
        auto *button = new QToolButton(this);
        button->setText(text);
        button->setToolTip(tip);
        connect(button, &QToolButton::clicked, this, slot);
        pictureBar->addWidget(button);
    };
    tool(u"+"_s, tr("Zoom in (+)"), [this] { m_topology->zoomBy(1.25); });
    tool(u"−"_s, tr("Zoom out (-)"), [this] { m_topology->zoomBy(1 / 1.25); });
    tool(tr("Fit"), tr("Show all servers (0)"), [this] { m_topology->fit(); });
    tool(tr("PNG…"), tr("Export the picture as PNG"), [this] { exportPicture(false); });
    tool(tr("SVG…"), tr("Export the picture as SVG"), [this] { exportPicture(true); });
    pictureBar->addStretch();
    m_find->setObjectName(u"findServer"_s);
    m_find->setPlaceholderText(tr("Find server…"));
    m_find->setClearButtonEnabled(true);
    m_find->setToolTip(tr("Centre the picture on the first server whose name holds this text."));
    pictureBar->addWidget(m_find);
    connect(m_find, &QLineEdit::returnPressed, this, [this] {
        const bool found = m_topology->findServer(m_find->text()) >= 0;
        m_find->setStyleSheet(found ? QString() : u"background: #ffd0d0"_s);
    });

    m_legend->setObjectName(u"legend"_s);
    m_legend->setWordWrap(true);
    auto *picture = new QWidget(this);
    auto *pictureLayout = new QVBoxLayout(picture);
    pictureLayout->setContentsMargins(0, 0, 0, 0);
    pictureLayout->addLayout(pictureBar);
    pictureLayout->addWidget(m_topology, 1);
    pictureLayout->addWidget(m_legend);

    m_problems->setObjectName(u"deviceProblems"_s);
    m_problems->setToolTip(tr("Click a problem to show its server or device in the picture."));
    m_problems->setWordWrap(true); // the whole reason, on as many lines as it takes
    m_problems->setTextElideMode(Qt::ElideNone);
    m_problems->setResizeMode(QListView::Adjust); // rewrapped when the list's width changes
    // Clicks and Enter only: the list's rebuild on every edit must not move the picture.
    const auto show = [this](QListWidgetItem *item) { showProblem(m_problems->row(item)); };
    connect(m_problems, &QListWidget::itemClicked, this, show);
    connect(m_problems, &QListWidget::itemActivated, this, show);
    // The problems beside the picture: a click centres the device it names.
    auto *lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(m_problems);
    lower->addWidget(picture);
    lower->setStretchFactor(1, 1);
    lower->setSizes({340, 560});
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(lower);
    // The picture gets most of the height; the table scrolls.
    splitter->setSizes({180, 460});

    m_message->setObjectName(u"message"_s);
    m_message->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(routed);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_message);

    connect(m_model, &ProjectModel::changed, this, [this] {
        // An edit comes from inside a cell's commit: rebuild the table after it has returned.
        if (m_writing)
            QTimer::singleShot(0, this, &DevicesPage::fromModel);
        else
            fromModel();
        Q_EMIT completeChanged();
    });
}

DevicesPage::~DevicesPage()
{
    // A field with the focus reports editingFinished while QWidget destroys the children, after
    // this page's own part is gone (Qt asserts on it in a debug build): stop listening first.
    for (QObject *source :
         std::initializer_list<QObject *>{m_netmask, m_segments, m_gateways, m_detectIps, m_table})
        disconnect(source, nullptr, this, nullptr);
}

Problems DevicesPage::deviceProblems() const
{
    return m_model->problemsIn(ProblemArea::Devices);
}

void DevicesPage::initializePage()
{
    fromModel();
    m_topology->fit(); // and kept fitted when the page shows with its real size
}

void DevicesPage::fromModel()
{
    const Project &project = m_model->project();
    const bool ascend = isAscend(project.accelerator);
    m_netmask->setEnabled(ascend);
    m_segments->setEnabled(ascend);
    m_netmask->setText(project.deviceNetwork.netmask);
    m_segments->setText(project.deviceNetwork.segments.join(u", "_s));
    m_gateways->setEnabled(ascend);
    m_detectIps->setEnabled(ascend);
    m_plan->setEnabled(ascend);
    m_plan->setToolTip(ascend ? tr("Keep every valid value and assign the rest so that all "
                                   "rules hold; a netmask too small for the cluster is widened.")
                              : tr("Only Ascend projects have a device network to plan."));
    m_gateways->setText(project.deviceNetwork.gateways.join(u", "_s));
    m_detectIps->setText(project.deviceNetwork.detectIps.join(u", "_s));
    const Problems problems = deviceProblems();
    // An open cell editor would lose its text; its commit brings another refresh anyway.
    if (!m_table->isEditing())
        m_table->showProject(project, problems);
    m_topology->showProject(project, problems);
    QStringList legend;
    for (const TopologyView::LegendEntry &entry : m_topology->legend()) {
        const QString mark = entry.frame ? u"□"_s : u"■"_s;
        // An entry wraps as a whole: only the gaps between entries break.
        legend << u"<span style=\"color:%1\">%2</span>&nbsp;%3"_s.arg(entry.colour.name(), mark,
                                                                      unbreakableHtml(entry.text));
    }
    m_legend->setText(legend.join(u" &nbsp; "_s));
    showProblems(project, problems);
}

void DevicesPage::showProblems(const Project &project, const Problems &problems)
{
    // Device ids that do not read change no project, so no rule reports them: the table keeps
    // them, and they come first here, or the page would call a refused cell "all well".
    const std::vector<DeviceTable::Rejection> rejections = m_table->rejections();
    m_shownRejections = rejectedTexts();
    m_problems->clear();
    const auto add = [this](const QString &text, int server, int device, const QString &field) {
        auto *item = new QListWidgetItem(text, m_problems);
        item->setToolTip(text); // the list is narrow beside the picture
        item->setData(Qt::UserRole, server);
        item->setData(Qt::UserRole + 1, device);
        item->setData(Qt::UserRole + 2, field);
    };
    for (const DeviceTable::Rejection &rejection : rejections)
        add(rejection.message, rejection.row, -1, u"devices"_s);
    for (const Problem &problem : problems) {
        add(DeviceProblemText::text(problem, project), problem.location.server,
            problem.location.device, problem.location.field);
    }
    m_problems->setVisible(m_problems->count() > 0);
    m_message->setToolTip(QString()); // the last plan's list, if any, is history
    if (!rejections.empty()) {
        const int others = int(rejections.size() + problems.size()) - 1;
        m_message->setText(others == 0
                               ? rejections.front().message
                               : tr("%1 (and %n more problem(s) in the list)", nullptr, others)
                                     .arg(rejections.front().message));
    } else if (problems.empty()) {
        m_message->setText(tr("Every device rule holds."));
    } else if (planRepairs(project)) {
        m_message->setText(tr("Fix %n problem(s), or click Plan automatically to repair them.",
                              nullptr, int(problems.size())));
    } else {
        m_message->setText(tr("Fix %n problem(s) in the table or the fields above; Plan "
                              "automatically cannot repair them.",
                              nullptr, int(problems.size())));
    }
}

QStringList DevicesPage::rejectedTexts() const
{
    QStringList texts;
    for (const DeviceTable::Rejection &rejection : m_table->rejections())
        texts << QString::number(rejection.row) + u' ' + rejection.message;
    return texts;
}

bool DevicesPage::planRepairs(const Project &project)
{
    // Asked of the planner itself: a wrong device id or a segment the user fixed is no value it
    // chooses, and offering the button then would only lead to "No plan".
    const PlanResult plan = planDeviceNetwork(project);
    if (!plan.ok)
        return false;
    const Problems after = validateProject(plan.project);
    return std::none_of(after.begin(), after.end(), [](const Problem &problem) {
        return problem.location.area() == ProblemArea::Devices;
    });
}

void DevicesPage::writeBack()
{
    Project project = m_model->project();
    const Project before = project;
    project.servers = m_table->servers(project.servers);
    project.deviceNetwork.netmask = m_netmask->text().trimmed();
    project.deviceNetwork.segments = commaList(m_segments);
    project.deviceNetwork.gateways = commaList(m_gateways);
    project.deviceNetwork.detectIps = commaList(m_detectIps);
    // Focus leaving the netmask field also lands here: an unchanged project is no edit. Ids
    // typed that do not read change nothing either, but the page says so.
    if (project == before) {
        if (rejectedTexts() != m_shownRejections)
            showProblems(project, deviceProblems());
        return;
    }
    m_writing = true;
    m_model->setProject(project);
    m_writing = false;
}

void DevicesPage::showProblem(int row)
{
    const QListWidgetItem *item = row >= 0 ? m_problems->item(row) : nullptr;
    if (!item)
        return;
    const int server = item->data(Qt::UserRole).toInt();
    const int device = item->data(Qt::UserRole + 1).toInt();
    if (!m_topology->focusOn(server, device))
        m_topology->focusOn(server, -1);
    // The table shows the same cell: the IP or ids the problem is about.
    ProblemLocation location;
    location.server = server;
    location.device = device;
    location.field = item->data(Qt::UserRole + 2).toString();
    const QModelIndex cell = m_table->model()->index(server, DeviceTable::cellColumn(location));
    if (cell.isValid() && !m_table->isEditing()) {
        m_table->setCurrentIndex(cell);
        m_table->scrollTo(cell);
    }
}

bool DevicesPage::isComplete() const
{
    // As on the Servers page: Next stays pressable with a mistake on the page and, pressed,
    // names it (validatePage) instead of greying out without a word.
    return true;
}

void DevicesPage::planAutomatically()
{
    const PlanResult plan = planDeviceNetwork(m_model->project());
    if (!plan.ok) {
        m_message->setText(tr("No plan: %1").arg(plan.reason));
        return;
    }
    m_model->setProject(plan.project);
    m_topology->fit(); // the whole new plan, wherever the user had zoomed to
    // Every change in the tooltip (the first 40: a 128-server plan sets about a thousand).
    constexpr int kListed = 40;
    QStringList listed = plan.changes.mid(0, kListed);
    if (plan.changes.size() > kListed)
        listed << tr("…and %1 more.").arg(plan.changes.size() - kListed);
    m_message->setToolTip(listed.join(u'\n'));
    if (!plan.widened.isEmpty()) {
        m_message->setText(tr("Planned %n value(s). The netmask was too small for this cluster "
                              "and is now %1; hover here for why and for every change.",
                              nullptr, int(plan.changes.size()))
                               .arg(plan.project.deviceNetwork.netmask));
        m_message->setToolTip(tr("Why: %1").arg(plan.widened) + u"\n\n"_s + m_message->toolTip());
        return;
    }
    m_message->setText(plan.changes.isEmpty()
                           ? tr("The plan changed nothing: every value already holds.")
                           : tr("Planned %n value(s): %1", nullptr, int(plan.changes.size()))
                                 .arg(plan.changes.mid(0, 4).join(u"; "_s)));
}

void DevicesPage::exportPicture(bool svg)
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export topology"),
        inLastExportFolder(m_model->project().name + (svg ? u".svg"_s : u".png"_s)),
        svg ? tr("SVG pictures (*.svg)") : tr("PNG pictures (*.png)"));
    if (path.isEmpty())
        return;
    rememberExportFolder(path);
    const QString error = svg ? m_topology->exportSvg(path) : m_topology->exportPng(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export topology"), error);
        return;
    }
    m_message->setText(tr("Saved the topology picture to %1.").arg(QDir::toNativeSeparators(path)));
}

bool DevicesPage::validatePage()
{
    if (const QString rejected = m_table->rejectedIds(); !rejected.isEmpty()) {
        m_message->setText(rejected);
        return false;
    }
    const Problems problems = deviceProblems();
    if (problems.empty())
        return true;
    m_message->setText(DeviceProblemText::text(problems.front(), m_model->project()));
    return false;
}

} // namespace cw
