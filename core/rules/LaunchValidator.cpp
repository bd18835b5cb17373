// SPDX-License-Identifier: GPL-3.0-or-later
#include "rules/SectionValidators.h"
#include "rules/ValueRules.h"

#include <QFileInfo>
#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

ValueProblem firstOf(std::initializer_list<ValueProblem> problems)
{
    for (const ValueProblem &problem : problems) {
        if (!problem.isEmpty())
            return problem;
    }
    return {};
}

ValueProblem absoluteProblem(const QString &text)
{
    if (!text.isEmpty() && text.front() != u'/')
        return {
            ProblemKind::NotAbsolutePath,
            {.value = text},
            trText("cw::Validation", "\"%1\" is not an absolute path (starting with /)").arg(text)};
    return {};
}

ValueProblem oneWordProblem(const QString &text)
{
    for (QChar c : text) {
        if (c.isSpace())
            return {
                ProblemKind::HasSpace,
                {.value = text},
                trText("cw::Validation", "\"%1\" contains a space; name one program").arg(text)};
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
        // Fields are named as the project file names them (untranslated).
        field(u"workdir"_s, u"launch.workdir"_s, TrText::verbatim(u"workdir"_s),
              firstOf({pathValueProblem(m_launch.workdir), absoluteProblem(m_launch.workdir),
                       shellSafePathValueProblem(m_launch.workdir)}));
        field(u"entry"_s, u"launch.entry"_s, TrText::verbatim(u"entry"_s),
              firstOf({pathValueProblem(m_launch.entry), leadingDashValueProblem(m_launch.entry)}));
        field(u"python"_s, u"launch.python"_s, TrText::verbatim(u"python"_s),
              firstOf({pathValueProblem(m_launch.python), leadingDashValueProblem(m_launch.python),
                       oneWordProblem(m_launch.python)}));
        field(u"log-dir"_s, u"launch.log_dir"_s, TrText::verbatim(u"log_dir"_s),
              firstOf({pathValueProblem(m_launch.logDir), leadingDashValueProblem(m_launch.logDir),
                       shellSafePathValueProblem(m_launch.logDir)}));
        const QStringList launchers{u"auto"_s, u"torchrun"_s, u"torch.distributed.launch"_s};
        if (!launchers.contains(m_launch.launcher)) {
            m_out.add(u"launcher"_s, projectPlace(u"launch.launcher"_s),
                      trText("cw::Validation", "launch: launcher \"%1\" is not one of auto, "
                                               "torchrun, torch.distributed.launch")
                          .arg(m_launch.launcher));
        }
        const QStringList localRankArgs{QString(), u"--local_rank"_s, u"--local-rank"_s};
        if (!localRankArgs.contains(m_launch.localRankArg)) {
            m_out.add(u"local-rank-arg"_s, projectPlace(u"launch.local_rank_arg"_s),
                      trText("cw::Validation", "launch: local_rank_arg \"%1\" is not one of "
                                               "\"\", --local_rank, --local-rank")
                          .arg(m_launch.localRankArg));
        }
        list(u"args"_s, u"launch.args"_s, trText("cw::Validation", "argument"), m_launch.args,
             argumentValueProblem);
        list(u"env-setup"_s, u"launch.env_setup"_s, trText("cw::Validation", "env_setup line"),
             m_launch.envSetup, singleLineValueProblem);
        list(u"upload"_s, u"launch.upload"_s, TrText::verbatim(u"upload"_s), m_launch.upload,
             pathValueProblem);
        checkUploadNames();
        list(u"mpirun-args"_s, u"launch.mpirun.extra_args"_s,
             trText("cw::Validation", "mpirun argument"), m_launch.mpirun.extraArgs,
             argumentValueProblem);
        if (!m_launch.mpirun.prefix.isEmpty()) {
            field(u"mpirun-prefix"_s, u"launch.mpirun.prefix"_s,
                  trText("cw::Validation", "mpirun prefix"),
                  firstOf({pathValueProblem(m_launch.mpirun.prefix),
                           absoluteProblem(m_launch.mpirun.prefix)}));
        }
        checkEnv();
        checkPorts();
    }

private:
    // An upload lands in the workdir under its file name (LaunchPlan.cpp): a/x.txt and b/x.txt
    // would be one file there, the second silently replacing the first.
    void checkUploadNames()
    {
        QHash<QString, qsizetype> first; // file name -> the entry that brings it
        for (qsizetype k = 0; k < m_launch.upload.size(); ++k) {
            const QString name = QFileInfo(m_launch.upload[k]).fileName();
            if (name.isEmpty())
                continue;
            const auto earlier = first.constFind(name);
            if (earlier == first.cend()) {
                first.insert(name, k);
                continue;
            }
            m_out.add(u"upload-clash"_s, projectPlace(u"launch.upload"_s).item(int(k)),
                      trText("cw::Validation",
                             "launch: upload %1 \"%2\" and upload %3 \"%4\" both land as "
                             "%5 in the workdir (an upload keeps only its file name); rename "
                             "one of them")
                          .arg(k)
                          .arg(m_launch.upload[k])
                          .arg(*earlier)
                          .arg(m_launch.upload[*earlier])
                          .arg(name));
        }
    }

    void field(const QString &rule, const QString &field, const TrText &what,
               const ValueProblem &problem)
    {
        if (!problem.isEmpty())
            m_out.add(rule, projectPlace(field),
                      trText("cw::Validation", "launch: %1 %2").arg(what, problem.reason),
                      problem.kind, problem.values);
    }

    void list(const QString &rule, const QString &field, const TrText &what,
              const QStringList &values, ValueProblem (*check)(const QString &))
    {
        for (qsizetype k = 0; k < values.size(); ++k) {
            if (ValueProblem problem = check(values[k]); !problem.isEmpty()) {
                m_out.add(rule, projectPlace(field).item(int(k)),
                          trText("cw::Validation", "launch: %1 %2 %3")
                              .arg(what)
                              .arg(k)
                              .arg(problem.reason),
                          problem.kind, problem.values);
            }
        }
    }

    void checkEnv()
    {
        QSet<QString> seen;
        for (const auto &[name, value] : m_launch.env) {
            const ProblemPlace place = projectPlace(u"launch.env"_s).key(name);
            if (ValueProblem problem = envNameValueProblem(name); !problem.isEmpty())
                m_out.add(u"env-name"_s, place,
                          trText("cw::Validation", "launch: environment variable name %1")
                              .arg(problem.reason),
                          problem.kind, problem.values);
            else if (seen.contains(name))
                m_out.add(u"env-name"_s, place,
                          trText("cw::Validation", "launch: environment variable %1 is set twice")
                              .arg(name));
            seen.insert(name);
            if (ValueProblem problem = argumentValueProblem(value); !problem.isEmpty())
                m_out.add(u"env-value"_s, place,
                          trText("cw::Validation", "launch: value of %1 %2")
                              .arg(name)
                              .arg(problem.reason),
                          problem.kind, problem.values);
        }
    }

    void checkPorts()
    {
        const PortRange &hccl = m_launch.hcclPorts;
        const ValueProblem port = portValueProblem(m_launch.masterPort);
        field(u"master-port"_s, u"launch.master_port"_s, TrText::verbatim(u"master_port"_s), port);
        const ValueProblem range =
            firstOf({portValueProblem(hccl.first), portValueProblem(hccl.last)});
        if (!range.isEmpty()) {
            m_out.add(u"hccl-ports"_s, projectPlace(u"launch.hccl_ports"_s),
                      trText("cw::Validation", "launch: hccl_ports %1").arg(range.reason),
                      range.kind, range.values);
            return;
        }
        if (hccl.first > hccl.last) {
            m_out.add(u"hccl-ports"_s, projectPlace(u"launch.hccl_ports"_s),
                      trText("cw::Validation", "launch: hccl_ports first %1 is above last %2")
                          .arg(hccl.first)
                          .arg(hccl.last));
            return;
        }
        // HCCL binds every port of its range on every server; a master port inside it collides.
        if (port.isEmpty() && isAscend(m_project.accelerator) &&
            m_launch.masterPort >= hccl.first && m_launch.masterPort <= hccl.last) {
            m_out.add(u"master-port"_s, projectPlace(u"launch.master_port"_s),
                      trText("cw::Validation",
                             "launch: master_port %1 lies inside the HCCL port range %2-%3")
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
