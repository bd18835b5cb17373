// SPDX-License-Identifier: GPL-3.0-or-later
// A Volcano Job for Ascend 910 as MindCluster documents it: a ConfigMap "rings-config-<job>"
// labelled `ring-controller.atlas: ascend-910` (`ascend-910b` for Atlas A2, as mindxdl-deploy's
// samples/train/basic-training/ranktable/yaml/910b/ write it) whose hccl.json starts as
// {"status":"initializing"}
// and is filled by MindCluster (hccl-controller / Ascend Operator) once the pods are placed, the
// same label on the job and its pods, one pod per node (podAntiAffinity over volcano.sh/job-name
// on kubernetes.io/hostname) on the host network, the container named "pytorch" (the samples'
// a800_pytorch_vcjob.yaml), `huawei.com/Ascend910` requests and limits, and the
// ConfigMap mounted as volume "ascend-910-config" at /user/serverid/devindex/config
// (gitee.com/ascend/ascend-hccl-controller README, "使用volcano yaml"; MindCluster volcano.md,
// gitcode.com/Ascend/mind-cluster docs/en/scheduling/api/volcano.md). Volcano's env and svc
// plugins give each pod VC_TASK_INDEX and VC_<TASK>_HOSTS (volcano-sh/volcano
// docs/user-guide/how_to_use_svc_plugin.md, how_to_use_env_plugin.md): the node rank and the
// master's address. The driver folder (hostPath /usr/local/Ascend/driver) and a memory-backed
// /dev/shm are mounted as every one of those samples mounts them.
//
// Atlas A3 (ascend910_93): the ring label is "ascend-{xxx}b", written "ascend-910b" (MindCluster's
// YAML parameters, https://www.hiascend.com/document/detail/en/mindcluster/730/clustersched/
// schedulingug/mxdlug_scheduling_013.html, and its A3 SuperPoD sample mindcluster-deploy
// samples/train/basic-training/without-ranktable/pytorch/pytorch_multinodes_acjob_super_pod.yaml,
// which asks huawei.com/Ascend910: 16 per node). A project with super pods becomes a logical
// SuperPoD job: the Job's annotation `sp-block`, "number of processors on logical SuperPoDs"
// (.../schedulingug/dlug_api_024.html), placed as the SuperPoD vcjob sample places it
// (samples/train/basic-training/ranktable/yaml/950/a950_superpod_pytorch_vcjob.yaml). Volcano
// cuts the job's pods, in rank order, into pods of sp-block dies, so every pod of the project
// has the same number of servers; such a job asks 16 dies per node, and a distributed A3 job
// 2, 4, ..., 16 (the A3 affinity rules, .../schedulingug/dl_affinity_0007.html).
#include "exchange/ExportNodeScript.h"
#include "exchange/YamlQuote.h"

using namespace Qt::StringLiterals;

namespace cw {
namespace {

constexpr auto kImage = u"REPLACE-WITH-YOUR-TRAINING-IMAGE";
constexpr auto kConfigDir = u"/user/serverid/devindex/config";

// ranktable mode: wait for MindCluster to complete the rank table, then point HCCL at it.
QString rankTableWait()
{
    return u"export RANK_TABLE_FILE=%1/hccl.json\n"
           u"for ((i = 0; i < 600; i++)); do\n"
           u"    grep -q '\"status\": *\"completed\"' \"$RANK_TABLE_FILE\" && break\n"
           u"    sleep 1\n"
           u"done\n"_s.arg(QString::fromUtf16(kConfigDir));
}

// The dies of one logical SuperPoD: every pod's servers x the dies of a server.
int spBlock(const Project &project)
{
    return int(project.superPods.front().servers.size() * project.servers.front().devices.size());
}

} // namespace

Problems volcanoA3Problems(const Project &project)
{
    Problems problems;
    if (project.accelerator != Accelerator::Ascend910_93)
        return problems;
    const int perNode = int(project.servers.front().devices.size());
    if (project.servers.size() > 1 && perNode % 2 != 0) {
        problems.push_back({u"export-volcano-a3-dies"_s, serverFieldPlace(0, "devices"),
                            u"Volcano gives a distributed Atlas A3 job 2, 4, ..., 16 dies per "
                            u"node (whole NPUs); %1 uses %2"_s.arg(project.servers.front().name)
                                .arg(perNode)});
    }
    if (project.superPods.empty())
        return problems;
    if (perNode != 16) {
        problems.push_back({u"export-volcano-sp-block"_s, serverFieldPlace(0, "devices"),
                            u"a SuperPoD job on Volcano (sp-block) takes all 16 dies of each "
                            u"node; %1 uses %2"_s.arg(project.servers.front().name)
                                .arg(perNode)});
    }
    const SuperPod &first = project.superPods.front();
    for (size_t i = 1; i < project.superPods.size(); ++i) {
        const SuperPod &pod = project.superPods[i];
        if (pod.servers.size() != first.servers.size()) {
            problems.push_back(
                {u"export-volcano-sp-block"_s, projectPlace(u"super_pods[%1].servers"_s.arg(i)),
                 u"Volcano cuts a job into SuperPoDs of one size (sp-block): pod %1 has %2 "
                 u"servers, pod %3 has %4"_s.arg(pod.id)
                     .arg(pod.servers.size())
                     .arg(first.id)
                     .arg(first.servers.size())});
        }
    }
    return problems;
}

void exportVolcano(const Project &project, ExportResult &result)
{
    const QString name = kubernetesName(project.name);
    const QString configMap = u"rings-config-"_s + name;
    const int nodes = static_cast<int>(project.servers.size());
    const int perNode = static_cast<int>(project.servers.front().devices.size());
    const NodePlace place{QString::number(nodes), u"$VC_TASK_INDEX"_s, u"${VC_TRAINER_HOSTS%%,*}"_s,
                          QString::number(project.launch.masterPort)};
    const QString before =
        project.launch.mode == LaunchMode::RankTable ? rankTableWait() : QString();
    const QString ring =
        project.accelerator == Accelerator::Ascend910 ? u"ascend-910"_s : u"ascend-910b"_s;

    QString text = u"# Generated by clusterwiz %1 for %2.\n"_s.arg(
        QStringLiteral(CLUSTERWIZ_VERSION), projectSummary(project));
    text += u"# A Volcano Job with MindCluster's rank-table ConfigMap: kubectl apply -f "
            u"volcano-job.yaml\n"
            u"# Set before applying: the image (it must hold the code at launch.workdir, or "
            u"mount it),\n"
            u"# the namespace (the ConfigMap and the Job must share it) and, where your nodes "
            u"need it,\n# a nodeSelector (e.g. host-arch).\n"_s;
    text += u"apiVersion: v1\n"_s;
    text += u"kind: ConfigMap\n"_s;
    text += u"metadata:\n"_s;
    text += u"  name: %1\n"_s.arg(yamlQuote(configMap));
    text += u"  labels:\n"_s;
    text += u"    ring-controller.atlas: "_s + ring + u'\n';
    text += u"data:\n"_s;
    text += u"  hccl.json: |\n"_s;
    text += u"    {\n        \"status\":\"initializing\"\n    }\n"_s;
    text += u"---\n"_s;
    text += u"apiVersion: batch.volcano.sh/v1alpha1\n"_s;
    text += u"kind: Job\n"_s;
    text += u"metadata:\n"_s;
    text += u"  name: %1\n"_s.arg(yamlQuote(name));
    text += u"  labels:\n"_s;
    text += u"    ring-controller.atlas: "_s + ring + u'\n';
    if (!project.superPods.empty()) {
        text += u"  annotations:\n"_s;
        text += u"    sp-block: \"%1\"\n"_s.arg(spBlock(project)); // a string, as annotations are
    }
    text += u"spec:\n"_s;
    text += u"  minAvailable: %1\n"_s.arg(nodes);
    text += u"  schedulerName: volcano\n"_s;
    text += u"  policies:\n"_s;
    text += u"    - event: PodEvicted\n"_s;
    text += u"      action: RestartJob\n"_s;
    text += u"  plugins:\n"_s;
    text += u"    env: []\n"_s;
    text += u"    svc: []\n"_s;
    text += u"  maxRetry: 3\n"_s;
    text += u"  queue: default\n"_s;
    text += u"  tasks:\n"_s;
    text += u"    - name: trainer\n"_s;
    text += u"      replicas: %1\n"_s.arg(nodes);
    text += u"      template:\n"_s;
    text += u"        metadata:\n"_s;
    text += u"          labels:\n"_s;
    text += u"            ring-controller.atlas: "_s + ring + u'\n';
    text += u"        spec:\n"_s;
    // One pod per node, on the node's own network, as the samples place them.
    text += u"          affinity:\n"_s;
    text += u"            podAntiAffinity:\n"_s;
    text += u"              requiredDuringSchedulingIgnoredDuringExecution:\n"_s;
    text += u"                - labelSelector:\n"_s;
    text += u"                    matchExpressions:\n"_s;
    text += u"                      - key: volcano.sh/job-name\n"_s;
    text += u"                        operator: In\n"_s;
    text += u"                        values:\n"_s;
    text += u"                          - %1\n"_s.arg(yamlQuote(name));
    text += u"                  topologyKey: kubernetes.io/hostname\n"_s;
    text += u"          hostNetwork: true\n"_s;
    // A hostNetwork pod resolves with the node's resolv.conf unless told otherwise, and the
    // master's name (VC_TRAINER_HOSTS) is a cluster DNS name (kubernetes.io/docs/concepts/
    // services-networking/dns-pod-service/, "Pod's DNS Policy").
    text += u"          dnsPolicy: ClusterFirstWithHostNet\n"_s;
    text += u"          containers:\n"_s;
    text += u"            - name: pytorch\n"_s;
    text += u"              image: %1\n"_s.arg(yamlQuote(QString::fromUtf16(kImage)));
    text += u"              imagePullPolicy: IfNotPresent\n"_s;
    text += u"              command:\n"_s;
    text += u"                - /bin/bash\n"_s;
    text += u"                - -c\n"_s;
    text += u"                - "_s + yamlBlock(nodeScript(project, place, before).chopped(1), 18) +
            u'\n';
    text += u"              env:\n"_s;
    if (!projectSetsEnv(project, u"HCCL_IF_IP"_s)) {
        // env.sh pins HCCL to the host IP; on the host network that is the node's, which the
        // samples read the same way (XDL_IP).
        text += u"                - name: HCCL_IF_IP\n"_s;
        text += u"                  valueFrom:\n"_s;
        text += u"                    fieldRef:\n"_s;
        text += u"                      fieldPath: status.hostIP\n"_s;
    }
    text += u"                - name: ASCEND_VISIBLE_DEVICES\n"_s;
    text += u"                  valueFrom:\n"_s;
    text += u"                    fieldRef:\n"_s;
    text += u"                      fieldPath: metadata.annotations['huawei.com/Ascend910']\n"_s;
    text += u"              resources:\n"_s;
    text += u"                requests:\n"_s;
    text += u"                  huawei.com/Ascend910: %1\n"_s.arg(perNode);
    text += u"                limits:\n"_s;
    text += u"                  huawei.com/Ascend910: %1\n"_s.arg(perNode);
    text += u"              volumeMounts:\n"_s;
    text += u"                - name: ascend-910-config\n"_s;
    text += u"                  mountPath: %1\n"_s.arg(QString::fromUtf16(kConfigDir));
    text += u"                - name: ascend-driver\n"_s;
    text += u"                  mountPath: /usr/local/Ascend/driver\n"_s;
    text += u"                - name: dshm\n"_s;
    text += u"                  mountPath: /dev/shm\n"_s;
    text += u"          volumes:\n"_s;
    text += u"            - name: ascend-910-config\n"_s;
    text += u"              configMap:\n"_s;
    text += u"                name: %1\n"_s.arg(yamlQuote(configMap));
    text += u"            - name: ascend-driver\n"_s;
    text += u"              hostPath:\n"_s;
    text += u"                path: /usr/local/Ascend/driver\n"_s;
    text += u"            - name: dshm\n"_s;
    text += u"              emptyDir:\n"_s;
    text += u"                medium: Memory\n"_s;
    text += u"          restartPolicy: OnFailure\n"_s;

    // Embeds launch.env values (they may be tokens): owner-only when there are any.
    result.files.push_back(
        {u"volcano-job.yaml"_s, text.toUtf8(), false, !project.launch.env.empty()});
    result.userSets << u"image: a training image with CANN and torch_npu (now %1)"_s.arg(
                           QString::fromUtf16(kImage))
                    << u"metadata.namespace of both objects, or apply in kubectl's current "
                       u"namespace"_s
                    << u"volumes for launch.workdir %1 if the image does not hold the code"_s.arg(
                           project.launch.workdir)
                    << u"nodeSelector for your nodes (MindCluster's samples use host-arch)"_s
                    << u"master_port %1 free on every node: the pods use the nodes' own "
                       u"network"_s.arg(project.launch.masterPort);
    if (!project.superPods.empty()) {
        result.userSets << u"nodeSelector accelerator-type for your SuperPoD nodes (MindCluster's "
                           u"A3 sample: module-a3-16-super-pod)"_s;
        result.notCarried << u"super_pods ids and super_device_ids: Volcano forms SuperPoDs of "
                             u"%1 dies (sp-block) from the nodes it picks, and MindCluster writes "
                             u"their ids into hccl.json"_s.arg(spBlock(project));
    }
    if (name != project.name)
        result.notCarried << kubernetesNameNote(project.name, name);
}

} // namespace cw
