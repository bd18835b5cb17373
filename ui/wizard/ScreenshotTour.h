// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace cw {

class ClusterWizard;
class RunPage;

// Walks the shown wizard from its current page to the last with Next and saves each page as
// DIR/NN-title.png (QWidget::grab, so it works offscreen and under Xvfb alike). For the
// screenshot script and for looking at every page after a layout change. Pages are shown as a
// user sees them (nothing is fitted for the picture); the Run page shows the built-in recorded
// run (showDemoRun).
bool takeScreenshots(ClusterWizard &wizard, const QString &dir);

// The built-in recorded run (resources/demo/run-2x8.tsv) in the run panel. Empty when shown;
// else why not (the open project does not number its ranks as the recording does), which the
// page's state line says too, and nothing is shown.
QString showDemoRun(ClusterWizard &wizard, RunPage *run);

} // namespace cw
