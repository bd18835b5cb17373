// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One entry function per fuzz target: bytes in, the product's reader run over them. The
// libFuzzer targets (fuzz_*.cpp, CLUSTERWIZ_FUZZ builds) and tst_fuzzRegressions (every build)
// call the same functions, so a saved crash is replayed exactly as the fuzzer found it.

#include <QByteArrayView>
#include <QString>
#include <QStringList>

namespace cw::fuzz {

void projectJson(QByteArrayView bytes); // model/ProjectJson: load, validate, save, load again
// launch/RunRecord and RunAttempts: a record file as loadRunRecord reads it (saved and read
// again), and the same bytes as a restarting run's supervisor state.
void runRecord(QByteArrayView bytes);
void containerJournal(
    QByteArrayView bytes); // container/ContainerJournal and a host's answer to a container step
void undoJournal(
    QByteArrayView bytes); // fix/UndoJournal: a journal file as loadUndoJournal reads it
void probeOutput(QByteArrayView bytes); // discover: the whole probe output and every parser
void logFrames(QByteArrayView bytes);   // logs/LogFrameReader: a follower's stream, in chunks
// diagnose/ and doctor/: a rank log (scanRankLog) and a launch.log (scanLaunchLog), and the same
// bytes as what the diagnosis and doctor commands print (collect, stacks, plog, hccn_tool -ping,
// listeners, connects, pairs)
void rankLogs(QByteArrayView bytes);

// The target names above, as scripts/fuzz.sh and tests/data/fuzz-regressions/ spell them.
QStringList targetNames();
// Runs the target `name` over `bytes`; false for an unknown name.
bool runTarget(const QString &name, QByteArrayView bytes);

} // namespace cw::fuzz
