// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reads YAML with a real YAML parser (PyYAML, Debian's python3-yaml, which
// scripts/install-deps.sh installs) and hands the documents back as JSON, so that the tests see
// exactly what kubectl would.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>

namespace yamltest {

inline const char *kPython = "/usr/bin/python3";

// The documents of `yaml` as a JSON array; `error` says what failed (parse error, no PyYAML).
inline QJsonArray parseYaml(const QByteArray &yaml, QString *error)
{
    QProcess python;
    python.start(QString::fromLatin1(kPython),
                 {QStringLiteral("-c"),
                  QStringLiteral("import json, sys, yaml\n"
                                 "docs = list(yaml.safe_load_all(sys.stdin.buffer.read()))\n"
                                 "sys.stdout.write(json.dumps(docs))\n")});
    if (!python.waitForStarted(10000)) {
        *error = QStringLiteral("cannot start /usr/bin/python3");
        return {};
    }
    python.write(yaml);
    python.closeWriteChannel();
    if (!python.waitForFinished(60000) || python.exitCode() != 0) {
        *error = QString::fromUtf8(python.readAllStandardError());
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument document =
        QJsonDocument::fromJson(python.readAllStandardOutput(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isArray()) {
        *error = QStringLiteral("PyYAML's JSON did not parse: ") + parseError.errorString();
        return {};
    }
    error->clear();
    return document.array();
}

} // namespace yamltest
