// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace cw {

// The wizard's pages in order; QWizard ids are these values.
enum PageId : int {
    ProjectPageId = 0,
    ServersPageId,
    DevicesPageId,
    ChecksPageId,
    LaunchPageId,
    ScriptsPageId,
    RunPageId,
};

} // namespace cw
