// SPDX-License-Identifier: GPL-3.0-or-later
// The chip names npu-smi info prints, sorted into accelerator generations, and the mismatch
// reason the accelerator check (C++ and check.sh) gives.
#include "checks/ChipGeneration.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;

class TestChipGeneration : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void generations_data()
    {
        QTest::addColumn<QString>("chip");
        QTest::addColumn<int>("generation"); // -1: no verdict
        const int a2 = int(Accelerator::Ascend910b);
        const int first = int(Accelerator::Ascend910);
        for (const char *chip : {"910B1", "910B2", "910B2C", "910B3", "910B4", " 910B3 "})
            QTest::newRow(chip) << QString::fromLatin1(chip) << a2;
        for (const char *chip : {"910", "910A", "910B", "910ProA", "910ProB", "910PremiumA"})
            QTest::newRow(chip) << QString::fromLatin1(chip) << first;
        // npu-smi's name for an Atlas A3 chip (the die pair of one NPU).
        QTest::newRow("Ascend910") << u"Ascend910"_s << int(Accelerator::Ascend910_93);
        for (const char *chip : {"310P3", "", "B3", "9100", "Ascend910B"})
            QTest::newRow(chip[0] ? chip : "empty") << QString::fromLatin1(chip) << -1;
    }

    void generations()
    {
        QFETCH(QString, chip);
        QFETCH(int, generation);
        const std::optional<Accelerator> found = checks::acceleratorOfChip(chip);
        QCOMPARE(found ? int(*found) : -1, generation);
    }

    void mismatchReasons()
    {
        using checks::chipMismatch;
        QCOMPARE(
            chipMismatch(Accelerator::Ascend910, u"910B3"_s),
            u"NPU chip 910B3 is ascend910b hardware, the project's accelerator is ascend910"_s);
        QCOMPARE(chipMismatch(Accelerator::Ascend910b, u"910A"_s),
                 u"NPU chip 910A is ascend910 hardware, the project's accelerator is ascend910b"_s);
        QVERIFY(chipMismatch(Accelerator::Ascend910, u"910B"_s).isEmpty());
        QVERIFY(chipMismatch(Accelerator::Ascend910b, u"910B4"_s).isEmpty());
        QVERIFY(chipMismatch(Accelerator::Ascend910, u"310P3"_s).isEmpty());
        QVERIFY(chipMismatch(Accelerator::Nvidia, u"910B3"_s).isEmpty());
        QVERIFY(chipMismatch(Accelerator::Cpu, u"910A"_s).isEmpty());
        // Atlas A3: its own project accepts the chip; the other generations refuse it by name,
        // and an A3 project refuses theirs.
        QCOMPARE(chipMismatch(Accelerator::Ascend910, u"Ascend910"_s),
                 u"NPU chip Ascend910 is ascend910_93 hardware, the project's accelerator is "
                 u"ascend910"_s);
        QCOMPARE(chipMismatch(Accelerator::Ascend910b, u"Ascend910"_s),
                 u"NPU chip Ascend910 is ascend910_93 hardware, the project's accelerator is "
                 u"ascend910b"_s);
        QVERIFY(chipMismatch(Accelerator::Ascend910_93, u"Ascend910"_s).isEmpty());
        QCOMPARE(chipMismatch(Accelerator::Ascend910_93, u"910B3"_s),
                 u"NPU chip 910B3 is ascend910b hardware, the project's accelerator is "
                 u"ascend910_93"_s);
        QVERIFY(chipMismatch(Accelerator::Ascend910, u"910PremiumA"_s).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestChipGeneration)
#include "tst_chipGeneration.moc"
