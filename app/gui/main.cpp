#include "MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("clusterwiz"));
    QApplication::setOrganizationDomain(QStringLiteral("clusterwiz.org"));
    QApplication::setApplicationVersion(QStringLiteral(CLUSTERWIZ_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Set up and launch training jobs across accelerator servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("project"),
                                 QApplication::translate("main", "Project file to open."));
    parser.process(app);

    cw::MainWindow window;
    if (!parser.positionalArguments().isEmpty())
        window.openProject(parser.positionalArguments().constFirst());
    window.show();
    return QApplication::exec();
}
