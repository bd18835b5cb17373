// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScreenshotTour.h"

#include "ClusterWizard.h"
#include "ProjectModel.h"
#include "RunPage.h"
#include "logs/RecordedRun.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QPixmap>
#include <QThread>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace cw {

namespace {
void settle()
{
    // Layouts, the topology fit and chart animations need a few event-loop turns.
    for (int i = 0; i < 10; ++i) {
        QCoreApplication::processEvents();
        QThread::msleep(30);
    }
}
} // namespace

QString showDemoRun(ClusterWizard &wizard, RunPage *run)
{
    QString error;
    const std::optional<RecordedRun> recorded =
        readRecordedRun(demoRunPath(), QDateTime::currentMSecsSinceEpoch(), &error);
    if (recorded)
        error = recordedRunMismatch(wizard.model()->project(), *recorded);
    if (!error.isEmpty()) {
        run->showRecordedRunRefused(error);
        return error;
    }
    run->showRecordedRun(*recorded);
    return {};
}

bool takeScreenshots(ClusterWizard &wizard, const QString &dir)
{
    QDir().mkpath(dir);
    bool ok = true;
    int shot = 0;
    const QList<int> ids = wizard.pageIds();
    while (true) {
        settle();
        // The run panel with a recorded run, as users see one (a picture of an empty panel
        // reviews nothing); the project must have the recording's ranks.
        if (auto *run = qobject_cast<RunPage *>(wizard.currentPage()))
            showDemoRun(wizard, run);
        settle();
        const QString name = u"%1/%2-%3.png"_s.arg(dir)
                                 .arg(++shot, 2, 10, QChar(u'0'))
                                 .arg(wizard.currentPage()->title().toLower().replace(u' ', u'-'));
        if (!wizard.grab().save(name)) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(name));
            ok = false;
        }
        std::printf("%s\n", qPrintable(name));
        const int before = wizard.currentId();
        if (before == ids.constLast())
            break;
        wizard.next();
        if (wizard.currentId() == before) {
            std::fprintf(stderr, "Next refused on page %s\n",
                         qPrintable(wizard.currentPage()->title()));
            return false;
        }
    }
    return ok;
}

} // namespace cw
