// SPDX-License-Identifier: GPL-3.0-or-later
// The devices page's routed-network fields: typing gateways and detect IPs reaches the project,
// a gateway that breaks a rule is listed with its JSON path, and planning fills the detect IPs.
#include "model/ProjectJson.h"
#include "wizard/DevicesPage.h"
#include "wizard/ProjectModel.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTest>

using namespace cw;
using namespace Qt::StringLiterals;

class TestRoutedDevicesPage : public QObject {
    Q_OBJECT

    static void typeInto(QLineEdit *field, const QString &text)
    {
        field->setFocus();
        field->selectAll();
        QTest::keyClick(field, Qt::Key_Delete);
        QTest::keyClicks(field, text);
        QTest::keyClick(field, Qt::Key_Return); // editingFinished
    }

    static QString listed(const QListWidget *list)
    {
        QStringList lines;
        for (int i = 0; i < list->count(); ++i)
            lines << list->item(i)->text();
        return lines.join(u'\n');
    }

private Q_SLOTS:
    void gatewaysAndDetectIpsReachTheProject()
    {
        const ProjectLoad load = loadProjectFile(QStringLiteral(
            CLUSTERWIZ_SOURCE_DIR "/resources/examples/ascend910b-2x8.clusterwiz.json"));
        QVERIFY(load.ok());
        ProjectModel model;
        model.newProject(load.project);
        DevicesPage page(&model);
        page.initializePage();
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *gateways = page.findChild<QLineEdit *>(u"gateways"_s);
        auto *detect = page.findChild<QLineEdit *>(u"detectIps"_s);
        QVERIFY(gateways && detect);
        QVERIFY(gateways->isEnabled());
        QVERIFY(gateways->text().isEmpty());

        // The broadcast address as gateway: refused, naming the gateway and its address.
        typeInto(gateways, u"192.168.100.255"_s);
        QCOMPARE(model.project().deviceNetwork.gateways, QStringList{u"192.168.100.255"_s});
        QTRY_VERIFY2(listed(page.problemList()).contains(u"192.168.100.255"_s) &&
                         listed(page.problemList()).contains(u"gateway"_s, Qt::CaseInsensitive),
                     qPrintable(listed(page.problemList())));
        QVERIFY(!page.validatePage());

        typeInto(gateways, u"192.168.100.254"_s);
        typeInto(detect, u" 10.9.0.1 "_s);
        QCOMPARE(model.project().deviceNetwork.gateways, QStringList{u"192.168.100.254"_s});
        QCOMPARE(model.project().deviceNetwork.detectIps, QStringList{u"10.9.0.1"_s});
        QTRY_VERIFY2(page.validatePage(), qPrintable(listed(page.problemList())));

        // Planning with an empty detect list fills it with the gateway.
        typeInto(detect, QString());
        QVERIFY(model.project().deviceNetwork.detectIps.isEmpty());
        QTest::mouseClick(page.findChild<QPushButton *>(u"plan"_s), Qt::LeftButton);
        QCOMPARE(model.project().deviceNetwork.detectIps, QStringList{u"192.168.100.254"_s});
        QTRY_COMPARE(detect->text(), u"192.168.100.254"_s);
    }
};

QTEST_MAIN(TestRoutedDevicesPage)
#include "tst_routedDevicesPage.moc"
