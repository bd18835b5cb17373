<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CredentialPrompt</name>
    <message>
        <source>Key passphrase</source>
        <translation>密钥口令</translation>
    </message>
    <message>
        <source>Passphrase for %1:</source>
        <translation>%1 的口令：</translation>
    </message>
    <message>
        <source>SSH password</source>
        <translation>SSH 密码</translation>
    </message>
    <message>
        <source>Password for %1:</source>
        <translation>%1 的密码：</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>RankStates</name>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>no output</source>
        <translation>无输出</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>no line yet</source>
        <translation>尚无输出</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>rank %1 on %2, device %3: %4</source>
        <translation>rank %1，服务器 %2，设备 %3：%4</translation>
    </message>
    <message>
        <source> (exit code %1)</source>
        <translation>（退出码 %1）</translation>
    </message>
    <message>
        <source>last line %1 s ago: %2</source>
        <translation>最后一行（%1 秒前）：%2</translation>
    </message>
</context>
<context>
    <name>cw::CheckReportView</name>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Fixes</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Fix…</source>
        <translation>修复…</translation>
    </message>
    <message>
        <source>Preview the commands of %1 before anything runs.</source>
        <translation>在执行任何操作之前预览 %1 的命令。</translation>
    </message>
</context>
<context>
    <name>cw::ChecksPage</name>
    <message>
        <source>&amp;Run checks</source>
        <translation>运行检查(&amp;R)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;Undo last fix</source>
        <translation>撤销上次修复(&amp;U)</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>What each server has and lacks for this job, with the fixes on offer.</source>
        <translation>每台服务器为本作业已具备和缺少的条件，以及可用的修复。</translation>
    </message>
    <message>
        <source>Press Run checks to test every server.</source>
        <translation>点击“运行检查”以检查每台服务器。</translation>
    </message>
    <message>
        <source>This build has no check catalogue; run check.sh from the Scripts page on the servers instead.</source>
        <translation>此版本不含检查目录；请在服务器上运行“脚本”页中的 check.sh。</translation>
    </message>
    <message>
        <source>Put back what the last applied fix changed (%1).</source>
        <translation>恢复上次应用的修复所做的更改（%1）。</translation>
    </message>
    <message>
        <source>No fix applied from this project yet.</source>
        <translation>本项目尚未应用任何修复。</translation>
    </message>
    <message numerus="yes">
        <source>Checking %n server(s)…</source>
        <translation>
            <numerusform>正在检查 %n 台服务器…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 servers discovered (last: %3); probing…</source>
        <translation>已发现 %1/%2 台服务器（最近：%3）；正在探测…</translation>
    </message>
    <message>
        <source>Cancelled: </source>
        <translation>已取消：</translation>
    </message>
    <message>
        <source>%1 ok, %2 warnings, %3 failed, %4 skipped.</source>
        <translation>%1 项通过，%2 项警告，%3 项失败，%4 项跳过。</translation>
    </message>
    <message>
        <source>save the project first: the undo journal is kept beside it</source>
        <translation>请先保存项目：撤销日志保存在项目文件旁边</translation>
    </message>
    <message>
        <source>&amp;Apply these commands</source>
        <translation>执行这些命令(&amp;A)</translation>
    </message>
    <message>
        <source>Fix %1</source>
        <translation>修复 %1</translation>
    </message>
    <message>
        <source>Fix %1 (found on %2)</source>
        <translation>修复 %1（发现于 %2）</translation>
    </message>
    <message>
        <source>Applying %1…</source>
        <translation>正在应用 %1…</translation>
    </message>
    <message>
        <source>the journal holds no applied fix</source>
        <translation>撤销日志中没有已应用的修复</translation>
    </message>
    <message>
        <source>&amp;Undo these changes</source>
        <translation>撤销这些更改(&amp;U)</translation>
    </message>
    <message>
        <source>Undo %1 (applied %2)</source>
        <translation>撤销 %1（应用于 %2）</translation>
    </message>
    <message>
        <source>Undo last fix</source>
        <translation>撤销上次修复</translation>
    </message>
    <message>
        <source>Undoing the last fix…</source>
        <translation>正在撤销上次修复…</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>%1 done; checking again…</source>
        <translation>%1 已完成；正在重新检查…</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>&amp;Deep check</source>
        <translation>深度检查(&amp;D)</translation>
    </message>
    <message>
        <source>Also import the framework (torch, torch_npu, mindspore, ...) on every server, once each with its own time limit. Slow on Ascend servers.</source>
        <translation>同时在每台服务器上导入框架（torch、torch_npu、mindspore 等），每台一次，各有自己的时限。在昇腾服务器上较慢。</translation>
    </message>
    <message>
        <source>D&amp;octor…</source>
        <translation>诊断(&amp;O)…</translation>
    </message>
    <message>
        <source>Test traffic between every pair of servers: device pings, the job&apos;s ports and the bandwidth of every pair.</source>
        <translation>测试每对服务器之间的实际通信：设备 ping、作业所需端口以及每对服务器的带宽。</translation>
    </message>
</context>
<context>
    <name>cw::ClusterWizard</name>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Language…</source>
        <translation>语言(&amp;L)…</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Show clusterwiz in (from the next start on):</source>
        <translation>clusterwiz 的显示语言（下次启动时生效）：</translation>
    </message>
    <message>
        <source>clusterwiz will use the new language the next time it starts.</source>
        <translation>clusterwiz 将在下次启动时使用新的语言。</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <source>clusterwiz projects (*.clusterwiz.json)</source>
        <translation>clusterwiz 项目 (*.clusterwiz.json)</translation>
    </message>
    <message>
        <source>new project</source>
        <translation>新项目</translation>
    </message>
    <message>
        <source>%1%2 — clusterwiz</source>
        <translation>%1%2 — clusterwiz</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to this project before closing?</source>
        <translation>关闭前是否保存对本项目的更改？</translation>
    </message>
    <message>
        <source>A job is running</source>
        <translation>作业正在运行</translation>
    </message>
    <message>
        <source>The job keeps running on the servers when this window closes (see &apos;clusterwiz-cli status&apos; and &apos;stop&apos;). Stop it first?</source>
        <translation>关闭此窗口后，作业会继续在服务器上运行（参见“clusterwiz-cli status”和“stop”）。是否先停止作业？</translation>
    </message>
    <message>
        <source>&amp;Stop the job and close</source>
        <translation>停止作业并关闭(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Leave it running</source>
        <translation>保持运行(&amp;L)</translation>
    </message>
</context>
<context>
    <name>cw::DeviceTable</name>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>IP #%1</source>
        <translation>IP #%1</translation>
    </message>
    <message>
        <source>device_ips[%1]: the IP of the device in position %1 of Devices</source>
        <translation>device_ips[%1]：“设备”列中第 %1 个设备的 IP 地址</translation>
    </message>
</context>
<context>
    <name>cw::DevicesPage</name>
    <message>
        <source>Devices and network</source>
        <translation>设备与网络</translation>
    </message>
    <message>
        <source>Choose the devices each server uses and give every device an IP address.</source>
        <translation>选择每台服务器使用的设备，并为每个设备配置 IP 地址。</translation>
    </message>
    <message>
        <source>Net&amp;mask:</source>
        <translation>子网掩码(&amp;M)：</translation>
    </message>
    <message>
        <source>chosen by the planner</source>
        <translation>由规划器选择</translation>
    </message>
    <message>
        <source>Se&amp;gments:</source>
        <translation>网段(&amp;G)：</translation>
    </message>
    <message>
        <source>network addresses, comma separated</source>
        <translation>网络地址，以逗号分隔</translation>
    </message>
    <message>
        <source>&amp;Plan automatically</source>
        <translation>自动规划(&amp;P)</translation>
    </message>
    <message>
        <source>Keep every valid value and assign the rest so that all rules hold.</source>
        <translation>保留所有有效的值，并为其余部分分配地址，使所有规则都得到满足。</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>放大 (+)</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>缩小 (-)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Show all servers (0)</source>
        <translation>显示全部服务器 (0)</translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>Export the picture as PNG</source>
        <translation>将图片导出为 PNG</translation>
    </message>
    <message>
        <source>SVG…</source>
        <translation>SVG…</translation>
    </message>
    <message>
        <source>Export the picture as SVG</source>
        <translation>将图片导出为 SVG</translation>
    </message>
    <message>
        <source>Every device rule holds.</source>
        <translation>所有设备规则均已满足。</translation>
    </message>
    <message numerus="yes">
        <source>Fix %n problem(s) or use Plan automatically.</source>
        <translation>
            <numerusform>请修复 %n 个问题，或使用“自动规划”。</numerusform>
        </translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>无法规划：%1</translation>
    </message>
    <message>
        <source>The plan changed nothing: every value already holds.</source>
        <translation>规划未做任何更改：所有值均已满足规则。</translation>
    </message>
    <message numerus="yes">
        <source>Planned %n value(s): %1</source>
        <translation>
            <numerusform>已规划 %n 个值：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export topology</source>
        <translation>导出拓扑图</translation>
    </message>
    <message>
        <source>SVG pictures (*.svg)</source>
        <translation>SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>PNG pictures (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Find server…</source>
        <translation>查找服务器…</translation>
    </message>
    <message>
        <source>Centre the picture on the first server whose name holds this text.</source>
        <translation>将图居中到名称包含此文字的第一台服务器。</translation>
    </message>
    <message>
        <source>Click a problem to show its server or device in the picture.</source>
        <translation>点击问题，在图中显示其服务器或设备。</translation>
    </message>
    <message>
        <source>Gate&amp;ways:</source>
        <translation>网关(&amp;W)：</translation>
    </message>
    <message>
        <source>none (one per segment when the device network is routed)</source>
        <translation>无(设备网络经路由时每个网段一个)</translation>
    </message>
    <message>
        <source>Each device uses the gateway inside its own segment; setting device IPs also sets it with hccn_tool -gateway.</source>
        <translation>每个设备使用其所在网段内的网关；设置设备 IP 时也会用 hccn_tool -gateway 设置它。</translation>
    </message>
    <message>
        <source>&amp;Detect IPs:</source>
        <translation>检测 IP(&amp;D)：</translation>
    </message>
    <message>
        <source>the gateways</source>
        <translation>即各网关</translation>
    </message>
    <message>
        <source>One per gateway, in the same order: the address the devices behind it detect (hccn_tool -netdetect).</source>
        <translation>每个网关一个，顺序相同：其后设备检测的地址(hccn_tool -netdetect)。</translation>
    </message>
</context>
<context>
    <name>cw::DoctorMatrixModel</name>
    <message>
        <source>Links: device %1 (row pings column)</source>
        <translation>链路：设备 %1（行 ping 列）</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Links: segment partners, device i and i+4 (row pings column)</source>
        <translation>链路：同网段伙伴，设备 i 与 i+4（行 ping 列）</translation>
    </message>
    <message>
        <source>device %1 -&gt; device %2: %3</source>
        <translation>设备 %1 -&gt; 设备 %2：%3</translation>
    </message>
    <message>
        <source>Ports: %1 (row connects to column)</source>
        <translation>端口：%1（行连接列）</translation>
    </message>
    <message>
        <source>Bandwidth: GB/s per pair (amber: under 70% of the median)</source>
        <translation>带宽：每对服务器的 GB/s（琥珀色：低于中位数的 70%）</translation>
    </message>
    <message>
        <source>%1 - %2: %3 GB/s%4</source>
        <translation>%1 - %2：%3 GB/s%4</translation>
    </message>
    <message>
        <source>, slow</source>
        <translation>，偏慢</translation>
    </message>
    <message>
        <source>%1 - %2: %3</source>
        <translation>%1 - %2：%3</translation>
    </message>
</context>
<context>
    <name>cw::DoctorView</name>
    <message>
        <source>&amp;Links</source>
        <translation>链路(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Ports</source>
        <translation>端口(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Bandwidth</source>
        <translation>带宽(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Run doctor</source>
        <translation>运行诊断(&amp;R)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Network doctor</source>
        <translation>网络诊断</translation>
    </message>
    <message>
        <source>Every device pings the device of the same index on every other server with hccn_tool -ping (Ascend only).</source>
        <translation>每个设备用 hccn_tool -ping 探测其他每台服务器上相同编号的设备（仅昇腾）。</translation>
    </message>
    <message>
        <source>Every server connects to every other server on the ports the job needs, against a listener the doctor starts and removes.</source>
        <translation>每台服务器连接其他每台服务器上作业所需的端口，对端由诊断临时启动监听并在结束后移除。</translation>
    </message>
    <message>
        <source>Every pair of servers runs an all_reduce, in rounds of disjoint pairs; pairs under 70% of the median are slow.</source>
        <translation>每对服务器运行一次 all_reduce，按互不重叠的服务器对分轮进行；低于中位数 70% 的服务器对判为偏慢。</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Megabytes per all_reduce in the bandwidth test.</source>
        <translation>带宽测试中每次 all_reduce 的数据量（MB）。</translation>
    </message>
    <message>
        <source>Click a cell to see what the test printed.</source>
        <translation>点击单元格查看该项测试的输出。</translation>
    </message>
    <message>
        <source>Nothing to test: one server and no device network.</source>
        <translation>无可测试项：只有一台服务器且没有设备网络。</translation>
    </message>
    <message>
        <source>Choose the tests and press Run doctor.</source>
        <translation>选择测试项后点击“运行诊断”。</translation>
    </message>
    <message>
        <source>Choose at least one test.</source>
        <translation>请至少选择一项测试。</translation>
    </message>
    <message numerus="yes">
        <source>Testing %n server(s)…</source>
        <translation>
            <numerusform>正在测试 %n 台服务器…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Suspect: %1 device %2: %3</source>
        <translation>疑点：%1 设备 %2：%3</translation>
    </message>
    <message>
        <source>Suspect: %1: %2</source>
        <translation>疑点：%1：%2</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>说明：%1</translation>
    </message>
    <message>
        <source>Every link, port and pair is fine.</source>
        <translation>所有链路、端口和服务器对均正常。</translation>
    </message>
    <message>
        <source>%1 failed links, %2 failed ports, %3 slow or failed pairs.</source>
        <translation>%1 条链路失败，%2 个端口失败，%3 对服务器偏慢或失败。</translation>
    </message>
    <message>
        <source>Cancelled: </source>
        <translation>已取消：</translation>
    </message>
    <message>
        <source>%1 -&gt; %2: not tested.</source>
        <translation>%1 -&gt; %2：未测试。</translation>
    </message>
</context>
<context>
    <name>cw::FixDialog</name>
    <message>
        <source>Preview of the fix</source>
        <translation>修复预览</translation>
    </message>
    <message>
        <source>This fix cannot be applied: %1</source>
        <translation>无法应用此修复：%1</translation>
    </message>
    <message>
        <source>Nothing to do: no server needs a change.</source>
        <translation>无需操作：没有服务器需要更改。</translation>
    </message>
    <message>
        <source>Nothing to do: %1</source>
        <translation>无需操作：%1</translation>
    </message>
    <message>
        <source>These commands will run, in this order, only when you press %1. What each step replaces is kept, so that &quot;Undo last fix&quot; can put it back.</source>
        <translation>只有在您点击“%1”后，这些命令才会按此顺序执行。每一步替换的内容都会被保留，以便“撤销上次修复”将其恢复。</translation>
    </message>
</context>
<context>
    <name>cw::LaunchEditor</name>
    <message>
        <source>one argument per line</source>
        <translation>每行一个参数</translation>
    </message>
    <message>
        <source>shell lines run before the job, e.g. source …/set_env.sh</source>
        <translation>作业启动前执行的 shell 命令，例如 source …/set_env.sh</translation>
    </message>
    <message>
        <source>mpirun</source>
        <translation>mpirun</translation>
    </message>
    <message>
        <source>extra mpirun arguments, one per line</source>
        <translation>额外的 mpirun 参数，每行一个</translation>
    </message>
    <message>
        <source>Launch mode</source>
        <translation>启动方式</translation>
    </message>
    <message>
        <source>torchrun / launch</source>
        <translation>torchrun / launch</translation>
    </message>
    <message>
        <source>The usual choice: every server starts its own ranks with torchrun.</source>
        <translation>常用方式：每台服务器用 torchrun 启动自己的进程。</translation>
    </message>
    <message>
        <source>When OpenMPI and password-free SSH between the servers are set up.</source>
        <translation>适用于服务器之间已配置 OpenMPI 和 SSH 免密登录的情况。</translation>
    </message>
    <message>
        <source>rank table</source>
        <translation>rank table（组网信息表）</translation>
    </message>
    <message>
        <source>Ascend jobs that read an HCCL rank table file (RANK_TABLE_FILE).</source>
        <translation>读取 HCCL rank table 文件（RANK_TABLE_FILE）的昇腾作业。</translation>
    </message>
    <message>
        <source>no rank table</source>
        <translation>免 rank table</translation>
    </message>
    <message>
        <source>Ascend jobs configured by CM_* variables instead of a rank table.</source>
        <translation>通过 CM_* 环境变量而非 rank table 配置的昇腾作业。</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Variable</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>工作目录(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Entry script:</source>
        <translation>入口脚本(&amp;E)：</translation>
    </message>
    <message>
        <source>A&amp;rguments:</source>
        <translation>参数(&amp;R)：</translation>
    </message>
    <message>
        <source>P&amp;ython:</source>
        <translation>P&amp;ython：</translation>
    </message>
    <message>
        <source>Master &amp;port:</source>
        <translation>主节点端口(&amp;P)：</translation>
    </message>
    <message>
        <source>Ma&amp;ster server:</source>
        <translation>主节点服务器(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Log folder:</source>
        <translation>日志目录(&amp;L)：</translation>
    </message>
    <message>
        <source>Environment &amp;setup:</source>
        <translation>环境初始化(&amp;S)：</translation>
    </message>
    <message>
        <source>En&amp;vironment:</source>
        <translation>环境变量(&amp;V)：</translation>
    </message>
    <message>
        <source>Add variable</source>
        <translation>添加变量</translation>
    </message>
    <message>
        <source>Remove variable</source>
        <translation>删除变量</translation>
    </message>
    <message>
        <source>one launcher per server</source>
        <translation>每台服务器一个启动器</translation>
    </message>
    <message>
        <source>one process per device</source>
        <translation>每个设备一个进程</translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation>进程：</translation>
    </message>
    <message>
        <source>OpenMPI --prefix:</source>
        <translation>OpenMPI --prefix：</translation>
    </message>
    <message>
        <source>Extra arguments:</source>
        <translation>额外参数：</translation>
    </message>
    <message>
        <source>first server</source>
        <translation>第一台服务器</translation>
    </message>
    <message>
        <source>Accept HCCL connections only from the servers&apos; host IPs (writes hccl_whitelist.json)</source>
        <translation>仅接受来自各服务器主机 IP 的 HCCL 连接（写入 hccl_whitelist.json）</translation>
    </message>
    <message>
        <source>Without it, env.sh sets HCCL_WHITELIST_DISABLE=1 as the vendor guides do, and any address may join the job&apos;s HCCL connections.</source>
        <translation>不勾选时，env.sh 按厂商指南设置 HCCL_WHITELIST_DISABLE=1，任何地址都可加入作业的 HCCL 连接。</translation>
    </message>
    <message>
        <source>none: the script reads LOCAL_RANK</source>
        <translation>无：脚本读取 LOCAL_RANK</translation>
    </message>
    <message>
        <source>Give each rank --local_rank=N before the arguments: needed by scripts that parse it with argparse, such as main.py of the Ascend PyTorch multi-server guide.</source>
        <translation>在参数前为每个 rank 传入 --local_rank=N：用 argparse 解析该参数的脚本需要它，例如昇腾 PyTorch 多机指南中的 main.py。</translation>
    </message>
    <message>
        <source>Local rank &amp;argument:</source>
        <translation>本地 rank 参数(&amp;A)：</translation>
    </message>
    <message>
        <source>msrun</source>
        <translation>msrun</translation>
    </message>
    <message>
        <source>MindSpore jobs: every server starts its workers with MindSpore&apos;s msrun.</source>
        <translation>MindSpore 作业：每台服务器用 MindSpore 的 msrun 启动本机的 worker 进程。</translation>
    </message>
    <message>
        <source>&amp;Framework:</source>
        <translation>框架(&amp;F)：</translation>
    </message>
</context>
<context>
    <name>cw::LaunchPage</name>
    <message>
        <source>Launch mode</source>
        <translation>启动方式</translation>
    </message>
    <message>
        <source>How the job starts on the servers, and what it runs.</source>
        <translation>作业在服务器上的启动方式及其运行的内容。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
</context>
<context>
    <name>cw::LogView</name>
    <message>
        <source>&amp;Follow</source>
        <translation>跟随(&amp;F)</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>全部 rank</translation>
    </message>
    <message>
        <source>Show only lines containing…</source>
        <translation>只显示包含以下内容的行…</translation>
    </message>
    <message>
        <source>Search (Enter: next)</source>
        <translation>搜索（回车：下一个）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>cw::LossChart</name>
    <message>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>min-max of all ranks</source>
        <translation>所有 rank 的最小值–最大值</translation>
    </message>
    <message>
        <source>mean of all ranks</source>
        <translation>所有 rank 的平均值</translation>
    </message>
</context>
<context>
    <name>cw::ProjectModel</name>
    <message>
        <source>Choose a file name first.</source>
        <translation>请先选择文件名。</translation>
    </message>
    <message numerus="yes">
        <source>The project has %n problem(s); fix them first:</source>
        <translation>
            <numerusform>项目有 %n 个问题，请先修复：</numerusform>
        </translation>
    </message>
    <message>
        <source>…and %1 more.</source>
        <translation>…还有 %1 个。</translation>
    </message>
</context>
<context>
    <name>cw::ProjectPage</name>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Start a new project or open one.</source>
        <translation>新建项目或打开已有项目。</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Ascend 910 NPUs</source>
        <translation>昇腾 910 NPU</translation>
    </message>
    <message>
        <source>NVIDIA GPUs</source>
        <translation>NVIDIA GPU</translation>
    </message>
    <message>
        <source>CPU only (rehearsal)</source>
        <translation>仅 CPU（演练）</translation>
    </message>
    <message>
        <source>&amp;Accelerator:</source>
        <translation>加速卡(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Create</source>
        <translation>创建(&amp;C)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>&amp;Open file…</source>
        <translation>打开文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Recent projects:</source>
        <translation>最近的项目：</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>示例：</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>clusterwiz projects (*.clusterwiz.json *.json)</source>
        <translation>clusterwiz 项目 (*.clusterwiz.json *.json)</translation>
    </message>
    <message>
        <source>No project open.</source>
        <translation>未打开项目。</translation>
    </message>
    <message>
        <source>Open: %1 (%2), %3 servers, %4 devices.</source>
        <translation>已打开：%1（%2），%3 台服务器，%4 个设备。</translation>
    </message>
    <message>
        <source>not saved yet</source>
        <translation>尚未保存</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Read a hostfile, /etc/hccn.conf, an HCCL rank table or an ascend-deployer inventory into a project</source>
        <translation>将 hostfile、/etc/hccn.conf、HCCL rank table 或 ascend-deployer 清单读入项目</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>What kind of file?</source>
        <translation>文件类型？</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Which server is this hccn.conf from (its name)?</source>
        <translation>此 hccn.conf 来自哪台服务器（服务器名称）？</translation>
    </message>
    <message>
        <source>Imported %1. Not carried, or still to set:</source>
        <translation>已导入 %1。未能导入或仍需设置的内容：</translation>
    </message>
    <message>
        <source>Nothing imported from %1:</source>
        <translation>未从 %1 导入任何内容：</translation>
    </message>
    <message>
        <source>Ascend 910B NPUs (Atlas 800T A2 / 900 A2 PoD)</source>
        <translation>昇腾 910B NPU(Atlas 800T A2 / 900 A2 PoD)</translation>
    </message>
</context>
<context>
    <name>cw::RankOverview</name>
    <message>
        <source>By server</source>
        <translation>按服务器</translation>
    </message>
    <message>
        <source>Failed first</source>
        <translation>失败优先</translation>
    </message>
    <message>
        <source>Only failed or no output</source>
        <translation>仅失败或无输出</translation>
    </message>
    <message>
        <source>no output after </source>
        <translation>无输出超过 </translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>A running rank with no output for this long is shown as &quot;no output&quot;.</source>
        <translation>运行中的 rank 在这么长时间内没有输出时显示为“无输出”。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 个%2</translation>
    </message>
    <message>
        <source>No ranks.</source>
        <translation>没有 rank。</translation>
    </message>
</context>
<context>
    <name>cw::RestartEditor</name>
    <message>
        <source>Restarts after a failure</source>
        <translation>失败后重启</translation>
    </message>
    <message>
        <source>Leave out a server that is lost or unhealthy</source>
        <translation>排除失联或不健康的服务器</translation>
    </message>
    <message>
        <source>none: a failure ends the run</source>
        <translation>不重启：失败即结束运行</translation>
    </message>
    <message>
        <source>After a failed rank or a lost server the run starts again from the job&apos;s own checkpoint, at most this many times.</source>
        <translation>某个 rank 失败或某台服务器失联后，运行从作业自身的检查点重新开始，最多重启这么多次。</translation>
    </message>
    <message>
        <source>&amp;Restarts:</source>
        <translation>重启次数(&amp;R)：</translation>
    </message>
    <message>
        <source>Between two attempts every server is checked (reach, the accelerator, the device links); with this on, the next attempt runs without the servers that fail.</source>
        <translation>两次尝试之间会检查每台服务器（可达性、加速卡、设备链路）；勾选后，下一次尝试将不使用检查失败的服务器。</translation>
    </message>
    <message>
        <source>all of them</source>
        <translation>全部服务器</translation>
    </message>
    <message>
        <source>Fewest &amp;servers:</source>
        <translation>最少服务器数(&amp;S)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>&amp;Wait before restarting:</source>
        <translation>重启前等待(&amp;W)：</translation>
    </message>
    <message>
        <source>The supervisor runs there, detached: the run goes on when this window closes. It logs in to the other servers by key.</source>
        <translation>监管进程在该服务器上以分离方式运行：关闭本窗口后运行仍会继续。它通过密钥登录其他服务器。</translation>
    </message>
    <message>
        <source>Su&amp;pervisor on:</source>
        <translation>监管进程所在服务器(&amp;P)：</translation>
    </message>
    <message>
        <source>Each attempt&apos;s ranks get CLUSTERWIZ_RESTART_COUNT (0, 1, …) and CLUSTERWIZ_ATTEMPT_SERVERS; the script resumes from its own checkpoint.</source>
        <translation>每次尝试的各 rank 会得到 CLUSTERWIZ_RESTART_COUNT（0、1、…）和 CLUSTERWIZ_ATTEMPT_SERVERS；训练脚本从自己的检查点恢复。</translation>
    </message>
    <message>
        <source>the master</source>
        <translation>主节点</translation>
    </message>
</context>
<context>
    <name>cw::RunPage</name>
    <message>
        <source>&amp;Launch</source>
        <translation>启动(&amp;L)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Start the job on every server and watch every rank.</source>
        <translation>在每台服务器上启动作业并查看每个 rank。</translation>
    </message>
    <message>
        <source>Not launched: %1</source>
        <translation>未启动：%1</translation>
    </message>
    <message>
        <source>Stopped by you (run %1); no process of it is left.</source>
        <translation>已由您停止（运行 %1）；其进程已全部结束。</translation>
    </message>
    <message numerus="yes">
        <source>Stopped (run %1), but %n process(es) are still alive; %2</source>
        <translation>
            <numerusform>已停止（运行 %1），但仍有 %n 个进程存活；%2</numerusform>
        </translation>
    </message>
    <message>
        <source>This build launches no jobs itself: export the scripts and run run.sh on the master.</source>
        <translation>此版本不直接启动作业：请导出脚本并在主节点上运行 run.sh。</translation>
    </message>
    <message>
        <source>A run is in progress.</source>
        <translation>有作业正在运行。</translation>
    </message>
    <message>
        <source>Save the project first (Ctrl+S): the run is recorded beside it.</source>
        <translation>请先保存项目（Ctrl+S）：运行记录保存在项目文件旁边。</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1（位于 %2）</translation>
    </message>
    <message>
        <source>Launch waits for the checks: %1 failed. Fix them on the Checks page and run the checks again.</source>
        <translation>启动需等待检查通过：%1 失败。请在“检查”页修复后重新运行检查。</translation>
    </message>
    <message>
        <source>Ready to launch.</source>
        <translation>可以启动。</translation>
    </message>
    <message numerus="yes">
        <source>Checking, uploading and starting on %n server(s)…</source>
        <translation>
            <numerusform>正在 %n 台服务器上检查、上传并启动…</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopping run %1 on every server…</source>
        <translation>正在所有服务器上停止运行 %1…</translation>
    </message>
    <message>
        <source>Starting run %1…</source>
        <translation>正在启动运行 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Running: run %1 on %n server(s).</source>
        <translation>
            <numerusform>运行中：运行 %1，共 %n 台服务器。</numerusform>
        </translation>
    </message>
    <message>
        <source>Finished: every rank of run %1 exited 0.</source>
        <translation>已完成：运行 %1 的所有 rank 均以 0 退出。</translation>
    </message>
    <message>
        <source>Stopped (run %1).</source>
        <translation>已停止（运行 %1）。</translation>
    </message>
    <message>
        <source>Failed: server %1, rank %2, exit code %3.</source>
        <translation>失败：服务器 %1，rank %2，退出码 %3。</translation>
    </message>
    <message>
        <source>Failed on server %1.</source>
        <translation>在服务器 %1 上失败。</translation>
    </message>
    <message>
        <source>failed first</source>
        <translation>最先失败</translation>
    </message>
    <message>
        <source>Upload files from outside the project?</source>
        <translation>上传项目文件夹之外的文件？</translation>
    </message>
    <message>
        <source>These launch.upload files are outside the project&apos;s folder (or lead out of it through a link) and would be copied to every server:

%1

Upload them?</source>
        <translation>以下 launch.upload 文件位于项目文件夹之外（或通过链接指向其外），将被复制到每台服务器：

%1

是否上传？</translation>
    </message>
    <message>
        <source>&amp;Why?</source>
        <translation>原因(&amp;W)?</translation>
    </message>
    <message>
        <source>Why did the run fail, or where is it stuck: the first failure with its class and evidence, or the ranks behind.</source>
        <translation>运行为何失败或卡在何处：最先失败的 rank 及其类别和证据，或落后的 rank。</translation>
    </message>
    <message>
        <source>Hung: run %1 is running, but no rank exited and every rank has been silent for %2 s. Why? names the ranks behind.</source>
        <translation>卡住：运行 %1 仍在运行，但没有 rank 退出，且所有 rank 已 %2 秒无输出。点击“原因?”查看落后的 rank。</translation>
    </message>
    <message>
        <source>Running: run %1; output again.</source>
        <translation>运行中：运行 %1；已恢复输出。</translation>
    </message>
    <message>
        <source>Why? cannot read the run: %1</source>
        <translation>“原因?”无法读取该运行：%1</translation>
    </message>
    <message>
        <source>Running: run %1, %2.</source>
        <translation>运行中：运行 %1，%2。</translation>
    </message>
</context>
<context>
    <name>cw::ScriptsPage</name>
    <message>
        <source>Export &amp;folder…</source>
        <translation>导出到目录(&amp;F)…</translation>
    </message>
    <message>
        <source>Export .&amp;tar.gz…</source>
        <translation>导出 .tar.gz(&amp;T)…</translation>
    </message>
    <message>
        <source>Scripts</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>The files the servers run. Export them for servers this machine cannot reach.</source>
        <translation>服务器运行的文件。可导出供本机无法访问的服务器使用。</translation>
    </message>
    <message>
        <source>Export scripts to</source>
        <translation>导出脚本到</translation>
    </message>
    <message>
        <source>Export archive</source>
        <translation>导出压缩包</translation>
    </message>
    <message>
        <source>Archives (*.tar.gz)</source>
        <translation>压缩包 (*.tar.gz)</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) generated.</source>
        <translation>
            <numerusform>已生成 %n 个文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
</context>
<context>
    <name>cw::ServerTable</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Address or alias</source>
        <translation>地址或别名</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Identity file</source>
        <translation>私钥文件</translation>
    </message>
    <message>
        <source>Host IP</source>
        <translation>主机 IP</translation>
    </message>
    <message>
        <source>Hostname</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Python / torch</source>
        <translation>Python / torch</translation>
    </message>
    <message>
        <source>mpirun</source>
        <translation>mpirun</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>not tested</source>
        <translation>未测试</translation>
    </message>
    <message>
        <source>hostname -I: %1</source>
        <translation>hostname -I：%1</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Connected and probed in %1 ms.</source>
        <translation>已连接并探测，用时 %1 毫秒。</translation>
    </message>
</context>
<context>
    <name>cw::ServersPage</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Apply &amp;discovered values</source>
        <translation>应用发现的值(&amp;D)</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>Test &amp;all</source>
        <translation>全部测试(&amp;A)</translation>
    </message>
    <message>
        <source>Fill host IP, NIC, devices and device IPs left empty from what was found.</source>
        <translation>用发现的信息填写空缺的主机 IP、网卡、设备和设备 IP。</translation>
    </message>
    <message>
        <source>%1 of %2 servers answered (last: %3).</source>
        <translation>%1/%2 台服务器已响应（最近：%3）。</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>%1 of %2 servers answered.</source>
        <translation>%1/%2 台服务器已响应。</translation>
    </message>
    <message>
        <source>Unknown host keys</source>
        <translation>未知的主机密钥</translation>
    </message>
    <message>
        <source>These servers are not in known_hosts yet. Compare each SHA256 fingerprint with the server&apos;s own (ssh-keygen -lf on the server) before trusting it.</source>
        <translation>这些服务器尚未记录在 known_hosts 中。信任前请将每个 SHA256 指纹与服务器自身的指纹（在服务器上执行 ssh-keygen -lf）进行比对。</translation>
    </message>
    <message>
        <source>&amp;Trust and connect</source>
        <translation>信任并连接(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Reject</source>
        <translation>拒绝(&amp;R)</translation>
    </message>
    <message>
        <source>Nothing to fill: every field is already set.</source>
        <translation>无需填写：所有字段均已设置。</translation>
    </message>
    <message numerus="yes">
        <source>Filled %n value(s) from discovery (hover for the list).</source>
        <translation>
            <numerusform>已根据发现结果填写 %n 个值（悬停可查看列表）。</numerusform>
        </translation>
    </message>
    <message>
        <source>From ssh &amp;config</source>
        <translation>从 ssh 配置添加(&amp;C)</translation>
    </message>
    <message>
        <source>Add every server by address or ~/.ssh/config alias (jump hosts included), then test the connections.</source>
        <translation>按地址或 ~/.ssh/config 别名（包括跳板机）添加每台服务器，然后测试连接。</translation>
    </message>
    <message>
        <source>%1 (via %2)</source>
        <translation>%1（经由 %2）</translation>
    </message>
    <message>
        <source>%1 has no Host entries</source>
        <translation>%1 中没有 Host 条目</translation>
    </message>
    <message>
        <source>Add a server by its Host entry in %1: address, port, user, key and jump hosts come from there</source>
        <translation>按 %1 中的 Host 条目添加服务器：地址、端口、用户、密钥和跳板机均取自该文件</translation>
    </message>
    <message>
        <source>Added %1 from the ssh config. Test the connection to fill its host IP.</source>
        <translation>已从 ssh 配置添加 %1。请测试连接以填写其主机 IP。</translation>
    </message>
    <message>
        <source>jump host %1 (%2): </source>
        <translation>跳板机 %1（%2）：</translation>
    </message>
</context>
<context>
    <name>cw::TopologyView</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>device %1: %2</source>
        <translation>设备 %1：%2</translation>
    </message>
    <message>
        <source>segment %1</source>
        <translation>网段 %1</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>clusterwiz topology</source>
        <translation>clusterwiz 拓扑图</translation>
    </message>
    <message>
        <source>%1 (%2), device segment %3</source>
        <translation>%1(%2),设备网段 %3</translation>
    </message>
</context>
<context>
    <name>cw::WhyDialog</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Why? Run %1</source>
        <translation>原因? 运行 %1</translation>
    </message>
    <message numerus="yes">
        <source>Asking %n server(s) about run %1…</source>
        <translation>
            <numerusform>正在向 %n 台服务器查询运行 %1…</numerusform>
        </translation>
    </message>
    <message>
        <source>Failed first: %1, rank %2 (%3): %4</source>
        <translation>最先失败：%1，rank %2（%3）：%4</translation>
    </message>
    <message>
        <source>Failed; no rank&apos;s log names an error.</source>
        <translation>已失败；没有任何 rank 的日志给出错误。</translation>
    </message>
    <message>
        <source>rank %1 on %2 at step %3</source>
        <translation>rank %1（%2）停在第 %3 步</translation>
    </message>
    <message>
        <source>rank %1 on %2</source>
        <translation>rank %1（%2）</translation>
    </message>
    <message>
        <source>Hung: every rank is silent; behind: %1.</source>
        <translation>卡住：所有 rank 均无输出；落后的：%1。</translation>
    </message>
    <message>
        <source>Running: no rank failed, and not every rank is silent.</source>
        <translation>运行中：没有 rank 失败，且并非所有 rank 都无输出。</translation>
    </message>
    <message>
        <source>Finished: every rank exited 0.</source>
        <translation>已完成：所有 rank 均以 0 退出。</translation>
    </message>
    <message>
        <source>Stopped by you.</source>
        <translation>已由您停止。</translation>
    </message>
    <message>
        <source>(The archive was not written: %1)</source>
        <translation>（未能写入归档：%1）</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Set up and launch training jobs across accelerator servers.</source>
        <translation>在多台加速卡服务器上配置并启动训练作业。</translation>
    </message>
    <message>
        <source>Project file to open.</source>
        <translation>要打开的项目文件。</translation>
    </message>
    <message>
        <source>Save a PNG of every page into DIR and quit.</source>
        <translation>将每一页保存为 PNG 到 DIR 目录后退出。</translation>
    </message>
    <message>
        <source>Show the wizard in LANG (en, zh_CN) this time.</source>
        <translation>本次以 LANG（en、zh_CN）语言显示向导。</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
</context>
</TS>
