// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the tests of clusterwiz-cli share: the built program run as a user runs it (its exit
// code, stdout and stderr), the shipped examples, and projects saved to a temporary folder.

#include "model/Project.h"
#include "model/ProjectJson.h"

#include <QFile>
#include <QObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace clitest {

using namespace Qt::StringLiterals;

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;

    QStringList errLines() const { return err.split(u'\n', Qt::SkipEmptyParts); }
};

inline QString examplesDir()
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples");
}

inline QString examplePath(const QString &name)
{
    return examplesDir() + u'/' + name + u".clusterwiz.json"_s;
}

inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

inline cw::Project loadExample(const QString &name)
{
    cw::ProjectLoad load = cw::loadProjectFile(examplePath(name));
    if (!load.ok())
        qFatal("example %s does not load", qPrintable(name));
    return load.project;
}

// A test class of the CLI: a temporary folder, and run() / save() / saveText() into it.
class CliTest : public QObject {
protected:
    QTemporaryDir m_temp;

    CliRun run(const QStringList &arguments, const QString &workingDir = {},
               const QStringList &environment = {})
    {
        QProcess process;
        process.setProgram(QStringLiteral(CLUSTERWIZ_BIN_DIR "/clusterwiz-cli"));
        process.setArguments(arguments);
        if (!environment.isEmpty()) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const QString &pair : environment)
                env.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
            process.setProcessEnvironment(env);
        }
        if (!workingDir.isEmpty())
            process.setWorkingDirectory(workingDir);
        process.start();
        CliRun result;
        if (!process.waitForStarted(10000) || !process.waitForFinished(60000)) {
            process.kill();
            process.waitForFinished();
            result.err = u"clusterwiz-cli did not start or did not finish"_s;
            return result;
        }
        if (process.exitStatus() != QProcess::NormalExit) {
            result.err = u"clusterwiz-cli crashed"_s;
            return result;
        }
        result.exitCode = process.exitCode();
        result.out = QString::fromUtf8(process.readAllStandardOutput());
        result.err = QString::fromUtf8(process.readAllStandardError());
        return result;
    }

    QString save(const cw::Project &project, const QString &name)
    {
        const QString path = m_temp.filePath(name);
        const QString error = cw::saveProjectFile(project, path);
        if (!error.isEmpty())
            qFatal("%s", qPrintable(error));
        return path;
    }

    QString saveText(const QByteArray &text, const QString &name)
    {
        const QString path = m_temp.filePath(name);
        if (!writeAll(path, text))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
};

} // namespace clitest
