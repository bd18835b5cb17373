#include "cli/Cli.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("clusterwiz-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CLUSTERWIZ_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return cw::runCli(app.arguments().mid(1), out, err);
}
