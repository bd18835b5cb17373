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

// --help and --version print and quit: they need no display, and no window is made for them.
bool onlyPrints(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        for (const char *option : {"-h", "--help", "-?", "--help-all", "-v", "--version"}) {
            if (qstrcmp(argv[i], option) == 0)
                return true;
        }
    }
    return false;
}

struct Options {
    QCommandLineOption screenshots;
    QCommandLineOption language;
    QCommandLineOption demoRun;
};

Options addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Set up and launch training jobs across accelerator servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(u"project"_s,
                                 QCoreApplication::translate("main", "Project file to open."));
    Options options{
        QCommandLineOption(
            u"screenshots"_s,
            QCoreApplication::translate("main", "Save a PNG of every page into DIR and quit."),
            u"DIR"_s),
        QCommandLineOption(
            u"language"_s,
            QCoreApplication::translate("main", "Show the wizard in LANG (en, zh_CN) this time."),
            u"LANG"_s),
        QCommandLineOption(u"demo-run"_s,
                           QCoreApplication::translate(
                               "main", "Open the Run page with a recorded run (nothing runs)."))};
    parser.addOption(options.screenshots);
    parser.addOption(options.language);
    parser.addOption(options.demoRun);
    return options;
}

// The program's names (its settings are found by them, the chosen language among them), then
// its translators.
void setIdentity(int argc, char *argv[])
{
    QCoreApplication::setApplicationName(u"clusterwiz"_s);
    QCoreApplication::setOrganizationDomain(u"clusterwiz.org"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(CLUSTERWIZ_VERSION));
    const QString language = cw::effectiveLanguage(languageArgument(argc, argv));
    if (!cw::installTranslators(*QCoreApplication::instance(), language)) {
        std::fprintf(stderr, "clusterwiz: no translation for '%s'; the wizard stays in English\n",
                     qPrintable(language));
    }
}
} // namespace

int main(int argc, char *argv[])
{
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        setIdentity(argc, argv);
        QCommandLineParser parser;
        addOptions(parser);
        parser.process(app); // prints the help or the version and exits
        return 0;
    }
    if (!haveDisplay(argc, argv)) {
        std::fputs("clusterwiz: no display; use clusterwiz-cli on headless machines, e.g. "
                   "clusterwiz-cli generate PROJECT -o OUT_DIR\n",
                   stderr);
        return 3;
    }
    QApplication app(argc, argv);
    setIdentity(argc, argv);
    QCommandLineParser parser;
    const Options options = addOptions(parser);
    const QCommandLineOption &screenshots = options.screenshots;
    const QCommandLineOption &demoRun = options.demoRun;
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
        auto *run = qobject_cast<cw::RunPage *>(wizard.currentPage());
        const QString refused =
            run ? cw::showDemoRun(wizard, run)
                : QApplication::translate("main", "The project does not reach the Run page.");
        if (!refused.isEmpty()) {
            std::fprintf(stderr, "clusterwiz: --demo-run: %s\n", qPrintable(refused));
            auto *box = new QMessageBox(QMessageBox::Information,
                                        QApplication::translate("main", "Recorded run"), refused,
                                        QMessageBox::Ok, &wizard);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    }
    if (parser.isSet(screenshots))
        return cw::takeScreenshots(wizard, parser.value(screenshots)) ? 0 : 1;
    return QApplication::exec();
}
