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

inline CliRun runCli(const QStringList &arguments, int timeoutMs = 120000)
{
    CliRun run;
    QProcess process;
    QElapsedTimer timer;
    timer.start();
    process.start(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli"), arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.elapsedMs = timer.elapsed();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return run;
}
