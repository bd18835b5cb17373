// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile files read by the core: whatever the bytes, every reader answers with a message that
// names the file and the member, never an exception, a crash, a hang or a forged line. The
// files are in tests/data/hostile/ or made here (too large or too deep to keep).
#include "exchange/ImportShared.h"
#include "fix/UndoJournal.h"
#include "launch/DeviceRecord.h"
#include "launch/RunAttempts.h"
#include "launch/RunRecord.h"
#include "model/JsonRead.h"
#include "model/ProjectJson.h"
#include "model/SafeFile.h"
#include "rules/ProjectValidator.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

QString hostile(const QString &name)
{
    return QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/tests/data/hostile/") + name;
}

QByteArray exampleBytes()
{
    QFile file(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/cpu-2x2.clusterwiz.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The example with one top-level member replaced by `json`.
QByteArray exampleWith(const char *key, const nlohmann::ordered_json &value)
{
    const QByteArray bytes = exampleBytes();
    nlohmann::ordered_json doc = nlohmann::ordered_json::parse(bytes.begin(), bytes.end());
    doc[key] = value;
    return QByteArray::fromStdString(doc.dump());
}

QByteArray nested(int depth)
{
    return QByteArray(depth, '[') + QByteArray(depth, ']');
}

bool write(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QStringList problemLines(const ProjectLoad &load)
{
    QStringList lines;
    for (const Problem &problem : load.problems)
        lines << problem.toString();
    return lines;
}

} // namespace

class TestHostileProjects : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void numberOverflowIsAMessage()
    {
        const ProjectLoad load = loadProjectFile(hostile(u"number-overflow.clusterwiz.json"_s));
        QVERIFY(load.fatal.contains(u"number-overflow.clusterwiz.json: not valid JSON"_s));
        QVERIFY2(load.fatal.contains(u"1e400"_s), qPrintable(load.fatal));
        QVERIFY(!parseJsonBytes("[-1e999]").ok());
    }

    void depthIsLimitedBeforeParsing()
    {
        // 52,000 nested arrays (104 KB): refused by the limit, not by a stack overflow.
        const JsonParse deep = parseJsonBytes(nested(52000));
        QVERIFY2(deep.error.contains(u"nested deeper than 64"_s), qPrintable(deep.error));
        QVERIFY(parseJsonBytes(nested(kJsonDepthLimit)).ok());
        QVERIFY(!parseJsonBytes(nested(kJsonDepthLimit + 1)).ok());
        // Brackets inside strings are text, not nesting.
        QVERIFY(parseJsonBytes("[\"" + QByteArray(1000, '[') + "\\\"\"]").ok());
        const ProjectLoad load =
            projectFromJsonText(exampleWith("extra", nullptr).replace("null", nested(20000)));
        QVERIFY2(load.fatal.contains(u"nested deeper"_s), qPrintable(load.fatal));
    }

    void keptUnknownMembersStaySmall()
    {
        // What plan re-writes: an unknown member at the deepest accepted nesting stays small.
        QByteArray bytes = exampleWith("extra", nullptr);
        bytes.replace("null", nested(kJsonDepthLimit - 1));
        const ProjectLoad load = projectFromJsonText(bytes);
        QVERIFY2(load.fatal.isEmpty(), qPrintable(load.fatal));
        QCOMPARE(load.project.unknownFields.size(), size_t(1));
        QCOMPARE(load.project.unknownFields.front().key, u"extra"_s);
        QVERIFY(projectToJsonText(load.project).size() < 20000);
    }

    void hugeNumbersAreOutOfRangeNotMinusOne()
    {
        auto doc = nlohmann::ordered_json::parse(exampleBytes().toStdString());
        doc["servers"][0]["port"] = 9223372036854775808ULL;
        doc["servers"][1]["devices"] = {0, 18446744073709551615ULL, -9223372036854775807LL};
        const ProjectLoad load = projectFromJsonText(QByteArray::fromStdString(doc.dump()));
        const QStringList lines = problemLines(load);
        QVERIFY2(lines.contains(u"servers[0].port: 9223372036854775808 is out of range"_s),
                 qPrintable(lines.join(u'\n')));
        QVERIFY(lines.contains(u"servers[1].devices[1]: 18446744073709551615 is out of range"_s));
        QVERIFY(lines.contains(u"servers[1].devices[2]: -9223372036854775807 is out of range"_s));
        QCOMPARE(load.project.servers[0].port == -1, false);
    }

    void controlCharactersCannotForgeLines()
    {
        const QByteArray bytes =
            exampleWith("accelerator", "x\nservers[0].host: forged\x1b[2J\x07\u202e");
        const ProjectLoad load = projectFromJsonText(bytes);
        QCOMPARE(load.problems.size(), size_t(1));
        const QString line = load.problems.front().toString();
        QVERIFY2(!line.contains(u'\n') && !line.contains(QChar(0x1b)) && !line.contains(QChar(7)),
                 qPrintable(line));
        QVERIFY2(
            line.startsWith(u"accelerator: \"x\\nservers[0].host: forged\\x1b[2J\\x07\\u202e\""_s),
            qPrintable(line));
        // A fatal message quotes nlohmann's "last read" bytes: escaped too.
        const ProjectLoad broken = projectFromJsonText("{\"clusterwiz\":1,\x1b]0;owned\x07");
        QVERIFY(!broken.fatal.contains(QChar(0x1b)));
        QCOMPARE(escapeControls(u"tab\there\r\x7f\x85"_s), u"tab\\there\\r\\x7f\\x85"_s);
    }

    void percentInNamesDoesNotGarble()
    {
        auto doc = nlohmann::ordered_json::parse(exampleBytes().toStdString());
        doc["servers"][0]["name"] = "%1x";
        doc["servers"][1]["name"] = "%1x";
        const ProjectLoad load = projectFromJsonText(QByteArray::fromStdString(doc.dump()));
        QStringList lines;
        for (const Problem &problem : validateProject(load.project))
            lines << problem.toString();
        QVERIFY2(lines.contains(u"servers[1].name: servers[1]: name \"%1x\" is already used by "
                                u"servers[0]; server names must be unique"_s),
                 qPrintable(lines.join(u'\n')));
    }

    void specialFilesAreRefusedWithoutBlocking()
    {
        const QString fifo = m_dir.filePath(u"fifo.clusterwiz.json"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QElapsedTimer timer;
        timer.start();
        const ProjectLoad fromFifo = loadProjectFile(fifo);
        QVERIFY2(fromFifo.fatal.contains(u"not a regular file"_s), qPrintable(fromFifo.fatal));
        QVERIFY(loadProjectFile(u"/dev/zero"_s).fatal.contains(u"not a regular file"_s));
        QVERIFY(loadProjectFile(m_dir.path()).fatal.contains(u"is a folder"_s));
        QVERIFY(timer.elapsed() < 5000);
        // Over the limit: refused from its size, without reading (a sparse 2 GB file).
        const QString big = m_dir.filePath(u"big.clusterwiz.json"_s);
        QFile file(big);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(qint64(2) << 30));
        file.close();
        const ProjectLoad tooBig = loadProjectFile(big);
        QVERIFY2(tooBig.fatal.contains(u"more than the 16777216 bytes"_s),
                 qPrintable(tooBig.fatal));
        QString error;
        QVERIFY(!loadUndoJournal(fifo, &error));
        QVERIFY2(error.contains(u"not a regular file"_s), qPrintable(error));
    }

    void wrongTypedRunRecordsAreErrors()
    {
        const QString project = m_dir.filePath(u"p.clusterwiz.json"_s);
        QDir().mkpath(runsFolder(project));
        const struct {
            const char *file;
            const char *expected;
        } cases[] = {{"run-version-string.json", "not a clusterwiz run record"},
                     {"run-gang-stop-string.json", "gang_stop: must be true or false, not string"}};
        for (const auto &c : cases) {
            QFile::remove(runRecordPath(project, u"r1"_s));
            QVERIFY(
                QFile::copy(hostile(QString::fromLatin1(c.file)), runRecordPath(project, u"r1"_s)));
            QString error;
            QVERIFY(!loadRunRecord(project, u"r1"_s, &error));
            QVERIFY2(error.contains(QString::fromLatin1(c.expected)), qPrintable(error));
        }
        // Every member of the wrong type, one at a time: a message, never an exception.
        const char *members[] = {"run_id",    "mode",       "master",  "started_at",
                                 "ended_at",  "state",      "servers", "failure",
                                 "gang_stop", "supervisor", "attempts"};
        for (const char *member : members) {
            nlohmann::ordered_json doc = {
                {"clusterwiz_run", 1}, {"run_id", "r1"}, {"state", "running"}};
            doc[member] = 12;
            QVERIFY(write(runRecordPath(project, u"r1"_s), QByteArray::fromStdString(doc.dump())));
            QString error;
            QVERIFY2(!loadRunRecord(project, u"r1"_s, &error), member);
            QVERIFY2(error.contains(QString::fromLatin1(member)), qPrintable(error));
        }
    }

    // The device samples a record keeps (launch/DeviceRecord.h): written bounded however large
    // the run, read back equal, and anything off in the file drops them with the member named,
    // while the record itself still loads (stop and status act on the rest).
    void hostileDeviceHistories()
    {
        using Json = nlohmann::ordered_json;
        const QString project = m_dir.filePath(u"d.clusterwiz.json"_s);
        QDir().mkpath(runsFolder(project));
        RunRecord record;
        record.projectPath = project;
        record.runId = u"r1"_s;
        record.state = RunState::Running;
        record.servers = {RunServer{u"a"_s, u"/r/a"_s, true, 0, 2},
                          RunServer{u"b"_s, u"/r/b"_s, false, 2, 2}};
        record.devices = DeviceHistory(2);
        for (int i = 0; i < 30; ++i) {
            DeviceSampleSet set{u"npu"_s, 1795000000 + 5 * i, {}, {}};
            set.devices.push_back(DeviceSample{0, 87.5, 30210, 65536, 52, 96.4, u"OK"_s});
            set.devices.push_back(DeviceSample{1, {}, 2870, {}, {}, {}, {}});
            record.devices.add(0, set);
            set.tool = u"nvidia"_s;
            set.problem = u"line 3: \"x\" is not a number"_s;
            record.devices.add(1, set);
        }
        QCOMPARE(saveRunRecord(record), QString());
        QString error;
        std::optional<RunRecord> read = loadRunRecord(project, u"r1"_s, &error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(read->devicesProblem, QString());
        QCOMPARE(read->devices.servers(), 2);
        // The newest kRecordSamplesKept of each server, equal to what was written.
        QCOMPARE(int(read->devices.of(0).size()), kRecordSamplesKept);
        for (int server = 0; server < 2; ++server) {
            for (int i = 0; i < kRecordSamplesKept; ++i)
                QCOMPARE(read->devices.of(server)[size_t(i)],
                         record.devices.of(server)[size_t(30 - kRecordSamplesKept + i)]);
        }

        // 1,024 servers of 8 devices at the full in-memory history: the file stays small.
        RunRecord big = record;
        big.runId = u"r2"_s;
        big.servers.clear();
        big.devices = DeviceHistory(1024);
        DeviceSampleSet eight{u"nvidia"_s, 1795000000, {}, {}};
        for (int d = 0; d < 8; ++d)
            eight.devices.push_back(DeviceSample{d, 99, 70000, 81559, 70, 600, {}});
        for (int server = 0; server < 1024; ++server) {
            big.servers.push_back(RunServer{u"s%1"_s.arg(server), u"/r"_s, true, server * 8, 8});
            for (int i = 0; i < kDeviceHistoryKeep; ++i)
                big.devices.add(server, eight);
        }
        QCOMPARE(saveRunRecord(big), QString());
        const qint64 bytes = QFileInfo(runRecordPath(project, u"r2"_s)).size();
        QVERIFY2(bytes < 8 * 1024 * 1024, qPrintable(QString::number(bytes)));
        read = loadRunRecord(project, u"r2"_s, &error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(read->devicesProblem, QString());
        QCOMPARE(int(read->devices.of(1023).size()), kRecordReadingsKept / (1024 * 8));

        // Each member off, one at a time: the record loads, the samples are dropped, the
        // problem names the member; nothing throws.
        const Json good = Json::parse(
            QByteArray(readRegularFile(runRecordPath(project, u"r1"_s)).bytes).toStdString());
        const struct {
            const char *pointer;
            Json value;
            const char *expected;
        } cases[] = {
            {"/devices", "all", "devices: must be an array"},
            {"/devices/0", 3, "devices[0]: must be an object"},
            {"/devices/0/server", "b", "devices[0].server: must be \"a\""},
            {"/devices/1/samples", Json::object(), "devices[1].samples: must be an array"},
            {"/devices/0/samples/0", Json::array(), "devices[0].samples[0]: must be an object"},
            {"/devices/0/samples/0/tool", "rocm", "samples[0].tool: \"rocm\" is not"},
            {"/devices/0/samples/0/time", -1, "samples[0].time: must be seconds"},
            {"/devices/0/samples/0/time", 1e300, "samples[0].time: must be seconds"},
            {"/devices/0/samples/0/time", 18446744073709551615ull, "samples[0].time"},
            {"/devices/0/samples/0/devices", 0, "samples[0].devices: must be an array"},
            {"/devices/0/samples/0/devices/0", Json::array({1, 2}),
             "devices[0]: must be an array of 7"},
            {"/devices/0/samples/0/devices/0/0", "0", "devices[0][0]: must be a whole number"},
            {"/devices/0/samples/0/devices/0/0", 1e10, "devices[0][0]: "},
            {"/devices/0/samples/0/devices/0/1", "87", "devices[0][1]: must be a number or null"},
            {"/devices/0/samples/0/devices/0/2", -5, "devices[0][2]: -5 is out of range"},
            {"/devices/0/samples/0/devices/0/4", 1e300, "devices[0][4]: "},
            {"/devices/0/samples/0/devices/0/6", 7, "devices[0][6]: must be a string"},
            {"/devices/0/samples/0/problem", Json::object(), "samples[0].problem: must be"},
        };
        for (const auto &c : cases) {
            Json doc = good;
            doc[Json::json_pointer(c.pointer)] = c.value;
            QVERIFY(write(runRecordPath(project, u"r1"_s), QByteArray::fromStdString(doc.dump())));
            read = loadRunRecord(project, u"r1"_s, &error);
            QVERIFY2(read, qPrintable(error));
            QCOMPARE(read->state, RunState::Running);
            QCOMPARE(read->servers.size(), size_t(2));
            QVERIFY2(read->devicesProblem.contains(QString::fromLatin1(c.expected)),
                     qPrintable(read->devicesProblem));
            QCOMPARE(int(read->devices.of(0).size() + read->devices.of(1).size()), 0);
        }
        // Too many of anything: servers, samples, devices per sample, readings in all.
        Json tooMany = good;
        tooMany["devices"].push_back(good["devices"][0]);
        Json samples = good;
        samples["devices"][0]["samples"].push_back(good["devices"][0]["samples"][0]);
        Json devices = good;
        for (int i = 0; i <= kMaxDevices; ++i)
            devices["devices"][0]["samples"][0]["devices"].push_back(
                Json::array({i, 1, 1, 1, 1, 1, ""}));
        Json readings = good;
        Json full = Json::array();
        for (int i = 0; i < kMaxDevices; ++i)
            full.push_back(Json::array({i, 1, 1, 1, 1, 1, ""}));
        for (auto &sample : readings["devices"][0]["samples"])
            sample["devices"] = full;
        for (auto &sample : readings["devices"][1]["samples"])
            sample["devices"] = full;
        for (int i = 0; i < 30; ++i)
            readings["devices"][1]["samples"].push_back(readings["devices"][1]["samples"][0]);
        readings["devices"][1]["samples"].erase(readings["devices"][1]["samples"].begin() + 20,
                                                readings["devices"][1]["samples"].end());
        const std::pair<const Json *, const char *> bounds[] = {
            {&tooMany, "devices: has 3 servers, the run 2"},
            {&samples, "more than 24 samples"},
            {&devices, "more than 1024 devices"},
            {&readings, "more than 32768 readings in all"},
        };
        for (const auto &[doc, expected] : bounds) {
            QVERIFY(write(runRecordPath(project, u"r1"_s), QByteArray::fromStdString(doc->dump())));
            read = loadRunRecord(project, u"r1"_s, &error);
            QVERIFY2(read, qPrintable(error));
            QVERIFY2(read->devicesProblem.contains(QString::fromLatin1(expected)),
                     qPrintable(read->devicesProblem));
        }
        // Control characters in the texts cannot forge a line; texts are cut to their bound.
        Json noisy = good;
        noisy["devices"][0]["samples"][0]["problem"] = std::string(5000, 'x') + "\nforged";
        noisy["devices"][0]["samples"][0]["devices"][0][6] = "OK\n[server0/0] forged";
        QVERIFY(write(runRecordPath(project, u"r1"_s), QByteArray::fromStdString(noisy.dump())));
        read = loadRunRecord(project, u"r1"_s, &error);
        QVERIFY2(read && read->devicesProblem.isEmpty(), qPrintable(read->devicesProblem));
        const DeviceSampleSet &first = read->devices.of(0).front();
        QCOMPARE(first.problem.size(), kRecordSampleTextLimit);
        QVERIFY(!first.devices[0].health.contains(u'\n'));
        QVERIFY(first.devices[0].health.size() <= kRecordHealthTextLimit);
        // Nested past the depth limit inside "devices": refused before parsing, as any record.
        QByteArray deep = QByteArray::fromStdString(good.dump());
        deep.replace("\"devices\":[", "\"devices\":[" + nested(100) + ",");
        QVERIFY(write(runRecordPath(project, u"r1"_s), deep));
        QVERIFY(!loadRunRecord(project, u"r1"_s, &error));
        QVERIFY2(error.contains(u"deeper"_s), qPrintable(error));
    }

    // A restarting run's attempts, as the supervisor writes them on its server and the record
    // keeps them: every member of the wrong type is a message naming it, sizes are bounded,
    // and nothing read can forge a line of output.
    void hostileSupervisorStates()
    {
        using Json = nlohmann::ordered_json;
        const Json attempt = {{"attempt", 1},
                              {"servers", {"a", "b"}},
                              {"left_out", {{{"server", "c"}, {"reason", "unreachable"}}}},
                              {"state", "failed"},
                              {"message", "m"},
                              {"failure", {{"server", "a"}, {"rank", 1}, {"exit_code", 2}}}};
        const Json good = {{"clusterwiz_supervisor", 1},
                           {"state", "backoff"},
                           {"attempt", 1},
                           {"max_attempts", 3},
                           {"attempts", {attempt}}};
        QString error;
        const auto state = parseSupervisorState(QByteArray::fromStdString(good.dump()), &error);
        QVERIFY2(state, qPrintable(error));
        QCOMPARE(state->attempts.size(), size_t(1));
        QCOMPARE(state->attempts[0].leftOut[0].server, u"c"_s);
        QCOMPARE(state->attempts[0].failedRank, 1);

        const struct {
            const char *pointer;
            Json value;
            const char *expected;
        } cases[] = {
            {"/clusterwiz_supervisor", 2, "not a clusterwiz supervisor state"},
            {"/state", "exploded", "state: \"exploded\" is not a supervisor state"},
            {"/state", 3, "state: must be"},
            {"/attempt", "1", "attempt: must be"},
            {"/attempt", 100000, "attempt: "},
            {"/attempts", "all", "attempts: must be an array"},
            {"/attempts/0", 7, "attempts[0]: must be an object"},
            {"/attempts/0/attempt", 0, "attempts[0].attempt"},
            {"/attempts/0/servers", 3, "attempts[0].servers: must be"},
            {"/attempts/0/state", "sleeping", "attempts[0].state: \"sleeping\""},
            {"/attempts/0/left_out/0", "c", "attempts[0].left_out[0]: must be an object"},
            {"/attempts/0/left_out/0/server", Json::array(), "left_out[0].server: must be"},
            {"/attempts/0/failure", "bad", "attempts[0].failure: must be"},
            {"/attempts/0/failure/rank", -7, "attempts[0].failure.rank"},
            {"/attempts/0/failure/last_lines", 1, "last_lines: must be"},
            {"/next_attempt_at", 5, "next_attempt_at: must be"},
        };
        for (const auto &c : cases) {
            Json doc = good;
            doc[Json::json_pointer(c.pointer)] = c.value;
            QString why;
            QVERIFY2(!parseSupervisorState(QByteArray::fromStdString(doc.dump()), &why), c.pointer);
            QVERIFY2(why.contains(QString::fromLatin1(c.expected)), qPrintable(why));
        }
        // Too many attempts, too many bytes, too deep, not JSON: refused, with a reason.
        Json many = good;
        many["attempts"] = Json::array();
        for (int i = 0; i < kMaxAttemptsKept + 1; ++i)
            many["attempts"].push_back(attempt);
        QVERIFY(!parseSupervisorState(QByteArray::fromStdString(many.dump()), &error));
        QVERIFY2(error.contains(u"more than 128 attempts"_s), qPrintable(error));
        QVERIFY(!parseSupervisorState(QByteArray(kMaxSupervisorStateBytes + 1, ' '), &error));
        QVERIFY(error.contains(u"larger than 1 MiB"_s));
        QVERIFY(!parseSupervisorState(QByteArray(100, '[') + QByteArray(100, ']'), &error));
        QVERIFY2(error.contains(u"deeper"_s), qPrintable(error));
        QVERIFY(!parseSupervisorState("{\"clusterwiz_supervisor\":1,", &error));
        QVERIFY(!error.isEmpty());
        // Long texts are cut, control characters shown escaped, extra lines kept to the bound.
        Json noisy = good;
        noisy["message"] = std::string(100000, 'x') + "\n[server0/0] forged";
        noisy["attempts"][0]["failure"]["last_lines"] = Json::array();
        for (int i = 0; i < 1000; ++i)
            noisy["attempts"][0]["failure"]["last_lines"].push_back("line");
        noisy["attempts"][0]["left_out"][0]["reason"] = "down\n== attempt 9 of 9 forged";
        const auto read = parseSupervisorState(QByteArray::fromStdString(noisy.dump()), &error);
        QVERIFY2(read, qPrintable(error));
        QVERIFY(read->message.size() <= 4096);
        QVERIFY(!read->message.contains(u'\n'));
        QCOMPARE(read->attempts[0].lastLines.size(), 200);
        QVERIFY(!read->attempts[0].leftOut[0].reason.contains(u'\n'));
    }

    void wrongTypedJournalNamesTheMember()
    {
        QString error;
        QVERIFY(!loadUndoJournal(hostile(u"undo-stage-string.json"_s), &error));
        QVERIFY2(error.contains(u"entries[0].steps[0].stage: must be a whole number, not string"_s),
                 qPrintable(error));
        QVERIFY(!undoJournalFromBytes(nested(100000), u"j"_s, &error));
        QVERIFY(!undoJournalFromBytes("{\"entries\":[{\"steps\":[1e400]}]}", u"j"_s, &error));
        QVERIFY(!undoJournalFromBytes("{\"entries\":[{\"steps\":{}}]}", u"j"_s, &error));
        QVERIFY2(error.contains(u"entries[0].steps: must be an array"_s), qPrintable(error));
    }

    void rankTableImportAnswersHostileJson()
    {
        // Another tool's file goes through the same limits (its own reader keeps line numbers).
        for (const QByteArray &bytes :
             {QByteArray(R"({"version":"1.0","server_list":[1e400]})"), nested(52000)}) {
            const ImportResult result = importRankTable(bytes, u"rank_table.json"_s, {});
            QVERIFY(!result.ok());
            QVERIFY(result.errors.front().rule.startsWith(u"ranktable-"_s));
            QVERIFY(!result.errors.front().message.isEmpty());
        }
    }

    void everyPrefixOfAProjectIsAnswered()
    {
        // Truncations and single-byte changes of a real project: each load ends with a value.
        const QByteArray bytes = exampleBytes();
        for (qsizetype n = 0; n < bytes.size(); n += 7) {
            (void)projectFromJsonText(bytes.left(n));
            QByteArray changed = bytes;
            changed[n] = char(0x80 | (n & 0x7f));
            (void)projectFromJsonText(changed);
        }
        QVERIFY(projectFromJsonText(bytes).ok());
    }
};

QTEST_GUILESS_MAIN(TestHostileProjects)
#include "tst_hostileProjects.moc"
