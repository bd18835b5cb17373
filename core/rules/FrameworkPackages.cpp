// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/FrameworkPackages.h"

using namespace Qt::StringLiterals;

namespace cw {

QStringList frameworkPackages(const Project &project)
{
    const bool ascend = isAscend(project.accelerator);
    switch (project.launch.framework) {
    case Framework::PyTorch:
        return ascend ? QStringList{u"torch"_s, u"torch_npu"_s} : QStringList{u"torch"_s};
    case Framework::MindSpore:
        return {u"mindspore"_s};
    case Framework::TensorFlow:
        return ascend ? QStringList{u"tensorflow"_s, u"npu_bridge"_s}
                      : QStringList{u"tensorflow"_s};
    }
    return {};
}

QStringList packageDistributions(const QString &package)
{
    QStringList names{package};
    if (package == u"tensorflow"_s)
        names << u"tensorflow-cpu"_s << u"tensorflow-gpu"_s;
    else if (package == u"mindspore"_s)
        names << u"mindspore-ascend"_s << u"mindspore-gpu"_s;
    QString dashed = package;
    dashed.replace(u'_', u'-');
    if (dashed != package)
        names << dashed;
    return names;
}

} // namespace cw
