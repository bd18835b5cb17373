// SPDX-License-Identifier: GPL-3.0-or-later
// yamlQuote and yamlBlock: whatever a value holds, a YAML parser reads back exactly that value.
#include "exchange/YamlQuote.h"

#include "YamlTestSupport.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;

namespace {

QStringList hostileValues()
{
    QStringList values = {
        u""_s,
        u"plain"_s,
        u"it's \"quoted\""_s,
        u"$(reboot) `id` ${HOME}"_s,
        u"key: value # not a comment"_s,
        u"- item"_s,
        u"[a, b] {c: d}"_s,
        u"*alias &anchor !tag |block >folded %directive @at"_s,
        u"  leading and trailing  "_s,
        u"line one\nline two\n"_s,
        u"\n\nstarts with newlines"_s,
        u"tab\there\r\ncrlf"_s,
        u"yes"_s,
        u"no"_s,
        u"null"_s,
        u"~"_s,
        u"1e3"_s,
        u"0x1F"_s,
        u"010"_s,
        u"true"_s,
        u"---"_s,
        u"..."_s,
        u"back\\slash"_s,
        u"\u00e9\u4e2d\u6587 \U0001F600"_s,
        QString(QChar(0x85)) + u"nel \u2028 ls \u2029 ps \ufeff bom"_s,
        QString(QChar(0)) + u"nul"_s,
        u"\u007f del \u009f c1"_s,
    };
    // Every byte value, as the Latin-1 character of that number.
    QString all;
    for (int c = 0; c < 256; ++c)
        all += QChar(c);
    values << all;
    return values;
}

QString parseError(const QString &yaml, QJsonArray *documents)
{
    QString error;
    *documents = yamltest::parseYaml(yaml.toUtf8(), &error);
    return error;
}

} // namespace

class TestExportYaml : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void quotedValuesReadBack()
    {
        const QStringList values = hostileValues();
        QString yaml = u"values:\n"_s;
        for (const QString &value : values)
            yaml += u"  - "_s + yamlQuote(value) + u'\n';
        QJsonArray documents;
        const QString error = parseError(yaml, &documents);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonArray read = documents.at(0).toObject().value(u"values"_s).toArray();
        QCOMPARE(read.size(), values.size());
        for (qsizetype i = 0; i < values.size(); ++i)
            QCOMPARE(read.at(i).toString(), values[i]);
    }

    void quotedIsOneLine()
    {
        for (const QString &value : hostileValues()) {
            const QString quoted = yamlQuote(value);
            QVERIFY(quoted.startsWith(u'"') && quoted.endsWith(u'"'));
            QVERIFY2(!quoted.contains(u'\n') && !quoted.contains(u'\r'), qPrintable(quoted));
        }
    }

    void blocksReadBack()
    {
        QStringList values = hostileValues();
        values << u"cd -- '/work dir' || exit 2\nexport A='x: y # z'\n    indented\n\nafter blank"_s
               << u" starts with a blank\nthen more"_s << u"trailing blank \nline"_s
               << u"ends with a newline\n"_s;
        QString yaml = u"items:\n"_s;
        for (const QString &value : values)
            yaml += u"  - "_s + yamlBlock(value, 4) + u'\n';
        QJsonArray documents;
        const QString error = parseError(yaml, &documents);
        QVERIFY2(error.isEmpty(), qPrintable(error + u"\n"_s + yaml));
        const QJsonArray read = documents.at(0).toObject().value(u"items"_s).toArray();
        QCOMPARE(read.size(), values.size());
        for (qsizetype i = 0; i < values.size(); ++i)
            QCOMPARE(read.at(i).toString(), values[i]);
    }

    void blockUsedForPlainScripts()
    {
        QVERIFY(yamlBlock(u"echo one\necho 'two'"_s, 4).startsWith(u"|-\n    echo one"_s));
        QVERIFY(yamlBlock(u"tab\tinside\nok"_s, 4).startsWith(u"|-"_s));
        QVERIFY(yamlBlock(u"trailing \nline"_s, 4).startsWith(u'"'));
        QVERIFY(yamlBlock(u"nul\0here"_s, 4).startsWith(u'"'));
    }
};

QTEST_GUILESS_MAIN(TestExportYaml)
#include "tst_exportYaml.moc"
