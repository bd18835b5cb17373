// SPDX-License-Identifier: GPL-3.0-or-later
// firewall-ports in both languages over many rule sets (FirewallDifferential.h): for each one,
// the C++ verdict's line and the line of check.sh's awk program, run on its own under every awk
// this machine has (mawk is Debian's and Ubuntu's awk, gawk RHEL's and openEuler's, busybox awk
// Alpine's), must be the same status and the same reason, word for word.
// tst_checkDifferential runs the whole check.sh over the recorded rule sets themselves.
#include "FirewallDifferential.h"

#include "model/ProjectJson.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace cw;
using namespace cwtest;

namespace {

Project example(const QString &name)
{
    const ProjectLoad load =
        loadProjectFile(QStringLiteral(CLUSTERWIZ_SOURCE_DIR "/resources/examples/") + name);
    if (!load.ok())
        qFatal("cannot load %s", qPrintable(name));
    return load.project;
}

struct Comparison {
    int compared = 0;
    QStringList differences; // "CASE, PROJECT (AWK): C++ LINE / awk LINE"
};

// Every case under the first awk; under the others the recorded rule sets and every `others`-th
// case. The cpu project's ephemeral range is sampled, not walked: the recorded rule sets do.
Comparison compare(const std::vector<FirewallCase> &cases, int others,
                   const std::vector<std::pair<QString, QString>> &edits = {})
{
    Comparison result;
    const std::vector<QStringList> awks = awkCommands();
    for (const QString &file : {u"ascend-2x8.clusterwiz.json"_s, u"cpu-2x2.clusterwiz.json"_s}) {
        const Project project = example(file);
        QString program = firewallAwkProgram(QString::fromUtf8(checkScript(project)));
        for (const auto &[from, to] : edits)
            program.replace(from, to);
        const QString ports = masterPortLines(project);
        for (size_t k = 0; k < cases.size(); ++k) {
            const bool recorded = !cases[k].name.contains(u' ');
            if (file.startsWith(u"cpu"_s) && !recorded)
                continue;
            const QString expected = cppFirewallLine(project, cases[k].sections);
            for (size_t a = 0; a < awks.size(); ++a) {
                if (a > 0 && !recorded && k % size_t(others) != 0)
                    continue;
                const QString line = awkFirewallLine(awks[a], program, cases[k].sections, ports);
                ++result.compared;
                if (line != expected)
                    result.differences << u"%1, %2 (%3):\n  C++: %4\n  awk: %5"_s.arg(
                        cases[k].name, file, awks[a].join(u' '), expected, line);
            }
        }
    }
    return result;
}

} // namespace

class TestFirewallDifferential : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameLines()
    {
        const std::vector<QStringList> awks = awkCommands();
        QVERIFY(!awks.empty());
        const std::vector<FirewallCase> cases = firewallCases();
        QVERIFY(cases.size() > 300);
        const Comparison result = compare(cases, 10);
        qInfo("%d lines compared over %zu rule sets; awks: %d", result.compared, cases.size(),
              int(awks.size()));
        QVERIFY(result.compared > int(cases.size()));
        QVERIFY2(result.differences.isEmpty(),
                 qPrintable(u"%1 differ; the first:\n"_s.arg(result.differences.size()) +
                            result.differences.mid(0, 8).join(u'\n')));
    }

    // The comparison itself can fail: an awk program whose ufw default was turned round on purpose
    // is caught, on the rule set where the default decides.
    void brokenAwkVerdictIsCaught()
    {
        const std::vector<FirewallCase> all = firewallCases();
        std::vector<FirewallCase> cases;
        for (const FirewallCase &c : all) {
            if (c.name == u"ufw/active.txt"_s || c.name == u"ufw/reject-master.txt"_s ||
                c.name == u"nft/drop-master-port.txt"_s)
                cases.push_back(c);
        }
        QCOMPARE(cases.size(), size_t(3));
        const QString from = u"return \"B0Default: \" UFW_DEFAULT"_s;
        QVERIFY(firewallAwkProgram(
                    QString::fromUtf8(checkScript(example(u"cpu-2x2.clusterwiz.json"_s))))
                    .contains(from));
        const Comparison result =
            compare(cases, 1, {{from, u"return \"A0Default: \" UFW_DEFAULT"_s}});
        QVERIFY2(!result.differences.isEmpty(), "a broken awk verdict went unnoticed");
        for (const QString &difference : result.differences)
            QVERIFY2(difference.startsWith(u"ufw/active.txt, "_s), qPrintable(difference));
    }
};

QTEST_GUILESS_MAIN(TestFirewallDifferential)
#include "tst_firewallDifferential.moc"
