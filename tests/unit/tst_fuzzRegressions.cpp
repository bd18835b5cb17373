// SPDX-License-Identifier: GPL-3.0-or-later
// Every input the fuzzers ever crashed on (tests/data/fuzz-regressions/TARGET/*) and every seed
// (tests/fuzz/seeds.txt) through the fuzz targets' own entry functions, in every build: a fixed
// crash stays fixed without clang or libFuzzer. A crash here aborts the test; its row names the
// file.

#include "FuzzEntries.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <exception>

using namespace Qt::StringLiterals;

namespace {

const QString sourceDir = QStringLiteral(CLUSTERWIZ_SOURCE_DIR);

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// TARGET -> files: the seeds of tests/fuzz/seeds.txt and the regression files.
QList<std::pair<QString, QString>> inputs()
{
    QList<std::pair<QString, QString>> found;
    const QStringList lines =
        QString::fromUtf8(readAll(sourceDir + u"/tests/fuzz/seeds.txt"_s)).split(u'\n');
    for (const QString &line : lines) {
        const QStringList fields = line.split(u' ', Qt::SkipEmptyParts);
        if (fields.size() != 2 || fields[0].startsWith(u'#'))
            continue;
        const QFileInfo pattern(sourceDir + u'/' + fields[1]);
        // GLOB is DIR/NAME or DIR/*/NAME: at most one wildcard folder.
        QStringList dirs{pattern.path()};
        if (pattern.path().endsWith(u"/*"_s)) {
            const QDir parent(pattern.path().chopped(2));
            dirs.clear();
            for (const QString &sub : parent.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                dirs << parent.filePath(sub);
        }
        for (const QString &dir : dirs)
            for (const QString &name : QDir(dir).entryList({pattern.fileName()}, QDir::Files))
                found.push_back({fields[0], dir + u'/' + name});
    }
    for (const QString &target : cw::fuzz::targetNames()) {
        const QDir dir(sourceDir + u"/tests/data/fuzz-regressions/"_s + target);
        for (const QString &name : dir.entryList(QDir::Files))
            found.push_back({target, dir.filePath(name)});
    }
    return found;
}

} // namespace

class TestFuzzRegressions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyTargetHasSeeds()
    {
        const auto all = inputs();
        for (const QString &target : cw::fuzz::targetNames()) {
            const bool any = std::any_of(all.begin(), all.end(),
                                         [&](const auto &input) { return input.first == target; });
            QVERIFY2(any, qPrintable(u"no seed for the fuzz target "_s + target));
        }
        QVERIFY(!cw::fuzz::runTarget(u"noSuchTarget"_s, "x"));
    }

    void replay_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("path");
        for (const auto &[target, path] : inputs())
            QTest::newRow(qPrintable(target + u':' + QDir(sourceDir).relativeFilePath(path)))
                << target << path;
    }

    void replay()
    {
        QFETCH(QString, target);
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        // The fuzzer sees an escaping exception as a crash (std::terminate); here it fails this
        // row alone, with its message, and the other files still run.
        try {
            QVERIFY(cw::fuzz::runTarget(target, file.readAll()));
        } catch (const std::exception &e) {
            QFAIL(qPrintable(u"uncaught exception: "_s + QString::fromLocal8Bit(e.what())));
        }
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzRegressions.moc"
