#include "rules/SectionValidators.h"
#include "rules/ValueRules.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

QString firstOf(std::initializer_list<QString> problems)
{
    for (const QString &problem : problems) {
        if (!problem.isEmpty())
            return problem;
    }
    return {};
}

QString absoluteProblem(const QString &text)
{
    if (!text.isEmpty() && text.front() != u'/')
        return u"\"%1\" is not an absolute path (starting with /)"_s.arg(text);
    return {};
}

QString oneWordProblem(const QString &text)
{
    for (QChar c : text) {
        if (c.isSpace())
            return u"\"%1\" contains a space; name one program"_s.arg(text);
    }
    return {};
}

class LaunchCheck {
public:
    LaunchCheck(const Project &project, ProblemList &out)
        : m_project(project), m_launch(project.launch), m_out(out)
    {
    }

    void run()
    {
        // workdir and log_dir are pasted into README.txt's scp line, which a remote shell
        // parses with scp's old protocol: no metacharacters there.
        field(u"workdir"_s, u"launch.workdir"_s, u"workdir"_s,
              firstOf({pathProblem(m_launch.workdir), absoluteProblem(m_launch.workdir),
                       shellSafePathProblem(m_launch.workdir)}));
        field(u"entry"_s, u"launch.entry"_s, u"entry"_s,
              firstOf({pathProblem(m_launch.entry), leadingDashProblem(m_launch.entry)}));
        field(u"python"_s, u"launch.python"_s, u"python"_s,
              firstOf({pathProblem(m_launch.python), leadingDashProblem(m_launch.python),
                       oneWordProblem(m_launch.python)}));
        field(u"log-dir"_s, u"launch.log_dir"_s, u"log_dir"_s,
              firstOf({pathProblem(m_launch.logDir), leadingDashProblem(m_launch.logDir),
                       shellSafePathProblem(m_launch.logDir)}));
        const QStringList launchers{u"auto"_s, u"torchrun"_s, u"torch.distributed.launch"_s};
        if (!launchers.contains(m_launch.launcher)) {
            m_out.add(u"launcher"_s, projectPlace(u"launch.launcher"_s),
                      u"launch: launcher \"%1\" is not one of auto, torchrun, "
                      "torch.distributed.launch"_s.arg(m_launch.launcher));
        }
        const QStringList localRankArgs{QString(), u"--local_rank"_s, u"--local-rank"_s};
        if (!localRankArgs.contains(m_launch.localRankArg)) {
            m_out.add(u"local-rank-arg"_s, projectPlace(u"launch.local_rank_arg"_s),
                      u"launch: local_rank_arg \"%1\" is not one of \"\", --local_rank, "
                      "--local-rank"_s.arg(m_launch.localRankArg));
        }
        list(u"args"_s, u"launch.args"_s, u"argument"_s, m_launch.args, argumentProblem);
        list(u"env-setup"_s, u"launch.env_setup"_s, u"env_setup line"_s, m_launch.envSetup,
             singleLineProblem);
        list(u"upload"_s, u"launch.upload"_s, u"upload"_s, m_launch.upload, pathProblem);
        list(u"mpirun-args"_s, u"launch.mpirun.extra_args"_s, u"mpirun argument"_s,
             m_launch.mpirun.extraArgs, argumentProblem);
        if (!m_launch.mpirun.prefix.isEmpty()) {
            field(u"mpirun-prefix"_s, u"launch.mpirun.prefix"_s, u"mpirun prefix"_s,
                  firstOf({pathProblem(m_launch.mpirun.prefix),
                           absoluteProblem(m_launch.mpirun.prefix)}));
        }
        checkEnv();
        checkPorts();
    }

private:
    void field(const QString &rule, const QString &field, const QString &what,
               const QString &problem)
    {
        if (!problem.isEmpty())
            m_out.add(rule, projectPlace(field), u"launch: %1 %2"_s.arg(what, problem));
    }

    void list(const QString &rule, const QString &field, const QString &what,
              const QStringList &values, QString (*check)(const QString &))
    {
        for (qsizetype k = 0; k < values.size(); ++k) {
            if (QString problem = check(values[k]); !problem.isEmpty()) {
                m_out.add(rule, projectPlace(field).item(int(k)),
                          u"launch: %1 %2 %3"_s.arg(what).arg(k).arg(problem));
            }
        }
    }

    void checkEnv()
    {
        QSet<QString> seen;
        for (const auto &[name, value] : m_launch.env) {
            const ProblemPlace place = projectPlace(u"launch.env"_s).key(name);
            if (QString problem = envNameProblem(name); !problem.isEmpty())
                m_out.add(u"env-name"_s, place, u"launch: environment variable name "_s + problem);
            else if (seen.contains(name))
                m_out.add(u"env-name"_s, place,
                          u"launch: environment variable %1 is set twice"_s.arg(name));
            seen.insert(name);
            if (QString problem = argumentProblem(value); !problem.isEmpty())
                m_out.add(u"env-value"_s, place, u"launch: value of %1 %2"_s.arg(name, problem));
        }
    }

    void checkPorts()
    {
        const PortRange &hccl = m_launch.hcclPorts;
        const QString port = portProblem(m_launch.masterPort);
        field(u"master-port"_s, u"launch.master_port"_s, u"master_port"_s, port);
        const QString range = firstOf({portProblem(hccl.first), portProblem(hccl.last)});
        if (!range.isEmpty()) {
            m_out.add(u"hccl-ports"_s, projectPlace(u"launch.hccl_ports"_s),
                      u"launch: hccl_ports "_s + range);
            return;
        }
        if (hccl.first > hccl.last) {
            m_out.add(
                u"hccl-ports"_s, projectPlace(u"launch.hccl_ports"_s),
                u"launch: hccl_ports first %1 is above last %2"_s.arg(hccl.first).arg(hccl.last));
            return;
        }
        // HCCL binds every port of its range on every server; a master port inside it collides.
        if (port.isEmpty() && isAscend(m_project.accelerator) &&
            m_launch.masterPort >= hccl.first && m_launch.masterPort <= hccl.last) {
            m_out.add(u"master-port"_s, projectPlace(u"launch.master_port"_s),
                      u"launch: master_port %1 lies inside the HCCL port range %2-%3"_s
                          .arg(m_launch.masterPort)
                          .arg(hccl.first)
                          .arg(hccl.last));
        }
    }

    const Project &m_project;
    const LaunchConfig &m_launch;
    ProblemList &m_out;
};

} // namespace

void validateLaunch(const Project &project, ProblemList &out)
{
    LaunchCheck(project, out).run();
}

} // namespace cw
