// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs the real clusterwiz-cli of this build, as an operator would, for the cluster tests.

#include <QByteArray>
#include <QElapsedTimer>
#include <QProcess>
#include <QStringList>

struct CliRun {
    int exitCode = -1; // -1: it did not end in time, or crashed
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;

    // For failure messages: the exit code and everything it printed.
    QByteArray describe() const
    {
        return "exit " + QByteArray::number(exitCode) + "\n" + out + "\n" + err;
    }
};

inline QString cliPath()
{
    return QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli");
}

// Waits for a started clusterwiz-cli to end; killed (exit -1) past `timeoutMs`.
inline CliRun finishCli(QProcess &process, int timeoutMs)
{
    CliRun run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = "killed after the test's time limit\n" + process.readAllStandardError();
        return run;
    }
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return run;
}

inline CliRun runCli(const QStringList &arguments, int timeoutMs = 120000)
{
    QElapsedTimer timer;
    timer.start();
    QProcess process;
    process.start(cliPath(), arguments);
    CliRun run = finishCli(process, timeoutMs);
    run.elapsedMs = timer.elapsed();
    return run;
}
