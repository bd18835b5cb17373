// SPDX-License-Identifier: GPL-3.0-or-later
// The container section (docs/containers.md): every value reaches a shell on the servers, as a
// word of `docker run` / `podman run` or a line inside the container, so each is refused here,
// naming the field, before any server is contacted. The run options clusterwiz sets itself
// (host networking, the name, the hostname, IPC) may not come back through run_args.
#include "rules/SectionValidators.h"

#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace cw {
namespace {

// Docker's reference grammar (distribution/reference): [registry[:port]/]path[:tag][@digest],
// path components lowercase letters and digits joined by '.', '_', '__' or dashes.
const QRegularExpression &imagePattern()
{
    static const QRegularExpression pattern(
        uR"(^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?/)?)"
        uR"([a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*)"
        uR"((?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$)"_s);
    return pattern;
}

// Docker's and podman's rule for container names.
const QRegularExpression &namePattern()
{
    static const QRegularExpression pattern(u"^[A-Za-z0-9][A-Za-z0-9_.-]{1,127}$"_s);
    return pattern;
}

// `--shm-size`: a number of bytes with an optional unit, as both engines read it.
const QRegularExpression &shmPattern()
{
    static const QRegularExpression pattern(u"^[1-9][0-9]{0,12}[bkmgBKMG]?$"_s);
    return pattern;
}

// Where a mount would hide what the container needs to run at all.
bool coversSystemPath(const QString &path)
{
    static const QStringList kExact{u"/"_s, u"/dev"_s, u"/proc"_s, u"/sys"_s, u"/run"_s};
    if (kExact.contains(path))
        return true;
    return path.startsWith(u"/proc/"_s) || path.startsWith(u"/sys/"_s);
}

// Empty when `path` is an absolute path without "." or ".." parts, ':' or control characters.
TrText mountPathProblem(const QString &path)
{
    if (path.isEmpty() || path.front() != u'/')
        return trText("cw::Validation", "\"%1\" is not an absolute path (starting with /)")
            .arg(path);
    for (QChar c : path) {
        if (c.unicode() < 0x20 || c == u',' || c.unicode() == 0x7f)
            return trText("cw::Validation", "\"%1\" contains a control character or a comma")
                .arg(path);
    }
    for (const QString &part : path.split(u'/')) {
        if (part == u"." || part == u"..")
            return trText("cw::Validation", "\"%1\" contains a \".\" or \"..\" part").arg(path);
    }
    return {};
}

// The run options clusterwiz sets itself, and why a second value would break the job.
struct ReservedOption {
    QStringList names;
    const char *why;
};

const std::vector<ReservedOption> &reservedOptions()
{
    static const std::vector<ReservedOption> options{
        {{u"--network"_s, u"--net"_s},
         QT_TRANSLATE_NOOP("cw::Validation",
                           "the container always uses the host's network: bridge networking "
                           "breaks HCCL, NCCL and gloo rendezvous, which need the host's "
                           "addresses")},
        {{u"--privileged"_s},
         QT_TRANSLATE_NOOP("cw::Validation",
                           "set container.privileged to true to ask for a privileged container")},
        {{u"--name"_s}, QT_TRANSLATE_NOOP("cw::Validation", "the name is container.name")},
        {{u"--hostname"_s, u"-h"_s},
         QT_TRANSLATE_NOOP("cw::Validation", "the container keeps the server's hostname")},
        {{u"--ipc"_s, u"--shm-size"_s},
         QT_TRANSLATE_NOOP("cw::Validation",
                           "shared memory is container.shm_size (empty: the host's IPC)")},
        {{u"--publish"_s, u"-p"_s, u"--publish-all"_s, u"-P"_s},
         QT_TRANSLATE_NOOP("cw::Validation",
                           "a container on the host's network publishes no ports")},
        {{u"--detach"_s, u"-d"_s, u"--rm"_s, u"--interactive"_s, u"-i"_s, u"--tty"_s, u"-t"_s},
         QT_TRANSLATE_NOOP("cw::Validation",
                           "clusterwiz starts the container detached and removes it with "
                           "`container down`")},
    };
    return options;
}

class ContainerCheck {
public:
    ContainerCheck(const Project &project, const ContainerConfig &container, ProblemList &out)
        : m_project(project), m_container(container), m_out(out)
    {
    }

    void run()
    {
        if (m_container.image.isEmpty())
            add(u"container-image"_s, u"image"_s,
                trText("cw::Validation", "is empty; name the training image (for example "
                                         "\"ascendhub.huawei.com/public-ascendhub/"
                                         "ascend-pytorch:24.0.RC1\")"));
        else if (!imagePattern().match(m_container.image).hasMatch() ||
                 m_container.image.size() > 255)
            add(u"container-image"_s, u"image"_s,
                trText("cw::Validation", "\"%1\" is not an image reference "
                                         "([registry/]name[:tag][@sha256:digest], lowercase name)")
                    .arg(m_container.image));
        if (!namePattern().match(m_container.name).hasMatch())
            add(u"container-name"_s, u"name"_s,
                trText("cw::Validation",
                       "\"%1\" is not a container name (2 to 128 letters, digits, '_', '.' or "
                       "'-', starting with a letter or digit)")
                    .arg(m_container.name));
        checkPort();
        if (!m_container.shmSize.isEmpty() && !shmPattern().match(m_container.shmSize).hasMatch())
            add(u"container-shm"_s, u"shm_size"_s,
                trText("cw::Validation", "\"%1\" is not a size such as 16g, 512m (empty: the "
                                         "host's IPC namespace)")
                    .arg(m_container.shmSize));
        checkMounts();
        for (int i = 0; i < m_container.envSetup.size(); ++i) {
            if (const ValueProblem problem = singleLineValueProblem(m_container.envSetup[i]);
                !problem.isEmpty())
                add(u"container-env-setup"_s, u"env_setup[%1]"_s.arg(i), problem.reason);
        }
        checkRunArgs();
    }

private:
    // "container: MEMBER REASON"; the reason alone goes with it, for the wizard's own words.
    void add(const QString &rule, const QString &member, const TrText &reason)
    {
        m_out.add(rule, projectPlace(u"container."_s + member),
                  trText("cw::Validation", "container: %1 %2").arg(member).arg(reason),
                  ProblemKind::General, {.reason = reason});
    }

    void checkPort()
    {
        const int port = m_container.sshPort;
        if (const ValueProblem problem = portValueProblem(port); !problem.isEmpty()) {
            add(u"container-ssh-port"_s, u"ssh_port"_s, problem.reason);
            return;
        }
        // On the host's network the container's sshd shares the host's ports.
        for (int s = 0; s < int(m_project.servers.size()); ++s) {
            if (m_project.servers[size_t(s)].port == port) {
                add(u"container-ssh-port"_s, u"ssh_port"_s,
                    trText("cw::Validation",
                           "%1 is %2's own SSH port; the container shares the host's network, "
                           "so its sshd needs another free port (the vendor's guide uses 12345)")
                        .arg(port)
                        .arg(serverLabel(m_project, s)));
                return;
            }
        }
        const LaunchConfig &launch = m_project.launch;
        if (port == launch.masterPort)
            add(u"container-ssh-port"_s, u"ssh_port"_s,
                trText("cw::Validation", "%1 is also launch.master_port; the master's "
                                         "rendezvous would find the port taken")
                    .arg(port));
        else if (isAscend(m_project.accelerator) && port >= launch.hcclPorts.first &&
                 port <= launch.hcclPorts.last)
            add(u"container-ssh-port"_s, u"ssh_port"_s,
                trText("cw::Validation",
                       "%1 lies in the HCCL port range %2-%3, which HCCL listens on")
                    .arg(port)
                    .arg(launch.hcclPorts.first)
                    .arg(launch.hcclPorts.last));
    }

    void checkMounts()
    {
        QSet<QString> targets;
        for (int i = 0; i < m_container.mounts.size(); ++i) {
            const QString member = u"mounts[%1]"_s.arg(i);
            const QString &mount = m_container.mounts[i];
            const QStringList parts = mount.split(u':');
            if (parts.size() < 2 || parts.size() > 3 ||
                (parts.size() == 3 && parts[2] != u"ro" && parts[2] != u"rw")) {
                add(u"container-mount"_s, member,
                    trText("cw::Validation", "\"%1\" is not HOST:CONTAINER or "
                                             "HOST:CONTAINER:ro (absolute paths)")
                        .arg(mount));
                continue;
            }
            TrText problem = mountPathProblem(parts[0]);
            if (problem.isEmpty())
                problem = mountPathProblem(parts[1]);
            if (problem.isEmpty() && parts[0] == u"/")
                problem = trText("cw::Validation",
                                 "mounts the host's whole file system; mount the folders the "
                                 "job needs");
            if (problem.isEmpty() && coversSystemPath(parts[1]))
                problem = trText("cw::Validation", "would hide the container's %1").arg(parts[1]);
            if (problem.isEmpty() && targets.contains(parts[1]))
                problem = trText("cw::Validation", "mounts a second folder at %1").arg(parts[1]);
            if (!problem.isEmpty()) {
                add(u"container-mount"_s, member,
                    trText("cw::Validation", "\"%1\" %2").arg(mount).arg(problem));
                continue;
            }
            targets.insert(parts[1]);
        }
    }

    void checkRunArgs()
    {
        const QStringList &words = m_container.runArgs;
        for (int i = 0; i < words.size(); ++i) {
            const QString member = u"run_args[%1]"_s.arg(i);
            const QString &word = words[i];
            if (const ValueProblem problem = singleLineValueProblem(word); !problem.isEmpty()) {
                add(u"container-run-args"_s, member, problem.reason);
                continue;
            }
            // The first word must be an option: anything else would be read as the image.
            if (i == 0 && !word.startsWith(u'-')) {
                add(u"container-run-args"_s, member,
                    trText("cw::Validation",
                           "\"%1\" is not an option of run; the image is container.image")
                        .arg(word));
                continue;
            }
            const QString option = word.section(u'=', 0, 0);
            for (const ReservedOption &reserved : reservedOptions()) {
                if (reserved.names.contains(option))
                    add(u"container-run-args"_s, member,
                        trText("cw::Validation", "\"%1\" is set by clusterwiz: %2")
                            .arg(word)
                            .arg(TrText("cw::Validation", reserved.why)));
            }
        }
    }

    const Project &m_project;
    const ContainerConfig &m_container;
    ProblemList &m_out;
};

} // namespace

void validateContainer(const Project &project, ProblemList &out)
{
    if (project.container)
        ContainerCheck(project, *project.container, out).run();
}

} // namespace cw
