// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/ClusterWizard.h"
#include "wizard/Language.h"
#include "wizard/PageId.h"
#include "wizard/RunPage.h"
#include "wizard/ScreenshotTour.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

#include <cstdio>
#include <cstdlib>

using namespace Qt::StringLiterals;

namespace {
// QApplication aborts without a display; say what to use instead before it gets the chance.
bool haveDisplay(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "-platform") == 0)
            return true;
    }
    return !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") ||
           !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

// The value of --language, read before the parser exists so that its help text is translated.
QString languageArgument(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument.startsWith("--language="))
            return QString::fromLocal8Bit(argument.mid(11));
        if (argument == "--language" && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
    }
    return {};
}
} // namespace

int main(int argc, char *argv[])
{
    if (!haveDisplay(argc, argv)) {
        std::fputs("clusterwiz: no display; use clusterwiz-cli on headless machines, e.g. "
                   "clusterwiz-cli generate PROJECT -o OUT_DIR\n",
                   stderr);
        return 3;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(u"clusterwiz"_s);
    QApplication::setOrganizationDomain(u"clusterwiz.org"_s);
    QApplication::setApplicationVersion(QStringLiteral(CLUSTERWIZ_VERSION));
    const QString language = cw::effectiveLanguage(languageArgument(argc, argv));
    if (!cw::installTranslators(app, language)) {
        std::fprintf(stderr, "clusterwiz: no translation for '%s'; the wizard stays in English\n",
                     qPrintable(language));
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Set up and launch training jobs across accelerator servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(u"project"_s,
                                 QApplication::translate("main", "Project file to open."));
    const QCommandLineOption screenshots(
        u"screenshots"_s,
        QApplication::translate("main", "Save a PNG of every page into DIR and quit."), u"DIR"_s);
    parser.addOption(screenshots);
    const QCommandLineOption languageOption(
        u"language"_s,
        QApplication::translate("main", "Show the wizard in LANG (en, zh_CN) this time."),
        u"LANG"_s);
    parser.addOption(languageOption);
    const QCommandLineOption demoRun(
        u"demo-run"_s,
        QApplication::translate("main", "Open the Run page with a recorded run (nothing runs)."));
    parser.addOption(demoRun);
    parser.process(app);

    cw::ClusterWizard wizard;
    QString project = parser.positionalArguments().value(0);
    if (project.isEmpty())
        project = cw::ClusterWizard::examplesDir() + u"/ascend-2x8.clusterwiz.json"_s;
    const QString error = wizard.openProject(project);
    if (!error.isEmpty() && !parser.isSet(screenshots))
        QMessageBox::warning(&wizard, QApplication::translate("main", "Open project"), error);
    wizard.show();
    if (parser.isSet(demoRun)) {
        wizard.goToStep(cw::RunPageId);
        if (auto *run = qobject_cast<cw::RunPage *>(wizard.currentPage()))
            cw::showDemoRun(wizard, run);
    }
    if (parser.isSet(screenshots))
        return cw::takeScreenshots(wizard, parser.value(screenshots)) ? 0 : 1;
    return QApplication::exec();
}
