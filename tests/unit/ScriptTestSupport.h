// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers for the tests that generate scripts and run them: the example project, a sandboxed
// process runner (own session, killed as a group on timeout), and a stand-in python.

#include "generate/Generator.h"
#include "model/Project.h"
#include "model/ProjectJson.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTest>

#include <csignal>
#include <unistd.h>

namespace cwtest {

inline QString sourcePath(const QString &relative)
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/") + relative;
}

inline cw::Project exampleProject(const QString &name = QStringLiteral("ascend-2x8"))
{
    const cw::ProjectLoad load = cw::loadProjectFile(sourcePath(
        QStringLiteral("resources/examples/") + name + QStringLiteral(".clusterwiz.json")));
    if (!load.ok())
        qFatal("the example project does not load: %s", qPrintable(load.fatal));
    return load.project;
}

// The example as another accelerator: nvidia and cpu have no device network.
inline cw::Project withAccelerator(cw::Project project, cw::Accelerator accelerator)
{
    project.accelerator = accelerator;
    if (accelerator != cw::Accelerator::Ascend910) {
        project.deviceNetwork = {};
        for (cw::Server &server : project.servers)
            server.deviceIps.clear();
    }
    return project;
}

inline cw::Project withMode(cw::Project project, const QString &mode)
{
    if (mode == QStringLiteral("mpirun-device")) {
        project.launch.mode = cw::LaunchMode::Mpirun;
        project.launch.mpirun.per = cw::MpirunPer::Device;
    } else {
        project.launch.mode = *cw::launchModeFromName(mode);
    }
    return project;
}

inline QStringList allModes()
{
    return {QStringLiteral("launch"), QStringLiteral("mpirun"), QStringLiteral("mpirun-device"),
            QStringLiteral("ranktable"), QStringLiteral("no-ranktable")};
}

// One server on this machine (127.0.0.1) with two cpu "devices": the project that real jobs run.
inline cw::Project localCpuProject(const QString &workdir, const QString &python,
                                   const QString &entry, int masterPort)
{
    cw::Project project;
    project.name = QStringLiteral("local-cpu");
    project.accelerator = cw::Accelerator::Cpu;
    cw::Server server;
    server.name = QStringLiteral("local");
    server.host = QStringLiteral("127.0.0.1");
    server.hostIp = QStringLiteral("127.0.0.1");
    server.user = QStringLiteral("root");
    server.devices = {0, 1};
    project.servers.push_back(server);
    project.launch.workdir = workdir;
    project.launch.entry = entry;
    project.launch.python = python;
    project.launch.masterPort = masterPort;
    project.launch.logDir = QStringLiteral("logs");
    return project;
}

struct RunResult {
    int exitCode = -1;
    bool timedOut = false;
    QString output; // stdout and stderr together
};

// Runs `program` in its own session, so that on timeout the whole process group is killed and
// nothing the scripts started is left behind.
inline RunResult runSandboxed(const QString &program, const QStringList &arguments,
                              const QProcessEnvironment &environment, const QString &workdir,
                              int timeoutMs)
{
    QProcess process;
    process.setProgram(program);
    process.setArguments(arguments);
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(workdir);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setChildProcessModifier([] { ::setsid(); });
    process.start();
    RunResult result;
    if (!process.waitForStarted(10000)) {
        result.output = process.errorString();
        return result;
    }
    const qint64 pid = process.processId();
    if (!process.waitForFinished(timeoutMs)) {
        result.timedOut = true;
        ::kill(-static_cast<pid_t>(pid), SIGKILL);
        process.waitForFinished(5000);
    } else {
        // The script is done; anything it left in its group must go too.
        ::kill(-static_cast<pid_t>(pid), SIGKILL);
    }
    result.output = QString::fromUtf8(process.readAll());
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return result;
}

inline bool writeFile(const QString &path, const QByteArray &content, bool executable = false)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    file.write(content);
    file.close();
    if (executable) {
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                            QFileDevice::ExeOwner | QFileDevice::ReadGroup | QFileDevice::ExeGroup);
    }
    return true;
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// A stand-in for python. Started as the entry (`-u ENTRY ARGS...`) it writes its arguments
// and environment, NUL-separated, to $FAKE_PYTHON_OUT/rank$RANK.argv and .env, then exits
// with 3 when RANK is $FAKE_FAIL_RANK, or sleeps $FAKE_SLEEP seconds. As `-c` (the torchrun
// probe) it says yes. As `-m LAUNCHER ... --no_python SCRIPT` it records its arguments in
// launcher.argv and starts SCRIPT once per local rank with RANK and LOCAL_RANK, as torchrun does
// (and, like torchrun, stops the others when one fails or when it gets TERM).
inline QByteArray fakePythonScript()
{
    return QByteArrayLiteral(R"BASH(#!/bin/bash
out=${FAKE_PYTHON_OUT:?}
case "$1" in
    -c) exit 0 ;;
    -m)
        printf '%s\0' "$@" >"$out/launcher.argv"
        nproc=1
        for a in "$@"; do
            case "$a" in --nproc_per_node=*) nproc=${a#*=} ;; esac
        done
        script=${!#}
        pids=()
        trap 'kill -TERM "${pids[@]}" 2>/dev/null; exit 143' TERM
        for ((i = 0; i < nproc; i++)); do
            RANK=$((CLUSTERWIZ_FIRST_RANK + i)) LOCAL_RANK=$i "$script" &
            pids+=($!)
        done
        # Like torchrun: the first worker that fails stops the others. Polled, as train.sh
        # does: `wait -n` answers 127 on a loaded machine when the workers were reaped already.
        declare -A reaped=()
        left=$nproc
        while [ "$left" -gt 0 ]; do
            for pid in "${pids[@]}"; do
                [ -z "${reaped[$pid]:-}" ] && ! kill -0 "$pid" 2>/dev/null || continue
                wait "$pid"
                status=$?
                reaped[$pid]=1
                left=$((left - 1))
                if [ "$status" -ne 0 ]; then
                    kill -TERM "${pids[@]}" 2>/dev/null
                    exit "$status"
                fi
            done
            sleep 0.05
        done
        exit 0
        ;;
esac
printf '%s\0' "$@" >"$out/rank$RANK.argv"
env -0 >"$out/rank$RANK.env"
echo "fake python rank $RANK"
if [ "${FAKE_FAIL_RANK:-}" = "$RANK" ]; then
    sleep 0.3
    exit 3
fi
sleep "${FAKE_SLEEP:-0}"
exit 0
)BASH");
}

// NUL-separated records written by the fake python.
inline QList<QByteArray> nulFields(const QByteArray &data)
{
    QList<QByteArray> fields = data.split('\0');
    if (!fields.isEmpty() && fields.last().isEmpty())
        fields.removeLast();
    return fields;
}

inline QHash<QByteArray, QByteArray> envRecord(const QByteArray &data)
{
    QHash<QByteArray, QByteArray> env;
    for (const QByteArray &field : nulFields(data)) {
        const qsizetype eq = field.indexOf('=');
        if (eq > 0)
            env.insert(field.left(eq), field.mid(eq + 1));
    }
    return env;
}

} // namespace cwtest
