// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/Problem.h"

#include <QCoreApplication>
#include <QString>

namespace cw {

// A problem of the project's container section in the words of the Servers page's "Training
// containers" panel: the field as the panel labels it ("Mounts line 2"), then the rule's reason
// ("\"../x:/y\" contains a \".\" or \"..\" part"), never the member ("container.mounts[1]").
class ContainerProblemText {
    Q_DECLARE_TR_FUNCTIONS(ContainerProblemText)

public:
    static bool isContainerProblem(const Problem &problem);
    // The panel's label of a member ("mounts[1]" -> "Mounts line 2"); empty for none it has.
    static QString fieldTitle(const QString &member);
    // "Mounts line 2 \"../x:/y\" contains ...", as the panel lists it.
    static QString fieldText(const Problem &problem);
    // The same where the panel is not in view: "Training containers: Mounts line 2 ...".
    static QString text(const Problem &problem);
};

} // namespace cw
