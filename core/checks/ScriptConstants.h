// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A threshold or a text that a check's C++ verdict and check.sh's twin of it both decide with:
// check.sh's header gets each as a readonly bash variable (generate/CheckScript.cpp), so that the
// two verdicts read one value. A text keeps its %1, %2... as the C++ fills them in (QString::arg);
// check.sh's clusterwiz_text fills them alike.

#include <QString>

#include <vector>

namespace cw::checks {

struct ScriptConstant {
    const char *name; // the bash variable
    QString value;
};

} // namespace cw::checks
