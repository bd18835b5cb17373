// SPDX-License-Identifier: GPL-3.0-or-later
// launch.scheduler and launch.slurm: the values a Slurm site sets, checked before they reach
// sbatch's command line (each word quoted there, shell/ShellQuote.h) or a #SBATCH line of the
// exported train.sbatch (read by sbatch, not a shell: only characters that need no quoting), and
// the launch settings a Slurm job does not run yet. Forms from sbatch(1) of Slurm 22.05.
#include "rules/SectionValidators.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Partition, account and QOS names: letters, digits, '_', '.', '-' (a partition may be a
// comma-separated list: "sbatch --partition=a,b" takes the first that can run the job).
const QRegularExpression &slurmName()
{
    static const QRegularExpression name(
        u"^[A-Za-z0-9_.][A-Za-z0-9_.-]*(,[A-Za-z0-9_.][A-Za-z0-9_.-]*)*$"_s);
    return name;
}

// --time: "minutes", "minutes:seconds", "hours:minutes:seconds", "days-hours",
// "days-hours:minutes", "days-hours:minutes:seconds", or UNLIMITED / INFINITE (sbatch(1)).
bool slurmTime(const QString &text)
{
    static const QRegularExpression time(u"^([0-9]+(:[0-9]+){0,2}|[0-9]+-[0-9]+(:[0-9]+){0,2}|"
                                         "UNLIMITED|INFINITE|unlimited|infinite)$"_s);
    return time.match(text).hasMatch();
}

// --gres: a comma-separated list of name[[:type]:count] ("gpu:8", "gpu:a100:2", "npu:16").
bool slurmGres(const QString &text)
{
    static const QRegularExpression gres(
        u"^[A-Za-z0-9_/]+(:[A-Za-z0-9_.-]+)?(:[0-9]+)?(,[A-Za-z0-9_/]+(:[A-Za-z0-9_.-]+)?(:[0-9]+)?)*$"_s);
    return gres.match(text).hasMatch();
}

// Options of sbatch that clusterwiz sets itself, or that launch.slurm has a member for.
struct ReservedSbatchOption {
    QStringList names;
    const char *why;
};

const std::vector<ReservedSbatchOption> &reservedOptions()
{
    static const std::vector<ReservedSbatchOption> options = {
        {{u"--parsable"_s}, QT_TRANSLATE_NOOP("cw::Validation", "clusterwiz reads the job id")},
        {{u"-w"_s, u"--nodelist"_s, u"-N"_s, u"--nodes"_s, u"--ntasks-per-node"_s, u"-n"_s,
          u"--ntasks"_s},
         QT_TRANSLATE_NOOP("cw::Validation", "the job's nodes are the project's servers")},
        {{u"-o"_s, u"--output"_s, u"-e"_s, u"--error"_s, u"-D"_s, u"--chdir"_s},
         QT_TRANSLATE_NOOP("cw::Validation", "the job runs and logs in launch.workdir")},
        {{u"--wrap"_s}, QT_TRANSLATE_NOOP("cw::Validation", "the job runs train.sbatch")},
        {{u"-p"_s, u"--partition"_s},
         QT_TRANSLATE_NOOP("cw::Validation", "set launch.slurm.partition")},
        {{u"-A"_s, u"--account"_s},
         QT_TRANSLATE_NOOP("cw::Validation", "set launch.slurm.account")},
        {{u"-t"_s, u"--time"_s}, QT_TRANSLATE_NOOP("cw::Validation", "set launch.slurm.time")},
        {{u"-q"_s, u"--qos"_s}, QT_TRANSLATE_NOOP("cw::Validation", "set launch.slurm.qos")},
        {{u"--gres"_s}, QT_TRANSLATE_NOOP("cw::Validation", "set launch.slurm.gres")},
    };
    return options;
}

} // namespace

void validateSlurm(const Project &project, ProblemList &out)
{
    const SlurmOptions &slurm = project.launch.slurm;
    const auto at = [](const QString &member) { return projectPlace(u"launch.slurm."_s + member); };
    const auto name = [&](const QString &member, const QString &value) {
        if (!value.isEmpty() && !slurmName().match(value).hasMatch())
            out.add(u"slurm-value"_s, at(member),
                    trText("cw::Validation",
                           "launch: slurm.%1 \"%2\" is not a Slurm name (letters, digits, '_', "
                           "'.', '-', and ',' between names)")
                        .arg(member, value));
    };
    name(u"partition"_s, slurm.partition);
    name(u"account"_s, slurm.account);
    name(u"qos"_s, slurm.qos);
    if (!slurm.time.isEmpty() && !slurmTime(slurm.time))
        out.add(u"slurm-value"_s, at(u"time"_s),
                trText("cw::Validation",
                       "launch: slurm.time \"%1\" is not a Slurm time limit (minutes, "
                       "HH:MM:SS, D-HH:MM:SS or UNLIMITED)")
                    .arg(slurm.time));
    if (!slurm.gres.isEmpty() && !slurmGres(slurm.gres))
        out.add(u"slurm-value"_s, at(u"gres"_s),
                trText("cw::Validation",
                       "launch: slurm.gres \"%1\" is not a list of NAME[:TYPE][:COUNT] "
                       "(gpu:8, npu:16)")
                    .arg(slurm.gres));
    for (int i = 0; i < slurm.sbatchArgs.size(); ++i) {
        const QString &word = slurm.sbatchArgs[i];
        const ProblemPlace place = at(u"sbatch_args"_s).item(i);
        if (const ValueProblem problem = singleLineValueProblem(word); !problem.isEmpty()) {
            out.add(u"slurm-sbatch-args"_s, place,
                    trText("cw::Validation", "launch: slurm.sbatch_args[%1] %2")
                        .arg(i)
                        .arg(problem.reason));
            continue;
        }
        // sbatch reads the first word that is no option as the batch script.
        if (!word.startsWith(u'-')) {
            out.add(u"slurm-sbatch-args"_s, place,
                    trText("cw::Validation",
                           "launch: slurm.sbatch_args[%1] \"%2\" is not an option of sbatch "
                           "(write --option=value as one word)")
                        .arg(i)
                        .arg(word));
            continue;
        }
        const QString option = word.section(u'=', 0, 0);
        for (const ReservedSbatchOption &reserved : reservedOptions()) {
            // "-wnode1" is -w too: a short option takes its value in the same word.
            const bool same =
                reserved.names.contains(option) ||
                std::any_of(reserved.names.begin(), reserved.names.end(), [&](const QString &name) {
                    return name.size() == 2 && !option.startsWith(u"--"_s) &&
                           option.startsWith(name);
                });
            if (same)
                out.add(u"slurm-sbatch-args"_s, place,
                        trText("cw::Validation", "launch: slurm.sbatch_args[%1] \"%2\": %3")
                            .arg(i)
                            .arg(word)
                            .arg(TrText("cw::Validation", reserved.why)));
        }
    }
    if (!slurm.login.isEmpty() && !project.serverIndex(slurm.login)) {
        if (const ValueProblem problem = sshHostValueProblem(slurm.login); !problem.isEmpty())
            out.add(u"slurm-login"_s, at(u"login"_s),
                    trText("cw::Validation",
                           "launch: slurm.login \"%1\" is neither a server of the project nor "
                           "a host: %2")
                        .arg(slurm.login)
                        .arg(problem.reason));
    }

    if (project.launch.scheduler != Scheduler::Slurm)
        return;
    // What a Slurm job does not run yet (docs/slurm.md): each is refused with its reason.
    const LaunchConfig &launch = project.launch;
    if (launch.mode != LaunchMode::Launch)
        out.add(u"slurm-mode"_s, projectPlace(u"launch.mode"_s),
                trText("cw::Validation",
                       "launch: scheduler slurm starts torchrun on every node (mode launch); "
                       "mode %1 under srun is not built yet")
                    .arg(launchModeName(launch.mode)));
    if (launch.restart.enabled())
        out.add(u"slurm-restart"_s, projectPlace(u"launch.restart.max_restarts"_s),
                trText("cw::Validation", "launch: scheduler slurm does not restart a job yet; set "
                                         "restart.max_restarts to 0"));
    if (project.container)
        out.add(u"slurm-container"_s, projectPlace(u"container"_s),
                trText("cw::Validation",
                       "launch: scheduler slurm runs the job on the nodes themselves; remove the "
                       "container section"));
}

} // namespace cw
