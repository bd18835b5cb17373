// SPDX-License-Identifier: GPL-3.0-or-later
// The Servers page offers the ssh config's hosts: "From ssh config" lists the Host aliases (with
// their jump hosts) and adds a server by alias, leaving address, user and key to the config; the
// host cell's editor completes the same aliases. Offscreen, no server needed.
#include "WizardTestSupport.h"

#include "widgets/ServerTable.h"
#include "wizard/ProjectModel.h"
#include "wizard/ServersPage.h"

#include <QAbstractItemModel>
#include <QCompleter>
#include <QFile>
#include <QMenu>
#include <QPushButton>

using namespace cw;
using namespace Qt::StringLiterals;
using namespace wizardtest;

class TestSshConfigPicker : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    static bool writeFile(const QString &path, const QByteArray &text)
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
               file.write(text) == text.size();
    }

    static QStringList menuTexts(QMenu *menu)
    {
        QStringList texts;
        for (QAction *action : menu->actions())
            texts << action->text();
        return texts;
    }

    static QAction *actionFor(QMenu *menu, const QString &alias)
    {
        for (QAction *action : menu->actions()) {
            if (action->data().toString() == alias)
                return action;
        }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
        // The default config is the user's: a home of the test's own.
        qputenv("HOME", m_dir.filePath(u"home"_s).toUtf8());
        QVERIFY(QDir().mkpath(m_dir.filePath(u"home/.ssh"_s)));
        QVERIFY(writeFile(m_dir.filePath(u"home/.ssh/config"_s),
                          "Host bastion\n  HostName 10.0.0.1\n"
                          "Host inner1 inner2\n  ProxyJump bastion\n"
                          "Host *.lab !x\n  User train\n"));
    }

    void addsAServerByItsAlias()
    {
        ProjectModel model;
        model.newProject(Project{});
        ServersPage page(&model);
        page.initializePage();
        auto *button = page.findChild<QPushButton *>(u"fromSshConfig"_s);
        QVERIFY(button);
        QVERIFY(button->isEnabled());
        QCOMPARE(button->menu(), page.sshConfigMenu());
        QCOMPARE(menuTexts(page.sshConfigMenu()),
                 (QStringList{u"bastion"_s, u"inner1 (via bastion)"_s, u"inner2 (via bastion)"_s}));

        actionFor(page.sshConfigMenu(), u"inner1"_s)->trigger();
        QCOMPARE(model.project().servers.size(), size_t(1));
        const Server &added = model.project().servers[0];
        QCOMPARE(added.name, u"inner1"_s);
        QCOMPARE(added.host, u"inner1"_s);
        QCOMPARE(added.port, 22);
        QVERIFY(added.user.isEmpty());
        QVERIFY(added.identityFile.isEmpty());
        QCOMPARE(page.table()->text(0, ServerTable::Host), u"inner1"_s);

        // The name is taken now: the second one gets a numbered name, the same alias as host.
        actionFor(page.sshConfigMenu(), u"inner1"_s)->trigger();
        QCOMPARE(model.project().servers.size(), size_t(2));
        QCOMPARE(model.project().servers[1].name, u"server1"_s);
        QCOMPARE(model.project().servers[1].host, u"inner1"_s);
    }

    void hostCellCompletesAliases()
    {
        ProjectModel model;
        Project project;
        project.servers.resize(1);
        project.servers[0].name = u"first"_s;
        model.newProject(project);
        ServersPage page(&model);
        page.initializePage();
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QCOMPARE(page.table()->hostSuggestions(),
                 (QStringList{u"bastion"_s, u"inner1"_s, u"inner2"_s}));
        ServerTable *table = page.table();
        table->setFocus();
        table->setCurrentCell(0, ServerTable::Host);
        QTest::keyClick(table->viewport(), Qt::Key_F2);
        QLineEdit *editor = nullptr;
        for (QLineEdit *candidate : table->viewport()->findChildren<QLineEdit *>()) {
            if (candidate->isVisible())
                editor = candidate;
        }
        QVERIFY(editor);
        QVERIFY(editor->completer());
        editor->completer()->setCompletionPrefix(u"INN"_s);
        QCOMPARE(editor->completer()->completionCount(), 2);
        QCOMPARE(editor->completer()->currentCompletion(), u"inner1"_s);
        QVERIFY(typeIntoCell(table, 0, ServerTable::Host, u"inner2"_s));
        QCOMPARE(model.project().servers[0].host, u"inner2"_s);
    }

    void followsTheFleetOptionsConfig()
    {
        ProjectModel model;
        model.newProject(Project{});
        ServersPage page(&model);
        const QString other = m_dir.filePath(u"other_config"_s);
        QVERIFY(writeFile(other, "Host gpu-a gpu-b\n  ProxyJump gate:2222\n"));
        FleetOptions options;
        options.sshConfigFile = other;
        page.setFleetOptions(options);
        QCOMPARE(menuTexts(page.sshConfigMenu()),
                 (QStringList{u"gpu-a (via gate:2222)"_s, u"gpu-b (via gate:2222)"_s}));

        options.parseSshConfig = false; // no config read: nothing to offer
        page.setFleetOptions(options);
        QVERIFY(page.sshConfigMenu()->isEmpty());
        QVERIFY(!page.findChild<QPushButton *>(u"fromSshConfig"_s)->isEnabled());
        QVERIFY(page.table()->hostSuggestions().isEmpty());
    }
};

QTEST_MAIN(TestSshConfigPicker)
#include "tst_sshConfigPicker.moc"
