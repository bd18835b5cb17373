// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/Problem.h"
#include "model/TrText.h"

#include <QCoreApplication>
#include <QTest>
#include <QTranslator>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

// A translator from a table in memory: the same hook the wizard's .qm translator fills.
class TableTranslator : public QTranslator {
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        return m_table.value(QString::fromUtf8(context) + u'|' + QString::fromUtf8(source));
    }
    bool isEmpty() const override { return false; }
    void add(const char *context, const char *source, const QString &translation)
    {
        m_table.insert(QString::fromUtf8(context) + u'|' + QString::fromUtf8(source), translation);
    }

private:
    QHash<QString, QString> m_table;
};

} // namespace

class TestTrText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void englishIsTheSourceWithItsArguments()
    {
        const TrText text = trText("cw::Test", "%1: %2 is in segment %3 like device %4")
                                .arg(u"node-1 device 4"_s, u"10.0.0.1"_s)
                                .arg(u"10.0.0.0/24"_s)
                                .arg(0);
        QCOMPARE(text.english(), u"node-1 device 4: 10.0.0.1 is in segment 10.0.0.0/24 like "
                                 u"device 0"_s);
        // No translator: the wizard's text is the English one.
        QCOMPARE(text.translated(), text.english());
    }

    void aRepeatedPlaceholderTakesTheSameArgument()
    {
        const TrText text = trText("cw::Test", "device %1 and device %1 of %2").arg(3).arg(u"a"_s);
        QCOMPARE(text.english(), u"device 3 and device 3 of a"_s);
    }

    void aValueIsNeverReadAsAPlaceholder()
    {
        // QString's chained arg() would put the second value into the first one's "%2".
        const TrText text = trText("cw::Test", "\"%1\" then %2").arg(u"%2%1%"_s).arg(u"x"_s);
        QCOMPARE(text.english(), u"\"%2%1%\" then x"_s);
        QCOMPARE(trText("cw::Test", "100% of %1, %3 left").arg(u"a"_s).english(),
                 u"100% of a, %3 left"_s);
    }

    void translationMovesArgumentsAndTranslatesNestedPieces()
    {
        TableTranslator translator;
        translator.add("cw::Test", "%1 is not in segment %2", u"%2 网段不包含 %1"_s);
        translator.add("cw::Test", "device %1", u"设备 %1"_s);
        translator.add("cw::Text", ", ", u"、"_s);
        QCoreApplication::installTranslator(&translator);
        const TrText device = trText("cw::Test", "device %1").arg(4);
        const TrText text =
            trText("cw::Test", "%1 is not in segment %2").arg(device, u"10.0.1.0/24"_s);
        QCOMPARE(text.translated(), u"10.0.1.0/24 网段不包含 设备 4"_s);
        QCOMPARE(text.english(), u"device 4 is not in segment 10.0.1.0/24"_s);
        const TrText list = joinTrTexts({device, TrText::verbatim(u"eth0"_s)});
        QCOMPARE(list.translated(), u"设备 4、eth0"_s);
        QCOMPARE(list.english(), u"device 4, eth0"_s);
        // A source with no entry stays English, in both.
        QCOMPARE(trText("cw::Test", "untranslated %1").arg(1).translated(), u"untranslated 1"_s);
        QCoreApplication::removeTranslator(&translator);
        QCOMPARE(text.translated(), text.english());
    }

    void emptyAndEquality()
    {
        QVERIFY(TrText().isEmpty());
        QVERIFY(TrText::verbatim(QString()).isEmpty());
        QVERIFY(!trText("cw::Test", "x").isEmpty());
        QVERIFY(!joinTrTexts({TrText::verbatim(u"a"_s)}).isEmpty());
        QCOMPARE(trText("cw::Test", "x %1").arg(1), trText("cw::Test", "x %1").arg(1));
        QVERIFY(!(trText("cw::Test", "x %1").arg(1) == trText("cw::Test", "x %1").arg(2)));
    }

    void problemKeepsEnglishAndTranslatesForTheWizard()
    {
        TableTranslator translator;
        translator.add("cw::Test", "\"%1\" is not valid", u"“%1”无效"_s);
        QCoreApplication::installTranslator(&translator);
        const Problem problem(u"r"_s, projectPlace(u"launch.workdir"_s),
                              trText("cw::Test", "\"%1\" is not valid").arg(u"a\nb"_s));
        QCOMPARE(problem.message, u"\"a\nb\" is not valid"_s);
        QCOMPARE(problem.toString(), u"launch.workdir: \"a\\nb\" is not valid"_s);
        QCOMPARE(problem.translatedString(), u"launch.workdir: “a\\nb”无效"_s);
        // A problem made from plain English text shows that text.
        Problem plain;
        plain.message = u"plain"_s;
        QCOMPARE(plain.translatedMessage(), u"plain"_s);
        QCoreApplication::removeTranslator(&translator);
    }
};

QTEST_GUILESS_MAIN(TestTrText)
#include "tst_trText.moc"
