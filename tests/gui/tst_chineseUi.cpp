// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard in zh_CN, as a Chinese-reading user sees it: the translation is built in and loads,
// and on every page no visible label, button, group, tab, column header, placeholder or
// tooltip-less title is left in English. Words that stay as they are in Huawei's Chinese guides
// (command, file and product names such as SSH, mpirun, rank) are allowed; they are listed below.
#include "WizardTestSupport.h"
#include "checks/CheckCatalogue.h"
#include "fix/FixTable.h"
#include "model/ProjectJson.h"
#include "widgets/CheckReportView.h"
#include "widgets/FixDialog.h"
#include "widgets/ServerProblemText.h"
#include "wizard/ChecksPage.h"
#include "wizard/ClusterWizard.h"
#include "wizard/Language.h"
#include "wizard/PageId.h"
#include "wizard/ProjectModel.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMap>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>
#include <QWizardPage>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// Terms Huawei's Chinese documentation keeps in Latin letters, and names of files, commands and
// formats. Compared case-insensitively, whole words.
const QStringList kKeptTerms{
    u"clusterwiz"_s,
    // The frameworks a job names (launch.framework).
    u"pytorch"_s,
    u"tensorflow"_s,
    u"ssh"_s,
    u"ip"_s,
    u"npu"_s,
    u"gpu"_s,
    u"cpu"_s,
    u"nvidia"_s,
    u"torchrun"_s,
    u"launch"_s,
    u"mpirun"_s,
    u"openmpi"_s,
    u"prefix"_s,
    u"rank"_s,
    u"table"_s,
    u"hccl"_s,
    u"rank_table_file"_s,
    // Environment variables a restarting run's job reads (launch.restart).
    u"clusterwiz_restart_count"_s,
    u"clusterwiz_attempt_servers"_s,
    u"cm"_s,
    u"python"_s,
    u"torch"_s,
    u"png"_s,
    u"svg"_s,
    u"tar"_s,
    u"gz"_s,
    u"json"_s,
    u"sh"_s,
    u"set_env"_s,
    u"hccl_whitelist"_s,
    // Huawei's device tool and its options' names, the same in its Chinese manuals.
    u"hccn_tool"_s,
    u"net_health"_s,
    u"netdetect"_s,
    u"msrun"_s,
    u"mindspore"_s,
    u"worker"_s, // MindSpore's Chinese msrun page keeps "Worker进程"
    u"source"_s,
    u"hostname"_s,
    u"known_hosts"_s,
    u"sha256"_s,
    u"keygen"_s,
    u"lf"_s,
    u"ctrl"_s,
    u"run"_s,
    u"check"_s,
    u"cli"_s,
    u"status"_s,
    u"stop"_s,
    u"device_ips"_s,
    u"config"_s,
    u"lang"_s,
    u"en"_s,
    u"zh_cn"_s,
    u"dir"_s,
    u"loss"_s,
    u"id"_s,
    u"cm_"_s,
    u"shell"_s,
    // The generated files' names, on the Scripts page's tabs.
    u"hostfile"_s,
    u"env"_s,
    u"train"_s,
    u"rank"_s,
    u"rank_table"_s,
    u"setup_device_ips"_s,
    u"readme"_s,
    u"txt"_s,
};

// The user's own values in the example project (its name, file, servers, paths, mode and
// accelerator names): a label that shows them is not English left untranslated.
QStringList userValues()
{
    const cw::ProjectLoad load = cw::loadProjectFile(wizardtest::kExample2x8);
    const cw::Project &p = load.project;
    QStringList values{p.name,
                       u"ascend-2x8.clusterwiz.json"_s,
                       wizardtest::kExample2x8,
                       p.launch.workdir,
                       p.launch.entry,
                       p.launch.logDir,
                       cw::launchModeName(p.launch.mode),
                       cw::acceleratorName(p.accelerator)};
    for (const cw::Server &server : p.servers)
        values << server.name << server.host << server.user;
    values.removeAll(QString());
    // Longest first, so that a path goes before a name it contains.
    std::sort(values.begin(), values.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return values;
}

// The English words left in `text` once the user's values are taken out: runs of Latin letters
// that are not kept terms.
QStringList englishWords(QString text)
{
    static const QStringList values = userValues();
    for (const QString &value : values)
        text.replace(value, u" "_s);
    // Rich text: the markup and entities are not words the user reads.
    static const QRegularExpression markup(u"<[^>]*>|&[A-Za-z]+;|&#[0-9]+;"_s);
    text.replace(markup, u" "_s);
    // Mnemonics: "(&M)" after a Chinese label, "&" inside an English one.
    // "(&U)", or "(U)" as a tool button shows its action's text.
    static const QRegularExpression mnemonic(u"\\(&?[A-Za-z]\\)"_s);
    text.remove(mnemonic).remove(u'&');
    // Keyboard shortcuts are key names in every language ("Ctrl+Shift+Z").
    static const QRegularExpression shortcut(
        u"\\b(Ctrl|Shift|Alt)(\\+(Ctrl|Shift|Alt))*\\+[A-Za-z]\\b"_s);
    text.remove(shortcut);
    static const QRegularExpression word(u"[A-Za-z][A-Za-z_]*"_s);
    QStringList found;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString w = it.next().captured();
        if (!kKeptTerms.contains(w.toLower()))
            found << w;
    }
    return found;
}

} // namespace

class TestChineseUi : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        wizardtest::isolateSettings(m_settings);
        QVERIFY(cw::installTranslators(*QCoreApplication::instance(), u"zh_CN"_s));
    }

    void languagesOffered()
    {
        const QList<cw::Language> languages = cw::availableLanguages();
        QCOMPARE(languages.size(), 3);
        QVERIFY(languages[0].code.isEmpty()); // the system's
        QCOMPARE(languages[2].code, u"zh_CN"_s);
        QVERIFY(!cw::installTranslators(*QCoreApplication::instance(), u"xx"_s));
        cw::setChosenLanguage(u"zh_CN"_s);
        QCOMPARE(cw::effectiveLanguage(), u"zh_CN"_s);
        QCOMPARE(cw::effectiveLanguage(u"en"_s), u"en"_s); // --language wins
        cw::setChosenLanguage({});
        QVERIFY(cw::chosenLanguage().isEmpty());
    }

    void everyPageIsChinese()
    {
        cw::ClusterWizard wizard;
        QCOMPARE(wizard.openProject(wizardtest::kExample2x8), QString());
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QStringList leftovers;
        const QList<int> ids = wizard.pageIds();
        for (;;) {
            QTest::qWait(50);
            QWizardPage *page = wizard.currentPage();
            collect(page->title(), u"page title"_s, page->title(), &leftovers);
            collect(page->subTitle(), u"page subtitle"_s, page->title(), &leftovers);
            for (QWidget *widget : page->findChildren<QWidget *>())
                inspect(widget, page->title(), &leftovers);
            for (int button : {QWizard::NextButton, QWizard::BackButton, QWizard::FinishButton,
                               QWizard::CustomButton1, QWizard::CustomButton2}) {
                if (QAbstractButton *b = wizard.button(QWizard::WizardButton(button));
                    b && b->isVisible())
                    collect(b->text(), u"wizard button"_s, page->title(), &leftovers);
            }
            const int before = wizard.currentId();
            if (before == ids.constLast())
                break;
            wizard.next();
            QVERIFY2(wizard.currentId() != before, "Next refused");
        }
        QVERIFY2(leftovers.isEmpty(), qPrintable(leftovers.join(u'\n')));
    }

    // The core's text: a validation problem on the Servers page, check statuses and reasons on
    // the Checks page and a fix's title, all in Chinese (the CLI keeps them English: tst_cli).
    void validationProblemIsChinese()
    {
        cw::ClusterWizard wizard;
        QCOMPARE(wizard.openProject(wizardtest::kExample2x8), QString());
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        QCOMPARE(wizard.currentId(), int(cw::ServersPageId));
        cw::Project broken = wizard.model()->project();
        broken.servers[0].host = u"-bad"_s;
        wizard.model()->setProject(broken);
        wizard.next(); // refused: the page names the problem
        QCOMPARE(wizard.currentId(), int(cw::ServersPageId));
        auto *message = wizard.currentPage()->findChild<QLabel *>(u"message"_s);
        QVERIFY(message);
        // The Servers page words it after its table (ServerProblemText), in Chinese.
        const cw::Problems problems = wizard.model()->problemsIn(cw::ProblemArea::Servers);
        QVERIFY(!problems.empty());
        QCOMPARE(message->text(), cw::ServerProblemText::text(problems.front(), broken));
        QVERIFY2(message->text().contains(u"不能以“-”开头"_s), qPrintable(message->text()));
        // The core's own translation of the same problem (the Devices and Launch pages' way).
        QCOMPARE(problems.front().translatedString(),
                 u"servers[0].host: server0：主机 “-bad”不能以“-”开头"_s);
        if (const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR"); !keep.isEmpty())
            QVERIFY(wizard.grab().save(keep + u"/zh-servers-problem.png"_s));
        // The same problem stays English for the CLI and the project's JSON.
        QCOMPARE(problems.front().toString(),
                 u"servers[0].host: server0: host \"-bad\" must not start with '-'"_s);
    }

    void devicesPageProblemIsChinese()
    {
        cw::ClusterWizard wizard;
        QCOMPARE(wizard.openProject(wizardtest::kExample2x8), QString());
        cw::Project broken = wizard.model()->project();
        broken.servers[1].deviceIps[4] = u"192.168.100.999"_s;
        wizard.model()->setProject(broken);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        while (wizard.currentId() != cw::DevicesPageId) {
            const int before = wizard.currentId();
            wizard.next();
            QVERIFY2(wizard.currentId() != before, "Next refused");
        }
        auto *list = wizard.currentPage()->findChild<QListWidget *>(u"deviceProblems"_s);
        QVERIFY(list);
        QVERIFY(list->count() > 0);
        // The page's words, not the project file's path.
        QCOMPARE(list->item(0)->text(),
                 u"server1 设备 4：“192.168.100.999”不是 IPv4 地址（a.b.c.d）"_s);

        // Typed in: an address in another device's segment and a repeated one, in Chinese
        // through and through ("devices 0 and 4" was left English).
        auto *table = wizard.currentPage()->findChild<QTableView *>(u"deviceTable"_s);
        QVERIFY(wizardtest::typeIntoCell(table, 0, 2 + 3, u"192.168.100.50"_s));
        QVERIFY(wizardtest::typeIntoCell(table, 0, 2 + 6, broken.servers[1].deviceIps[6]));
        QTRY_VERIFY(list->count() >= 3);
        QStringList english;
        for (int i = 0; i < list->count(); ++i) {
            // "IPv4" and "a.b.c.d" are the terms of the format line checked above.
            if (!list->item(i)->text().contains(u"192.168.100.999"_s))
                collect(list->item(i)->text(), u"problem"_s, u"Devices"_s, &english);
        }
        auto *message = wizard.currentPage()->findChild<QLabel *>(u"message"_s);
        collect(message->text(), u"message"_s, u"Devices"_s, &english);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(u'\n')));
        QVERIFY2(message->text().contains(u"自动规划"_s), qPrintable(message->text()));
        if (const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR"); !keep.isEmpty())
            QVERIFY(wizard.grab().save(keep + u"/zh-devices-problems.png"_s));
    }

    // A connection that fails: libssh's English kept in brackets after a Chinese sentence, in
    // the problems list under the table and in the Status cell.
    void connectionFailureIsChinese()
    {
        cw::ClusterWizard wizard;
        QCOMPARE(wizard.openProject(wizardtest::kExample2x8), QString());
        wizard.resize(1180, 800);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QTest::mouseClick(wizard.button(QWizard::NextButton), Qt::LeftButton);
        auto *table = wizard.currentPage()->findChild<QTableView *>(u"serverTable"_s);
        QVERIFY(wizardtest::typeIntoCell(table, 0, 1, u"127.0.0.1"_s));
        QVERIFY(wizardtest::typeIntoCell(table, 0, 2, u"1"_s)); // nothing listens there
        table->setCurrentIndex(table->model()->index(0, 0));
        QTest::mouseClick(wizard.currentPage()->findChild<QAbstractButton *>(u"testSelected"_s),
                          Qt::LeftButton);
        auto *list = wizard.currentPage()->findChild<QListWidget *>(u"serverProblems"_s);
        const auto failure = [&] {
            for (int i = 0; i < list->count(); ++i)
                if (list->item(i)->text().contains(u'['))
                    return list->item(i)->text();
            return QString();
        };
        QTRY_VERIFY_WITH_TIMEOUT(!failure().isEmpty(), 30000);
        const QString line = failure();
        QVERIFY2(line.startsWith(u"server0："_s) && line.endsWith(u']'), qPrintable(line));
        QStringList english;
        collect(line.section(u'[', 0, 0), u"problem"_s, u"Servers"_s, &english);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(u'\n')));
        const QString status =
            table->model()->index(0, table->model()->columnCount() - 1).data().toString();
        QVERIFY2(status.contains(u'['), qPrintable(status));
        if (const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR"); !keep.isEmpty())
            QVERIFY(wizard.grab().save(keep + u"/zh-servers-connection.png"_s));
    }

    void checkStatusesReasonsAndFixesAreChinese()
    {
        cw::ClusterWizard wizard;
        QCOMPARE(wizard.openProject(wizardtest::kExample2x8), QString());
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        while (wizard.currentId() != cw::ChecksPageId) {
            const int before = wizard.currentId();
            wizard.next();
            QVERIFY2(wizard.currentId() != before, "Next refused");
        }
        // No server answered: the SSH check fails and the others are skipped, as the catalogue
        // decides them.
        const cw::CheckReport report =
            cw::evaluateChecks(wizard.model()->project(), {}, cw::ActiveProbes{});
        auto *page = static_cast<cw::ChecksPage *>(wizard.currentPage());
        cw::CheckReportView *view = page->reportView();
        view->setReport(report);
        QTreeWidgetItem *server = view->topLevelItem(0);
        QVERIFY(server);
        QCOMPARE(server->text(1), u"失败"_s);
        QStringList statuses;
        QStringList reasons;
        for (int i = 0; i < server->childCount(); ++i) {
            statuses << server->child(i)->text(1);
            reasons << server->child(i)->text(2);
        }
        QVERIFY2(statuses.contains(u"已跳过"_s), qPrintable(statuses.join(u", "_s)));
        QVERIFY2(reasons.contains(u"未检查：未能连接该服务器"_s),
                 qPrintable(reasons.join(u"\n"_s)));
        QVERIFY2(std::any_of(reasons.cbegin(), reasons.cend(),
                             [](const QString &r) { return r.startsWith(u"无法连接："_s); }),
                 qPrintable(reasons.join(u"\n"_s)));
        // The report itself stays English (the CLI prints it).
        QVERIFY(std::any_of(report.results.cbegin(), report.results.cend(),
                            [](const cw::CheckResult &r) {
                                return r.reason == u"not checked: the server was not reached"_s;
                            }));

        const cw::FixPlan plan = cw::newFixPlan(cw::fix::kOpenPorts);
        QCOMPARE(plan.translatedTitle(), u"只在每台服务器的防火墙中放行作业所需端口"_s);
        QCOMPARE(plan.title, u"Open only the job's ports in each server's firewall"_s);
        cw::FixDialog dialog(wizard.model()->project(),
                             {plan, cw::newFixPlan(cw::fix::kDeploySshKey)}, u"应用"_s);
        auto *choice = dialog.findChild<QComboBox *>(u"fixChoice"_s);
        QVERIFY(choice);
        QCOMPARE(choice->itemText(0), u"只在每台服务器的防火墙中放行作业所需端口 (open-ports)"_s);
        QCOMPARE(choice->itemText(1), u"让主节点用其密钥登录其他服务器 (deploy-ssh-key)"_s);
        if (const QString keep = qEnvironmentVariable("CLUSTERWIZ_SCREENSHOT_DIR");
            !keep.isEmpty()) {
            QVERIFY(wizard.grab().save(keep + u"/zh-checks.png"_s));
            dialog.setVisible(true);
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QVERIFY(dialog.grab().save(keep + u"/zh-fix-choice.png"_s));
        }
    }

    // Discovery's own words for what it could not read ("hccn_tool not found", a net health
    // "unknown") reach the Checks page's reasons: in Chinese there.
    void deviceFactsUnreadAreChinese()
    {
        cw::ClusterWizard wizard;
        QCOMPARE(wizard.openProject(wizardtest::kExample2x8), QString());
        const cw::Project &project = wizard.model()->project();
        std::vector<cw::ServerDiscovery> discovery;
        for (int s = 0; s < 2; ++s) {
            cw::ServerFacts facts;
            facts.complete = true;
            for (const int device : project.servers[size_t(s)].devices) {
                cw::AscendDeviceFacts unread;
                unread.device = device;
                unread.ipError = u"hccn_tool not found"_s; // as discover/FactReaders.cpp says
                unread.linkError = u"hccn_tool not found"_s;
                facts.ascendDevices.push_back(unread);
            }
            cw::ServerDiscovery found;
            found.connection.serverIndex = s;
            found.connection.endpoint = u"10.0.0.%1:22"_s.arg(22 + s);
            found.facts = facts;
            discovery.push_back(found);
        }
        const cw::CheckReport report = cw::evaluateChecks(project, discovery, cw::ActiveProbes{});
        auto *page = static_cast<cw::ChecksPage *>(wizard.page(cw::ChecksPageId));
        page->reportView()->setReport(report);
        QTreeWidgetItem *server = page->reportView()->topLevelItem(0);
        QVERIFY(server);
        QMap<QString, QString> reasons;
        for (int i = 0; i < server->childCount(); ++i)
            reasons[server->child(i)->text(0)] = server->child(i)->text(2);
        const QStringList ids{u"device-ips"_s, u"device-links"_s, u"device-net-health"_s};
        QStringList english;
        for (const QString &id : ids) {
            QVERIFY2(reasons.contains(id), qPrintable(reasons.keys().join(u", "_s)));
            collect(reasons[id], id, u"Checks"_s, &english);
        }
        QVERIFY2(english.isEmpty(), qPrintable(english.join(u'\n')));
        QVERIFY2(reasons[u"device-ips"_s].contains(u"未找到 hccn_tool"_s),
                 qPrintable(reasons[u"device-ips"_s]));
        QVERIFY2(reasons[u"device-links"_s].contains(u"未找到 hccn_tool"_s),
                 qPrintable(reasons[u"device-links"_s]));
        QVERIFY2(reasons[u"device-net-health"_s].contains(u"设备 0：未知"_s),
                 qPrintable(reasons[u"device-net-health"_s]));
        // The CLI's report keeps discovery's English.
        const cw::CheckResult *links = report.find(u"device-links"_s, 0);
        QVERIFY(links && links->reason.contains(u"hccn_tool not found"_s));
    }

private:
    static void collect(const QString &text, const QString &what, const QString &page,
                        QStringList *out)
    {
        const QStringList words = englishWords(text);
        if (!words.isEmpty())
            *out << u"%1, %2 \"%3\": %4"_s.arg(page, what, text, words.join(u", "_s));
    }

    // Texts the program wrote (not the project's values: table cells, editors' contents, the
    // script preview, the topology's server names are the user's data).
    static void inspect(QWidget *widget, const QString &page, QStringList *out)
    {
        if (!widget->isVisibleTo(widget->window()))
            return;
        if (auto *label = qobject_cast<QLabel *>(widget)) {
            collect(label->text(), u"label"_s, page, out);
        } else if (auto *button = qobject_cast<QAbstractButton *>(widget)) {
            collect(button->text(), u"button"_s, page, out);
        } else if (auto *group = qobject_cast<QGroupBox *>(widget)) {
            collect(group->title(), u"group"_s, page, out);
        } else if (auto *tabs = qobject_cast<QTabWidget *>(widget)) {
            for (int i = 0; i < tabs->count(); ++i)
                collect(tabs->tabText(i), u"tab"_s, page, out);
        } else if (auto *edit = qobject_cast<QLineEdit *>(widget)) {
            collect(edit->placeholderText(), u"placeholder"_s, page, out);
        } else if (auto *text = qobject_cast<QPlainTextEdit *>(widget)) {
            collect(text->placeholderText(), u"placeholder"_s, page, out);
        } else if (auto *view = qobject_cast<QTableView *>(widget)) {
            QAbstractItemModel *model = view->model();
            for (int c = 0; model && c < model->columnCount(); ++c)
                collect(model->headerData(c, Qt::Horizontal).toString(), u"column"_s, page, out);
        }
    }

    QTemporaryDir m_settings;
};

QTEST_MAIN(TestChineseUi)
#include "tst_chineseUi.moc"
