// SPDX-License-Identifier: GPL-3.0-or-later
// The sentence the Servers page shows for a mistake typed into its table, in English and in
// Chinese: built from the problem's kind and values (ServerProblemText), it names the server, the
// column and the value, never a JSON path ("servers[1].host_ip") or member ("host_ip"). Each row
// types into the real table with keys (F2, text, Enter), reads the line beside the table and the
// cell's tooltip, then clicks Next and reads the refusal.
#include "WizardTestSupport.h"

#include "widgets/ServerTable.h"
#include "wizard/ClusterWizard.h"
#include "wizard/Language.h"
#include "wizard/PageId.h"
#include "wizard/ServersPage.h"

#include <QLabel>
#include <QListWidget>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

namespace {

struct Edit {
    int row;
    int column;
    QString text;
};
using Edits = QList<Edit>;

} // namespace

Q_DECLARE_METATYPE(Edits)

class TestServerProblems : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    void addRows()
    {
        QTest::addColumn<Edits>("edits");
        QTest::addColumn<int>("column"); // the cell marked, in the last edit's row
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("host ip") << Edits{{0, ServerTable::HostIp, u"10.0.0.300"_s}}
                                 << int(ServerTable::HostIp)
                                 << u"server0: Host IP \"10.0.0.300\" is not an IPv4 address like "
                                    "10.0.0.22."_s
                                 << u"server0：主机 IP“10.0.0.300”不是 IPv4 地址（应形如 "
                                    "10.0.0.22）。"_s;
        QTest::newRow("host dash")
            << Edits{{1, ServerTable::Host, u"-bad"_s}} << int(ServerTable::Host)
            << u"server1: Address or alias \"-bad\" must not start with "
               "'-'."_s
            << u"server1：地址或别名“-bad”不能以“-”开头。"_s;
        QTest::newRow("host empty")
            << Edits{{1, ServerTable::Host, QString()}} << int(ServerTable::Host)
            << u"server1: Address or alias is empty."_s << u"server1：地址或别名为空。"_s;
        QTest::newRow("host alias")
            << Edits{{0, ServerTable::Host, u"gpu box"_s}} << int(ServerTable::Host)
            << u"server0: Address or alias \"gpu box\" is not an address, a host name or an ssh "
               "config alias."_s
            << u"server0：地址或别名“gpu box”不是地址、主机名或 ssh 配置中的别名。"_s;
        QTest::newRow("port") << Edits{{0, ServerTable::Port, u"70000"_s}} << int(ServerTable::Port)
                              << u"server0: Port 70000 is not a port from 1 to 65535."_s
                              << u"server0：端口 70000 不是 1 到 65535 之间的端口。"_s;
        QTest::newRow("user") << Edits{{0, ServerTable::User, u"ro'ot"_s}} << int(ServerTable::User)
                              << u"server0: User \"ro'ot\" is not a valid user name."_s
                              << u"server0：用户“ro'ot”不是有效的用户名。"_s;
        // A name that is no valid one cannot name its server: the row does.
        QTest::newRow("server name")
            << Edits{{1, ServerTable::Name, u"a b"_s}} << int(ServerTable::Name)
            << u"Row 2: Name \"a b\" may use only letters, digits, '.', '_' and '-' (not first), "
               "at most 64 of them."_s
            << u"第 2 行：名称“a b”只能使用字母、数字、“.”、“_”和“-”（不能打头），最多 64 "
               "个字符。"_s;
        QTest::newRow("name taken")
            << Edits{{1, ServerTable::Name, u"server0"_s}} << int(ServerTable::Name)
            << u"Row 2: Name \"server0\" is already the name of row 1; every server needs its "
               "own."_s
            << u"第 2 行：名称“server0”已是第 1 行的名称；每台服务器的名称必须不同。"_s;
        QTest::newRow("host ip taken")
            << Edits{{1, ServerTable::HostIp, u"10.0.0.22"_s}} << int(ServerTable::HostIp)
            << u"server1: Host IP 10.0.0.22 is also the address of server0; every server needs "
               "its own."_s
            << u"server1：主机 IP 10.0.0.22 也是 server0 的地址；每台服务器的地址必须不同。"_s;
        QTest::newRow("host ip missing")
            << Edits{{0, ServerTable::Host, u"node-a"_s}, {0, ServerTable::HostIp, QString()}}
            << int(ServerTable::HostIp)
            << u"server0: Host IP is empty and Address or alias \"node-a\" is not an IPv4 "
               "address; enter the address the servers reach each other by, or click Test "
               "connection and then Apply discovered values."_s
            << u"server0：主机 IP为空，而地址或别名“node-a”不是 IPv4 地址；请填写服务器之间互相访问"
               "所用的地址，或单击“测试连接”后再单击“应用发现的值”。"_s;
    }

    // The Servers page of the 2x8 example, after `edits` typed in.
    void check(bool inChinese)
    {
        QFETCH(Edits, edits);
        QFETCH(int, column);
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        const QString sentence = inChinese ? chinese : english;
        ClusterWizard wizard;
        QCOMPARE(wizard.openProject(kExample2x8), QString());
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        auto *page = qobject_cast<ServersPage *>(wizard.currentPage());
        QVERIFY(page);
        ServerTable *table = page->table();
        for (const Edit &edit : edits)
            QVERIFY(typeIntoCell(table, edit.row, edit.column, edit.text));
        const int row = edits.constLast().row;
        QListWidget *problems = page->problemList();
        QTRY_COMPARE(problems->count(), 1);
        QCOMPARE(problems->item(0)->text(), sentence);
        QVERIFY(table->isInvalid(row, column));
        QCOMPARE(table->model()->index(row, column).data(Qt::ToolTipRole).toString(), sentence);
        QVERIFY2(!sentence.contains(u"servers["_s) && !sentence.contains(u"host_ip"_s),
                 qPrintable(sentence));

        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        QCOMPARE(wizard.currentId(), int(ServersPageId));
        QCOMPARE(page->findChild<QLabel *>(u"message"_s)->text(), sentence);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void english_data() { addRows(); }
    void english() { check(false); }

    // After the English rows: a translator, once installed, stays.
    void chinese_data() { addRows(); }
    void chinese()
    {
        static const bool installed = installTranslators(*QCoreApplication::instance(), u"zh_CN"_s);
        QVERIFY(installed);
        check(true);
    }
};

QTEST_MAIN(TestServerProblems)
#include "tst_serverProblems.moc"
