#pragma once

#include <QString>

namespace cw {

class ClusterWizard;

// Walks the shown wizard from its current page to the last with Next and saves each page as
// DIR/NN-title.png (QWidget::grab, so it works offscreen and under Xvfb alike). For the
// screenshot script and for looking at every page after a layout change.
bool takeScreenshots(ClusterWizard &wizard, const QString &dir);

} // namespace cw
