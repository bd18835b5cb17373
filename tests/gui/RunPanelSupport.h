// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The run panel's tests: the device samples of tests/data/samples (copies of the vendors'
// documented formats, sources in its README) as the status rounds bring them, and the Run page
// shown on the 2 x 8 example.
#include "WizardTestSupport.h"

#include "launch/DeviceSample.h"
#include "launch/RunStatus.h"
#include "wizard/ProjectModel.h"
#include "wizard/RunPage.h"

#include <QFile>
#include <QString>

#include <memory>

namespace wizardtest {

inline QString sampleText(const QString &name)
{
    QFile file(QStringLiteral(CLUSTERWIZ_TEST_DATA "/samples/") + name);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// A poll round in which server `server` of `servers` took, at `timeS`, the sample of `tool`
// printed in `file`.
inline cw::RunSnapshot pollWith(int servers, int server, const QString &tool, const QString &file,
                                qint64 timeS = 1764750000)
{
    cw::RunSnapshot snapshot;
    snapshot.servers.resize(size_t(servers));
    snapshot.servers[size_t(server)].devices =
        cw::parseDeviceSampleSet(tool, timeS, sampleText(file));
    return snapshot;
}

// The Run page on the 2 x 8 example at the wizard's size, shown; `loaded` says the example loaded.
struct ShownRunPage {
    cw::ProjectModel model;
    bool loaded = model.load(kExample2x8).isEmpty();
    cw::RunPage page{&model};
    ShownRunPage()
    {
        page.initializePage();
        page.resize(1180, 800);
        page.show();
    }
};

} // namespace wizardtest
