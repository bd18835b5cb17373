// SPDX-License-Identifier: GPL-3.0-or-later
// scanRankLog: each rank's first error as training jobs print them (Python tracebacks, gloo,
// NCCL, HCCL, the shell's "Killed"), its class, and the last step; and logs as hostile input
// (every byte value, a huge line, a log cut mid-line, escape sequences).
#include "diagnose/RankLogScan.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(cw::FailureClass)

class TestRankLogScan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void endingError_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<bool>("found");
        QTest::addColumn<QString>("line");
        QTest::addColumn<FailureClass>("failureClass");
        QTest::addColumn<QString>("code");
        auto row = [](const char *name, const QString &log, const QString &line,
                      FailureClass failureClass, const QString &code = {}) {
            QTest::newRow(name) << log << true << line << failureClass << code;
        };
        row("user exception",
            u"step 3 loss = 0.3\nTraceback (most recent call last):\n  File \"t.py\", line 9, in "
            u"<module>\n"
            u"    main()\n  File \"t.py\", line 5, in main\n    raise RuntimeError(\"boom\")\n"
            u"RuntimeError: boom\n"_s,
            u"RuntimeError: boom"_s, FailureClass::UserException);
        row("import error",
            u"Traceback (most recent call last):\n  File \"t.py\", line 1, in <module>\n    import "
            u"torch_npu\n"
            u"ModuleNotFoundError: No module named 'torch_npu'\n"_s,
            u"ModuleNotFoundError: No module named 'torch_npu'"_s, FailureClass::ImportError);
        row("gloo peer gone",
            u"Traceback (most recent call last):\n  File \"t.py\", line 3, in <module>\n"
            u"RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [10.0.0.2]:1234\n"_s,
            u"RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [10.0.0.2]:1234"_s,
            FailureClass::ConnectionLost);
        row("gloo timeout",
            u"Traceback (most recent call last):\n  File \"t.py\", line 3, in <module>\n"
            u"RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 60000ms for recv operation to complete\n"_s,
            u"RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 60000ms for recv operation to complete"_s,
            FailureClass::CollectiveTimeout);
        row("nccl watchdog",
            u"[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE) ran for 1800000 milliseconds before timing out.\n"_s,
            u"[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE) ran for 1800000 milliseconds before timing out."_s,
            FailureClass::CollectiveTimeout);
        row("nccl error code",
            u"Traceback (most recent call last):\n  File \"t.py\", line 3, in <module>\n"
            u"torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1275, "
            u"unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1\n"
            u"ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.\n"_s,
            u"torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1275, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1"_s,
            FailureClass::DeviceError, u"ncclSystemError"_s);
        row("hccl code",
            u"Traceback (most recent call last):\n  File \"t.py\", line 3, in <module>\n"
            u"RuntimeError: HcclAllreduce(...) error code is 7, EI9999: Inner Error\n"_s,
            u"RuntimeError: HcclAllreduce(...) error code is 7, EI9999: Inner Error"_s,
            FailureClass::DeviceError, u"EI9999"_s);
        row("hccl socket timeout",
            u"[ERROR] HCCL(123,python3):2026-02-05-18:44:26.379.547 [socket.cc:88] EI0006: Getting socket times out\n"_s,
            u"[ERROR] HCCL(123,python3):2026-02-05-18:44:26.379.547 [socket.cc:88] EI0006: Getting socket times out"_s,
            FailureClass::CollectiveTimeout, u"EI0006"_s);
        row("oom killed",
            u"step 7 loss = 1.0\n/root/ddp/rank.sh: line 80:  4242 Killed                  \"$PYTHON\" -u \"$ENTRY\"\n"_s,
            u"/root/ddp/rank.sh: line 80:  4242 Killed                  \"$PYTHON\" -u \"$ENTRY\""_s,
            FailureClass::KilledOrOom);
        row("cuda oom",
            u"Traceback (most recent call last):\n  File \"t.py\", line 3, in <module>\n"
            u"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"_s,
            u"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"_s,
            FailureClass::KilledOrOom);
        row("connection refused",
            u"[W socket.cpp:601] [c10d] The client socket has failed to connect to [server0]:29500 (errno: 111 - Connection refused).\n"_s,
            u"[W socket.cpp:601] [c10d] The client socket has failed to connect to [server0]:29500 (errno: 111 - Connection refused)."_s,
            FailureClass::ConnectionLost);
        row("chained: the last exception",
            u"Traceback (most recent call last):\n  File \"t.py\", line 3, in f\nKeyError: 'x'\n\n"
            u"During handling of the above exception, another exception occurred:\n\n"
            u"Traceback (most recent call last):\n  File \"t.py\", line 5, in "
            u"<module>\nValueError: bad config\n"
            u"step 9\n"_s,
            u"ValueError: bad config"_s, FailureClass::UserException);
        // The process ends with the last traceback: an earlier one was caught and printed.
        row("last of two",
            u"Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nOSError: "
            u"first\n"
            u"some output\nTraceback (most recent call last):\n  File \"a.py\", line 2, in <module>\nOSError: second\n"_s,
            u"OSError: second"_s, FailureClass::UserException);
        row("cut traceback at the end",
            u"Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nZeroDivisionError: division by zero"_s,
            u"ZeroDivisionError: division by zero"_s, FailureClass::UserException);
        QTest::newRow("clean") << u"rank 0 started\nstep 1 loss = 0.5\nstep 2 loss = 0.4\n"_s
                               << false << QString() << FailureClass::UserException << QString();
        QTest::newRow("error in a loss name")
            << u"step 1 train_error = 0.1 loss = 0.5\n"_s << false << QString()
            << FailureClass::UserException << QString();
    }

    void endingError()
    {
        QFETCH(QString, log);
        QFETCH(bool, found);
        QFETCH(QString, line);
        QFETCH(FailureClass, failureClass);
        QFETCH(QString, code);
        const RankLogScan scan = scanRankLog(log.toUtf8());
        QCOMPARE(bool(scan.error), found);
        if (!found)
            return;
        QCOMPARE(scan.error->line, line);
        QCOMPARE(failureClassName(scan.error->failureClass), failureClassName(failureClass));
        QCOMPARE(scan.error->code, code);
        QVERIFY(scan.error->evidence.contains(line));
        QVERIFY(scan.error->evidence.size() <= kEvidenceLines);
    }

    void lastStep()
    {
        RankLogScan scan =
            scanRankLog("rank 1 started\nstep 3 loss = 0.2\n[step 4/100] loss 0.1\nsaving\n");
        QCOMPARE(scan.lastStep, 4);
        QCOMPARE(scan.lastStepLine, u"[step 4/100] loss 0.1"_s);
        QCOMPARE(scan.lastLine, u"saving"_s);
        QCOMPARE(scanRankLog("epoch 2 done\nepoch 3 done\n").lastStep, 3); // only epochs
        QCOMPARE(scanRankLog("Epoch 1 iteration: 17 | loss 2\n").lastStep, 17);
        QVERIFY(!scanRankLog("steps are many\nloss = 1\n").lastStep);
    }

    void timesWrittenInLines()
    {
        QCOMPARE(lineTime(u"2026-02-05 18:44:26,379 ERROR x"_s, 0), 1770317066.379);
        QCOMPARE(lineTime(u"[ERROR] HCCL(1,p):2026-02-05-18:44:26.379.547 [a.cc:1]"_s, 3600),
                 1770317066.379 - 3600);
        QCOMPARE(lineTime(u"[2026-02-05T18:44:26.5]"_s, 0), 1770317066.5);
        QVERIFY(!lineTime(u"2026-13-45 99:99:99"_s, 0));
        QVERIFY(!lineTime(u"step 1"_s, 0));
        // A traceback takes the time of the line before it, when that one has one.
        const RankLogScan scan = scanRankLog(
            "2026-02-05 18:44:26,000 INFO step 3\nTraceback (most recent call last):\n  x\nE: y\n");
        QVERIFY(scan.error);
        QCOMPARE(scan.error->time, 1770317066.0);
    }

    void hostileLogs()
    {
        QByteArray bytes;
        for (int i = 0; i < 256; ++i)
            bytes.append(char(i));
        const RankLogScan binary = scanRankLog(bytes + "\nRuntimeError: \x1b[31mred\x1b[0m\n");
        QVERIFY(binary.error);
        QVERIFY(!binary.error->line.contains(QChar(0x1b)));

        // A huge log: only its end is read, its first (cut) line dropped; lines are bounded.
        QByteArray huge(3 * kScanBytes, 'x');
        huge += "\nstep 8 loss = 1\n" + QByteArray(kScanLineChars * 3, 'y') + '\n';
        const RankLogScan big = scanRankLog(huge);
        QVERIFY(big.truncated);
        QCOMPARE(big.lastStep, 8);
        QVERIFY(big.lastLine.size() <= kScanLineChars);

        // A log cut mid-file: its first partial line is not read as an error.
        const RankLogScan cut = scanRankLog("rror: half\nstep 2\n", true);
        QVERIFY(!cut.error);
        QCOMPARE(cut.lastStep, 2);

        // A traceback that never ends and never gives an exception line.
        QByteArray endless = "Traceback (most recent call last):\n";
        for (int i = 0; i < 5000; ++i)
            endless += "  File \"x.py\", line 1, in f\n";
        QVERIFY(!scanRankLog(endless).error);
        QVERIFY(!scanRankLog(QByteArray()).error);
    }
};

QTEST_GUILESS_MAIN(TestRankLogScan)
#include "tst_rankLogScan.moc"
