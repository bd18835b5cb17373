// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/ValueChecks.h"

#include "checks/CheckServer.h"
#include "discover/FactCommands.h"
#include "discover/ProbeText.h"
#include "model/NameTable.h"
#include "shell/ShellQuote.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cw::checks {

namespace {

constexpr int kCommandNotFound = 127;

constexpr auto kReadingNames = nameTable<ValueReading>({
    {ValueReading::Limit, "limit"},
    {ValueReading::DfBlocks, "df-blocks"},
    {ValueReading::KeyValue, "key-value"},
    {ValueReading::Word, "word"},
});

constexpr auto kTestNames = nameTable<ValueTest>({
    {ValueTest::Equals, "equals"},
    {ValueTest::AtLeast, "at-least"},
    {ValueTest::OneOf, "one-of"},
});

// A number both sides compare without overflow (bash's arithmetic is 64-bit).
const QRegularExpression &numberPattern()
{
    static const QRegularExpression pattern(u"^[0-9]{1,18}$"_s);
    return pattern;
}

bool isNumber(const QString &value)
{
    return numberPattern().match(value).hasMatch();
}

// A value as the texts show it: a number divided by the row's divisor.
QString shown(const ValueCheckRow &row, const QString &value)
{
    return isNumber(value) ? QString::number(value.toLongLong() / row.shownDivisor) : value;
}

// The first non-blank line, trimmed, whole (check-value.sh's clusterwiz_value_line); a value or
// a reason is shown as discovery shows a tool's line (firstLineOf: 160 characters, a control
// character as "?").
QString firstLine(const QString &output)
{
    for (const QString &line : output.split(u'\n')) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            return trimmed;
    }
    return {};
}

bool passes(const ValueCheckRow &row, const QString &value)
{
    const QString wanted = QLatin1StringView(row.wanted);
    switch (row.test) {
    case ValueTest::Equals:
        return value == wanted;
    case ValueTest::AtLeast:
        return value == u"unlimited"_s ||
               (isNumber(value) && value.toLongLong() >= wanted.toLongLong());
    case ValueTest::OneOf:
        return wanted.split(u' ').contains(value);
    }
    return false;
}

// check.sh's verdict function of a status: clusterwiz_warn or clusterwiz_fail.
QString scriptStatus(CheckStatus status)
{
    return status == CheckStatus::Failed ? u"fail"_s : u"warn"_s;
}

TrText text(const char *source)
{
    return TrText("cw::Checks", source);
}

// The field's usual traps: a small /dev/shm (a container's is 64 MiB), a locked-memory limit that
// RDMA cannot work with, an open-files limit that a DataLoader's workers run out of.
const std::vector<ValueCheckRow> &rows()
{
    static const std::vector<ValueCheckRow> table = {
        {.check = check::kShmSize,
         .section = probe::kShm,
         .reading = ValueReading::DfBlocks,
         .test = ValueTest::AtLeast,
         .wanted = "1048576", // KiB: 1 GiB
         .shownDivisor = 1024,
         .missing = "df not found",
         .unexpected = "unexpected df output",
         .silentText = QT_TRANSLATE_NOOP("cw::Checks", "df /dev/shm %1"),
         .unknownText = QT_TRANSLATE_NOOP("cw::Checks", "cannot tell the size of /dev/shm: %1"),
         .belowText = QT_TRANSLATE_NOOP(
             "cw::Checks", "/dev/shm is %1 MiB, under %2 MiB: DataLoader workers and NCCL/gloo "
                           "between processes of one server run out of it (\"No space left on "
                           "device\", bus error); give it more (a container: --shm-size=16g; a "
                           "host: mount -o remount,size=16G /dev/shm)"),
         .passedText = QT_TRANSLATE_NOOP("cw::Checks", "/dev/shm is %1 MiB")},
        {.check = check::kMemlock,
         .section = probe::kMemlock,
         .reading = ValueReading::Limit,
         .test = ValueTest::Equals,
         .wanted = "unlimited",
         .unexpected = "unexpected ulimit -l output",
         .silentText = QT_TRANSLATE_NOOP("cw::Checks", "ulimit -l %1"),
         .unknownText = QT_TRANSLATE_NOOP("cw::Checks", "cannot tell the locked-memory limit: %1"),
         .belowText = QT_TRANSLATE_NOOP(
             "cw::Checks",
             "ulimit -l is %1 KiB in a non-interactive login: RDMA (NCCL over InfiniBand or "
             "RoCE, HCCL) pins memory and fails or falls back with a small limit; set \"* - "
             "memlock unlimited\" in /etc/security/limits.conf (sshd with UsePAM yes)"),
         .passedText = QT_TRANSLATE_NOOP("cw::Checks", "ulimit -l %1")},
        // A DataLoader worker hands each batch back as file descriptors of shared memory; a
        // rank that runs out fails with "Too many open files" or "received 0 items of ancdata"
        // (pytorch/pytorch#973, #34768). A login's soft limit is often 1024.
        {.check = check::kOpenFiles,
         .section = probe::kOpenFiles,
         .reading = ValueReading::Limit,
         .test = ValueTest::AtLeast,
         .wanted = "65536",
         .unexpected = "unexpected ulimit -n output",
         .silentText = QT_TRANSLATE_NOOP("cw::Checks", "ulimit -n %1"),
         .unknownText = QT_TRANSLATE_NOOP("cw::Checks", "cannot tell the open-files limit: %1"),
         .belowText = QT_TRANSLATE_NOOP(
             "cw::Checks",
             "ulimit -n is %1 in a non-interactive login, under %2: DataLoader workers pass "
             "batches as file descriptors and a rank fails with \"Too many open files\" or "
             "\"received 0 items of ancdata\" (pytorch/pytorch#973); set \"* - nofile "
             "1048576\" in /etc/security/limits.conf (sshd with UsePAM yes)"),
         .passedText = QT_TRANSLATE_NOOP("cw::Checks", "ulimit -n %1")},
        // unmunge(1) prints the decoded credential's metadata, "STATUS:  Success (0)" first;
        // munge's and unmunge's errors go to stderr with a non-zero exit.
        {.check = check::kMunge,
         .section = probe::kMunge,
         .reading = ValueReading::KeyValue,
         .key = "STATUS",
         .test = ValueTest::Equals,
         .wanted = "Success (0)",
         .belowStatus = CheckStatus::Failed,
         .unknownStatus = CheckStatus::Failed,
         .missing = "munge not found",
         .unexpected = "no STATUS line from unmunge",
         .silentText = QT_TRANSLATE_NOOP("cw::Checks", "munge -n | unmunge %1"),
         .unknownText = QT_TRANSLATE_NOOP(
             "cw::Checks", "munge does not answer: %1 (Slurm cannot sign a request: is munged "
                           "running with the cluster's key?)"),
         .belowText = QT_TRANSLATE_NOOP("cw::Checks", "unmunge says %1: the credential was "
                                                      "refused (the key or the clock differs?)"),
         .passedText = QT_TRANSLATE_NOOP("cw::Checks", "munge answers: %1")},
        // scontrol(1) -o: the node's attributes on one line; its State is a base state with
        // flags after "+" and sinfo(1)'s suffix characters ("*": not responding).
        {.check = check::kSlurmNode,
         .section = probe::kSlurmNode,
         .reading = ValueReading::Word,
         .key = "State",
         .test = ValueTest::OneOf,
         .wanted = "IDLE MIXED ALLOCATED COMPLETING",
         .belowStatus = CheckStatus::Failed,
         .missing = "scontrol not found",
         .unexpected = "no State= in scontrol's line",
         .silentText = QT_TRANSLATE_NOOP("cw::Checks", "scontrol show node %1"),
         .unknownText = QT_TRANSLATE_NOOP("cw::Checks", "cannot tell the Slurm node's state: %1"),
         .belowText = QT_TRANSLATE_NOOP(
             "cw::Checks", "the Slurm node is %1, not one of %2: a job on it waits or fails "
                           "(scontrol show node tells the reason; scontrol update "
                           "nodename=NAME state=resume once it is mended)"),
         .passedText = QT_TRANSLATE_NOOP("cw::Checks", "the Slurm node is %1")},
    };
    return table;
}

} // namespace

const std::vector<ValueCheckRow> &valueCheckRows()
{
    return rows();
}

const ValueCheckRow *valueCheckRow(const QString &check)
{
    for (const ValueCheckRow &row : rows()) {
        if (check == QLatin1StringView(row.check))
            return &row;
    }
    return nullptr;
}

QString readValue(ValueReading reading, const QString &output, const char *key)
{
    const QString wantedKey = QLatin1StringView(key);
    switch (reading) {
    case ValueReading::Limit: {
        const QString line = firstLineOf(output);
        return line == u"unlimited"_s || isNumber(line) ? line : QString();
    }
    case ValueReading::DfBlocks: {
        // "FILESYSTEM 1024-BLOCKS USED AVAILABLE CAPACITY MOUNTED-ON" after the header.
        QStringList lines;
        for (const QString &line : output.split(u'\n')) {
            if (!line.trimmed().isEmpty())
                lines << line;
        }
        if (lines.size() != 2)
            return {};
        const QStringList fields = lines.back().simplified().split(u' ');
        return fields.size() >= 6 && isNumber(fields[1]) ? fields[1] : QString();
    }
    case ValueReading::KeyValue:
        for (const QString &line : output.split(u'\n')) {
            const qsizetype colon = line.indexOf(u':');
            if (colon > 0 && line.left(colon).trimmed() == wantedKey)
                return firstLineOf(line.mid(colon + 1));
        }
        return {};
    case ValueReading::Word: {
        const QString prefix = wantedKey + u'=';
        // scontrol's -o line is long: the word is looked for in all of it.
        for (const QString &word : firstLine(output).simplified().split(u' ')) {
            if (word.startsWith(prefix))
                return firstLineOf(word.mid(prefix.size()));
        }
        return {};
    }
    }
    return {};
}

CheckResult checkValue(const CheckContext &c)
{
    const QString name = QLatin1StringView(c.spec.id);
    const ValueCheckRow *row = valueCheckRow(name);
    Q_ASSERT(row);
    if (const auto silent = unansweredOrAbsent(c.facts, row->section))
        return result(name, c, CheckStatus::Warning, text(row->silentText).arg(*silent));
    const ProbeSection &fact = *c.facts.section(QLatin1StringView(row->section));
    if (fact.rc != 0) {
        const QString why = fact.rc == kCommandNotFound && row->missing
                                ? QString::fromUtf8(row->missing)
                                : firstLineOf(fact.output);
        return result(name, c, row->unknownStatus, text(row->unknownText).arg(why));
    }
    const QString value = readValue(row->reading, fact.output, row->key);
    if (value.isEmpty())
        return result(name, c, row->unknownStatus,
                      text(row->unknownText).arg(QString::fromUtf8(row->unexpected)));
    if (!passes(*row, value))
        return result(name, c, row->belowStatus,
                      text(row->belowText)
                          .arg(shown(*row, value), shown(*row, QLatin1StringView(row->wanted))));
    return result(name, c, CheckStatus::Ok, text(row->passedText).arg(shown(*row, value)));
}

QString valueCheckRowsBash(const QStringList &checks)
{
    QString text = u"\n# The checks that are one data row (checks/ValueChecks.cpp), as "
                   "clusterwiz_check_value reads\n# them: [CHECK.FIELD]=VALUE.\n"
                   "declare -A VALUE_ROWS=(\n"_s;
    const auto field = [&](const ValueCheckRow &row, const char *key, const QString &value) {
        text += u"    [%1.%2]=%3\n"_s.arg(QLatin1StringView(row.check), QLatin1StringView(key),
                                          shellQuote(value));
    };
    const auto utf8 = [](const char *source) { return QString::fromUtf8(source ? source : ""); };
    for (const ValueCheckRow &row : rows()) {
        if (!checks.contains(QLatin1StringView(row.check)))
            continue;
        field(row, "section", utf8(row.section));
        field(row, "reading", kReadingNames.name(row.reading));
        field(row, "key", utf8(row.key));
        field(row, "test", kTestNames.name(row.test));
        field(row, "wanted", utf8(row.wanted));
        field(row, "divisor", QString::number(row.shownDivisor));
        field(row, "below-status", scriptStatus(row.belowStatus));
        field(row, "unknown-status", scriptStatus(row.unknownStatus));
        field(row, "missing", utf8(row.missing));
        field(row, "unexpected", utf8(row.unexpected));
        field(row, "silent", utf8(row.silentText));
        field(row, "unknown", utf8(row.unknownText));
        field(row, "below", utf8(row.belowText));
        field(row, "passed", utf8(row.passedText));
    }
    return text + u")\n"_s;
}

} // namespace cw::checks
