// SPDX-License-Identifier: GPL-3.0-or-later
#include "exchange/Import.h"

#include "exchange/ImportShared.h"

#include <QFile>
#include <QFileInfo>

#include <array>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

struct KindInfo {
    ImportKind kind;
    const char16_t *name;
    const char16_t *description;
};

constexpr std::array<KindInfo, 4> kKinds = {{
    {ImportKind::Hostfile, u"hostfile", u"OpenMPI / DeepSpeed hostfile (host slots=N)"},
    {ImportKind::HccnConf, u"hccn-conf", u"/etc/hccn.conf of one server (device IPs)"},
    {ImportKind::RankTable, u"ranktable", u"HCCL rank table 1.0 (hccl_tools.py, merge_hccl.py)"},
    {ImportKind::DeployerInventory, u"deployer-inventory",
     u"ascend-deployer inventory_file ([hccn]) or hccn_inventory_file ([tools])"},
}};

} // namespace

QString importKindName(ImportKind kind)
{
    for (const KindInfo &info : kKinds) {
        if (info.kind == kind)
            return QString::fromUtf16(info.name);
    }
    return {};
}

QString importKindDescription(ImportKind kind)
{
    for (const KindInfo &info : kKinds) {
        if (info.kind == kind)
            return QString::fromUtf16(info.description);
    }
    return {};
}

std::optional<ImportKind> importKindFromName(const QString &name)
{
    for (const KindInfo &info : kKinds) {
        if (name == QStringView(info.name))
            return info.kind;
    }
    return std::nullopt;
}

QStringList importKindNames()
{
    QStringList names;
    for (const KindInfo &info : kKinds)
        names << QString::fromUtf16(info.name);
    return names;
}

ImportResult importText(ImportKind kind, const QByteArray &text, const QString &source,
                        const ImportOptions &options)
{
    if (text.size() > kMaxImportFileBytes) {
        ImportResult result;
        ImportLog(&result, source)
            .error(u"import-size"_s, 0, u"larger than 16 MB; not a file of this kind"_s);
        return result;
    }
    switch (kind) {
    case ImportKind::Hostfile:
        return importHostfile(text, source, options);
    case ImportKind::HccnConf:
        return importHccnConf(text, source, options);
    case ImportKind::RankTable:
        return importRankTable(text, source, options);
    case ImportKind::DeployerInventory:
        return importDeployerInventory(text, source, options);
    }
    return {};
}

QString readImportFile(const QString &path, QByteArray *text)
{
    const QFileInfo info(path);
    if (!info.exists())
        return u"cannot read %1: no such file"_s.arg(path);
    if (!info.isFile())
        return u"cannot read %1: not a regular file"_s.arg(path);
    if (info.size() > kMaxImportFileBytes)
        return u"cannot read %1: larger than 16 MB"_s.arg(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return u"cannot read %1: %2"_s.arg(path, file.errorString());
    // The size may have changed since the check: read at most one byte past the limit.
    *text = file.read(kMaxImportFileBytes + 1);
    if (text->size() > kMaxImportFileBytes)
        return u"cannot read %1: larger than 16 MB"_s.arg(path);
    return {};
}

} // namespace cw
