// SPDX-License-Identifier: GPL-3.0-or-later
// The one quoted-word splitter (shell/QuotedWords) in the three syntaxes its callers use:
// ssh_config arguments, Ansible INI host lines, firewall rule words (quotes kept, nft sets).
#include "shell/QuotedWords.h"

#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

namespace {

WordSyntax sshConfig()
{
    WordSyntax syntax;
    syntax.anySpace = false;
    return syntax;
}

WordSyntax ansible()
{
    WordSyntax syntax;
    syntax.quotes = u"'\""_s;
    return syntax;
}

WordSyntax firewall()
{
    WordSyntax syntax;
    syntax.keepQuotes = true;
    syntax.braces = true;
    return syntax;
}

} // namespace

class TestQuotedWords : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void split_data()
    {
        QTest::addColumn<QString>("syntax");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("words");
        QTest::addColumn<bool>("unclosed");
        QTest::newRow("ssh plain")
            << u"ssh"_s << u"a  b\tc"_s << QStringList{u"a"_s, u"b"_s, u"c"_s} << false;
        QTest::newRow("ssh quoted blank")
            << u"ssh"_s << u"\"a b\" c"_s << QStringList{u"a b"_s, u"c"_s} << false;
        QTest::newRow("ssh empty quotes")
            << u"ssh"_s << u"\"\" x"_s << QStringList{QString(), u"x"_s} << false;
        QTest::newRow("ssh single quote is a character")
            << u"ssh"_s << u"'a b'"_s << QStringList{u"'a"_s, u"b'"_s} << false;
        QTest::newRow("ssh only space and tab")
            << u"ssh"_s << u"a\rb\u00a0c"_s << QStringList{u"a\rb\u00a0c"_s} << false;
        QTest::newRow("ssh unclosed")
            << u"ssh"_s << u"a \"b c"_s << QStringList{u"a"_s, u"b c"_s} << true;
        QTest::newRow("ansible both quotes")
            << u"ansible"_s << u"h ansible_host='10.0.0.1' name=\"a 'b'\""_s
            << QStringList{u"h"_s, u"ansible_host=10.0.0.1"_s, u"name=a 'b'"_s} << false;
        QTest::newRow("ansible any space")
            << u"ansible"_s << u"a\r\nb"_s << QStringList{u"a"_s, u"b"_s} << false;
        QTest::newRow("ansible unclosed")
            << u"ansible"_s << u"a 'b"_s << QStringList{u"a"_s, u"b"_s} << true;
        QTest::newRow("hostile text stays literal")
            << u"ansible"_s << u"$(reboot) `id` ;rm -rf /"_s
            << QStringList{u"$(reboot)"_s, u"`id`"_s, u";rm"_s, u"-rf"_s, u"/"_s} << false;
        QTest::newRow("firewall keeps quotes")
            << u"firewall"_s << u"-m comment --comment \"a b\" -j ACCEPT"_s
            << QStringList{u"-m"_s,      u"comment"_s, u"--comment"_s,
                           u"\"a b\""_s, u"-j"_s,      u"ACCEPT"_s}
            << false;
        QTest::newRow("firewall nft set")
            << u"firewall"_s << u"tcp dport { 22, 29501 } accept"_s
            << QStringList{u"tcp"_s, u"dport"_s, u"{ 22, 29501 }"_s, u"accept"_s} << false;
        QTest::newRow("firewall stray brace")
            << u"firewall"_s << u"} a"_s << QStringList{u"}"_s, u"a"_s} << false;
        QTest::newRow("empty") << u"ansible"_s << QString() << QStringList() << false;
    }

    void split()
    {
        QFETCH(QString, syntax);
        QFETCH(QString, text);
        QFETCH(QStringList, words);
        QFETCH(bool, unclosed);
        const WordSyntax how = syntax == u"ssh"       ? sshConfig()
                               : syntax == u"ansible" ? ansible()
                                                      : firewall();
        const QuotedWords split = splitQuotedWords(text, how);
        QCOMPARE(split.words, words);
        QCOMPARE(split.unclosedQuote, unclosed);
    }

    // Every single character, alone and between words: no crash, and a blank never survives
    // outside quotes.
    void everyCharacter()
    {
        for (int u = 1; u < 0x3000; ++u) {
            const QString c = QString(QChar(char16_t(u)));
            const QuotedWords split = splitQuotedWords(u"a"_s + c + u"b"_s, ansible());
            if (QChar(char16_t(u)).isSpace())
                QCOMPARE(split.words, QStringList({u"a"_s, u"b"_s}));
            else if (c == u"'" || c == u"\"")
                QVERIFY(split.unclosedQuote);
            else
                QCOMPARE(split.words, QStringList({u"a"_s + c + u"b"_s}));
        }
    }
};

QTEST_GUILESS_MAIN(TestQuotedWords)
#include "tst_quotedWords.moc"
