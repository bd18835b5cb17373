// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The checks that are one data row: one fact, one value read from it by a named rule, one
// comparison with a constant, a status and a text per outcome. The C++ verdict (checkValue) and
// check.sh's one interpreter of the rows (clusterwiz_check_value, resources/server/
// check-value.sh) both read these rows, so the two decide alike by construction; check.sh gets
// them as data (valueCheckRowsBash()). A check that needs a parser of its own, a join with the
// plan or other servers' facts keeps its own verdict and its bash twin (docs/checks.md,
// "One verdict").

#include "checks/CheckContext.h"

#include <QString>

#include <vector>

namespace cw::checks {

// How the value is read from the fact's output (on exit status 0). Each rule exists once in C++
// (readValue) and once in check-value.sh; tst_valueChecks holds the two equal.
// A value read is at most 160 characters, printable, trimmed.
enum class ValueReading {
    Limit,    // a ulimit's first line: "unlimited" or a number (1 to 18 digits)
    DfBlocks, // POSIX `df -P -k`: a header and one line, whose second field (1024-blocks) is read
    KeyValue, // the first line "KEY: value" (unmunge's metadata), the value after the colon
    Word,     // the first word "KEY=value" of the first line (scontrol -o), the value after "="
};

// What the value must be to pass.
enum class ValueTest {
    Equals,  // the text `wanted`
    AtLeast, // a number not below `wanted`, or "unlimited"
    OneOf,   // one of the words of `wanted` (separated by spaces)
};

struct ValueCheckRow {
    const char *check = nullptr;   // a check:: id
    const char *section = nullptr; // the probe:: section read (its only fact)
    ValueReading reading = ValueReading::Limit;
    const char *key = nullptr; // KeyValue's and Word's KEY
    ValueTest test = ValueTest::Equals;
    const char *wanted = nullptr; // a word (Equals) or a number (AtLeast)
    // A number is shown divided by this (KiB as MiB: 1024); the wanted number of AtLeast too.
    qint64 shownDivisor = 1;
    CheckStatus belowStatus = CheckStatus::Warning; // the status when the test fails
    // The status when the command failed or its output is not what `reading` reads.
    CheckStatus unknownStatus = CheckStatus::Warning;
    // The reason when the fact's command was not found (exit 127); null: its first output line.
    const char *missing = nullptr;
    const char *unexpected = nullptr; // the reason when the output is not what `reading` reads
    // The texts (cw::Checks, translatable). silent: %1 why the fact did not answer; unknown: %1
    // why the value is not known; below: %1 the value shown, %2 (AtLeast) the wanted one
    // shown; passed: %1 the value shown.
    const char *silentText = nullptr;
    const char *unknownText = nullptr;
    const char *belowText = nullptr;
    const char *passedText = nullptr;
};

// Every value row, in check table order.
const std::vector<ValueCheckRow> &valueCheckRows();
// The row of a check id, or nullptr.
const ValueCheckRow *valueCheckRow(const QString &check);

// The value `reading` (with its `key`) reads from a fact's output (exit status 0); empty when it
// is not there.
QString readValue(ValueReading reading, const QString &output, const char *key = nullptr);

// The verdict of a check that has a value row (CheckSpec::verdict of those rows).
CheckResult checkValue(const CheckContext &context);

// The rows of those checks (a project's applicable ones) as check.sh's VALUE_ROWS array
// ("[CHECK.FIELD]=VALUE", every value quoted, the readings and tests by the names its
// interpreter knows).
QString valueCheckRowsBash(const QStringList &checks);

} // namespace cw::checks
