// SPDX-License-Identifier: GPL-3.0-or-later
// In-process cost of the export path for the largest cluster the product supports: plan the
// device network, validate, and generate every script for 128 servers x 8 Ascend devices.
//
//   bench_generate [--runs N] [--max-ms MS] [--write-project FILE]
//
// Prints median and min per stage and in total; with --max-ms exits 1 when the median total is
// over the bar. --write-project saves the planned project, so scripts/bench.sh can time
// `clusterwiz-cli generate` on exactly the same input.
#include "generate/Generator.h"
#include "model/ProjectJson.h"
#include "plan/Planner.h"
#include "rules/ProjectValidator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

cw::Project benchProject()
{
    cw::Project project;
    project.name = u"bench-128x8"_s;
    project.accelerator = cw::Accelerator::Ascend910;
    for (int i = 0; i < cw::kMaxServers; ++i) {
        cw::Server server;
        server.name = u"server%1"_s.arg(i, 3, 10, QLatin1Char('0'));
        server.host = u"10.0.%1.%2"_s.arg(i / 200).arg(i % 200 + 1);
        server.user = u"root"_s;
        server.nic = u"eth0"_s;
        server.devices = {0, 1, 2, 3, 4, 5, 6, 7};
        project.servers.push_back(server);
    }
    // ranktable mode writes every file the generator knows, rank_table.json with 1024 devices
    // included: the heaviest export there is.
    project.launch.mode = cw::LaunchMode::RankTable;
    project.launch.workdir = u"/home/train/resnet50"_s;
    project.launch.entry = u"train.py"_s;
    project.launch.args = {u"--epochs"_s, u"90"_s};
    project.launch.envSetup = {u"source /usr/local/Ascend/ascend-toolkit/set_env.sh"_s};
    project.launch.env = {{u"HCCL_WHITELIST_DISABLE"_s, u"1"_s}};
    return project;
}

struct Samples {
    std::vector<double> ms;

    double median() const
    {
        std::vector<double> sorted = ms;
        std::sort(sorted.begin(), sorted.end());
        const size_t n = sorted.size();
        return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
    double min() const { return *std::min_element(ms.begin(), ms.end()); }
};

double msSince(const QElapsedTimer &timer)
{
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription(u"Plan + validate + generate for 128 servers x 8 devices."_s);
    parser.addHelpOption();
    const QCommandLineOption runsOption(u"runs"_s, u"Timed runs (default 30)."_s, u"N"_s, u"30"_s);
    const QCommandLineOption maxOption(u"max-ms"_s, u"Exit 1 when the median is over MS."_s,
                                       u"MS"_s);
    const QCommandLineOption writeOption(u"write-project"_s, u"Save the planned project."_s,
                                         u"FILE"_s);
    parser.addOptions({runsOption, maxOption, writeOption});
    parser.process(app);
    bool ok = false;
    const int runs = parser.value(runsOption).toInt(&ok);
    if (!ok || runs < 1) {
        err << "bench_generate: --runs needs a positive number\n";
        return 64;
    }

    const cw::Project project = benchProject();
    Samples plan, validate, generate, total;
    size_t files = 0;
    qint64 bytes = 0;
    cw::Project planned;
    // One untimed run first: page faults and lazy Qt initialisation are not what we measure.
    for (int run = -1; run < runs; ++run) {
        QElapsedTimer timer;
        timer.start();
        const cw::PlanResult planResult = cw::planDeviceNetwork(project);
        const double planMs = msSince(timer);
        if (!planResult.ok) {
            err << "bench_generate: no plan: " << planResult.reason << '\n';
            return 1;
        }
        const cw::ProjectValidation rules = cw::validated(planResult.project);
        const double validateMs = msSince(timer);
        if (!rules.ok()) {
            err << "bench_generate: planned project is invalid: "
                << rules.problems.front().toString() << '\n';
            return 1;
        }
        const std::vector<cw::GeneratedFile> generated = cw::generateScripts(*rules.valid);
        const double totalMs = msSince(timer);
        if (generated.empty()) {
            err << "bench_generate: generate failed\n";
            return 1;
        }
        if (run < 0) {
            planned = planResult.project;
            files = generated.size();
            for (const cw::GeneratedFile &file : generated)
                bytes += file.content.size();
            continue;
        }
        plan.ms.push_back(planMs);
        validate.ms.push_back(validateMs - planMs);
        generate.ms.push_back(totalMs - validateMs);
        total.ms.push_back(totalMs);
    }

    out << "bench_generate: " << planned.servers.size() << " servers x 8 devices, mode ranktable, "
        << files << " files, " << bytes << " bytes, " << runs << " runs\n";
    auto row = [&](const char *name, const Samples &s) {
        out << "  " << QString::fromLatin1(name).leftJustified(10) << " median "
            << QString::number(s.median(), 'f', 3).rightJustified(8) << " ms   min "
            << QString::number(s.min(), 'f', 3).rightJustified(8) << " ms\n";
    };
    row("plan", plan);
    row("validate", validate);
    row("generate", generate);
    row("total", total);
    out.flush();

    if (parser.isSet(writeOption)) {
        if (const QString error = cw::saveProjectFile(planned, parser.value(writeOption));
            !error.isEmpty()) {
            err << "bench_generate: " << error << '\n';
            return 2;
        }
    }
    if (parser.isSet(maxOption)) {
        const double bar = parser.value(maxOption).toDouble(&ok);
        if (!ok) {
            err << "bench_generate: --max-ms needs a number\n";
            return 64;
        }
        out << "  bar: median total under " << bar
            << " ms: " << (total.median() < bar ? "PASS" : "FAIL") << '\n';
        return total.median() < bar ? 0 : 1;
    }
    return 0;
}
