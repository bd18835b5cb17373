// SPDX-License-Identifier: GPL-3.0-or-later
// Device ids in the forms people type them: ranges, spaces, commas; anything else is named, never
// turned into a number.
#include "model/DeviceIdList.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(std::vector<int>)

class TestDeviceIdList : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<int>>("ids");
        QTest::addColumn<QString>("badToken");
        const std::vector<int> eight{0, 1, 2, 3, 4, 5, 6, 7};
        QTest::newRow("range") << u"0-7"_s << eight << QString();
        QTest::newRow("spaces") << u"0 1 2 3"_s << std::vector<int>{0, 1, 2, 3} << QString();
        QTest::newRow("commas") << u"0,1,2,3"_s << std::vector<int>{0, 1, 2, 3} << QString();
        QTest::newRow("mixed") << u"0-3,6,7"_s << std::vector<int>{0, 1, 2, 3, 6, 7} << QString();
        QTest::newRow("comma space")
            << u" 4, 5 ,6 , 7 "_s << std::vector<int>{4, 5, 6, 7} << QString();
        QTest::newRow("one") << u"5"_s << std::vector<int>{5} << QString();
        QTest::newRow("empty") << QString() << std::vector<int>{} << QString();
        QTest::newRow("word") << u"0,x,2"_s << std::vector<int>{} << u"x"_s;
        QTest::newRow("negative") << u"-1"_s << std::vector<int>{} << u"-1"_s;
        QTest::newRow("backwards") << u"7-0"_s << std::vector<int>{} << u"7-0"_s;
        QTest::newRow("open range") << u"0-"_s << std::vector<int>{} << u"0-"_s;
        QTest::newRow("two dashes") << u"0-3-7"_s << std::vector<int>{} << u"0-3-7"_s;
        QTest::newRow("huge") << u"0-99999999"_s << std::vector<int>{} << u"0-99999999"_s;
        QTest::newRow("semicolon") << u"0;1"_s << std::vector<int>{} << u"0;1"_s;
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(std::vector<int>, ids);
        QFETCH(QString, badToken);
        const DeviceIdList list = DeviceIdList::parse(text);
        QCOMPARE(list.badToken, badToken);
        QCOMPARE(list.ids, ids);
        QCOMPARE(list.ok(), badToken.isEmpty());
    }

    void text()
    {
        QCOMPARE(deviceIdText({0, 1, 2, 3, 6}), u"0,1,2,3,6"_s);
        QCOMPARE(deviceIdText({}), QString());
    }
};

QTEST_APPLESS_MAIN(TestDeviceIdList)
#include "tst_deviceIdList.moc"
