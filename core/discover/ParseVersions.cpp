// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers for the version facts of the Ascend stack: driver and firmware from
// `npu-smi info -t board -i N` and the CANN toolkit's install record.
#include "discover/ProbeParsers.h"

#include "discover/ProbeText.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

void report(QString *problem, const QString &text)
{
    if (problem && problem->isEmpty())
        *problem = unrecognisedOutput(text);
}

} // namespace

// The board query prints "Key : value" lines; Software Version is the NPU driver's version and
// Firmware Version the firmware's:
// https://www.hiascend.com/doc_center/source/zh/Atlas%20200I%20A2/23.0.RC3/re/npu/npusmi_008.html
// https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/softwareinst/instg/instg_0064.html
NpuBoardFacts parseNpuBoard(const QString &text, QString *problem)
{
    NpuBoardFacts board;
    for (const QString &line : probeLines(text)) {
        const qsizetype colon = line.indexOf(u':');
        if (colon < 0)
            continue;
        const QString key = line.left(colon).simplified();
        const QString value = line.mid(colon + 1).trimmed();
        if (key == u"Software Version"_s && board.driverVersion.isEmpty())
            board.driverVersion = value;
        else if (key == u"Firmware Version"_s && board.firmwareVersion.isEmpty())
            board.firmwareVersion = value;
    }
    if (board.driverVersion.isEmpty() && board.firmwareVersion.isEmpty())
        report(problem, text);
    return board;
}

// <install path>/ascend-toolkit/latest/<arch>-linux/ascend_toolkit_install.info records the
// package version as version=...:
// https://www.hiascend.com/document/detail/en/canncommercial/800/softwareinst/instg/instg_0044.html
QString parseCannInstallInfo(const QString &text, QString *problem)
{
    for (const QString &line : probeLines(text)) {
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(u"version="_s)) {
            QString value = trimmed.mid(8).trimmed();
            if (value.size() >= 2 && value.front() == u'"' && value.back() == u'"')
                value = value.mid(1, value.size() - 2);
            if (!value.isEmpty())
                return value;
        }
    }
    report(problem, text);
    return {};
}

} // namespace cw
