// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/Cli.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstdio>
#include <cstring>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("clusterwiz-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CLUSTERWIZ_VERSION));
    int exit = 0;
    bool outFailed = false;
    {
        QTextStream out(stdout);
        QTextStream err(stderr);
        exit = cw::runCli(app.arguments().mid(1), out, err);
        out.flush();
        outFailed = out.status() != QTextStream::Ok;
    }
    // Output that never arrived (a full disk, a closed pipe, /dev/full) is a failure: a plan or
    // a script printed to a file must not be lost behind exit code 0.
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout) || outFailed) {
        const int error = errno;
        std::fprintf(stderr, "clusterwiz-cli: cannot write the output: %s\n",
                     error != 0 ? std::strerror(error) : "write error");
        return cw::ExitUnreadable;
    }
    return exit;
}
