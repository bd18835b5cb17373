<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ContainerProblemText</name>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>镜像</translation>
    </message>
    <message>
        <source>Container name</source>
        <translation>容器名称</translation>
    </message>
    <message>
        <source>SSH port</source>
        <translation>SSH 端口</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>Privileged</source>
        <translation>特权模式</translation>
    </message>
    <message>
        <source>Mounts</source>
        <translation>挂载</translation>
    </message>
    <message>
        <source>Environment setup</source>
        <translation>环境设置</translation>
    </message>
    <message>
        <source>Run options</source>
        <translation>运行选项</translation>
    </message>
    <message>
        <source>%1 line %2</source>
        <translation>%1 第 %2 行</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Training containers: %1</source>
        <translation>训练容器：%1</translation>
    </message>
</context>
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
    <name>DeviceProblemText</name>
    <message>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>Netmask is empty, so the device segments cannot be checked: enter one (255.255.255.0 is usual) or click Plan automatically.</source>
        <translation>子网掩码为空，无法检查设备网段：请填写一个（通常为 255.255.255.0），或点击“自动规划”。</translation>
    </message>
    <message>
        <source>%1 has no device IPs for its %2 devices: click Plan automatically to assign them.</source>
        <translation>%1 的 %2 个设备还没有设备 IP：点击“自动规划”来分配。</translation>
    </message>
    <message>
        <source>%1 has %2 device IPs for %3 devices (IP #k belongs to the k-th device in Devices): click Plan automatically to repair them.</source>
        <translation>%1 有 %2 个设备 IP，却有 %3 个设备（IP #k 属于“设备”中的第 k 个设备）：点击“自动规划”来修复。</translation>
    </message>
    <message>
        <source>%1 device %2: %3 is already the IP of %4 device %5; every device needs its own (click Plan automatically to give it one).</source>
        <translation>%1 设备 %2：%3 已是 %4 设备 %5 的 IP；每个设备都需要自己的 IP（点击“自动规划”为它分配一个）。</translation>
    </message>
    <message>
        <source>%1 device %2: %3 is not in segment %4, which Segments sets for devices %5 and %6.</source>
        <translation>%1 设备 %2：%3 不在网段 %4 中，而“网段”为设备 %5 和 %6 设定的正是该网段。</translation>
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
    <name>RecordedRun</name>
    <message>
        <source>The recorded run has %1 ranks; %2 has %3 device(s). Open it with a project of 2 servers x 8 devices (server0, server1), or run clusterwiz --demo-run without a project.</source>
        <translation>录制的运行有 %1 个 rank；%2 只有 %3 个设备。请用 2 台服务器 × 8 个设备（server0、server1）的项目打开，或不带项目运行 clusterwiz --demo-run。</translation>
    </message>
    <message>
        <source>The recorded run has rank %1 on %2; %3 has it on %4. Open it with a project of 2 servers x 8 devices (server0, server1), or run clusterwiz --demo-run without a project.</source>
        <translation>录制的运行中 rank %1 在 %2 上；%3 把它放在 %4 上。请用 2 台服务器 × 8 个设备（server0、server1）的项目打开，或不带项目运行 clusterwiz --demo-run。</translation>
    </message>
</context>
<context>
    <name>RunVerdicts</name>
    <message>
        <source>%1 process %2</source>
        <translation>%1 进程 %2</translation>
    </message>
    <message>
        <source>%1 device %2</source>
        <translation>%1 设备 %2</translation>
    </message>
    <message>
        <source>%1 device %2 (rank %3)</source>
        <translation>%1 设备 %2（rank %3）</translation>
    </message>
    <message>
        <source>%1 is a straggler: its ranks %2-%3 make %4 steps/s, %5 % below the servers&apos; median of %6</source>
        <translation>%1 是掉队者：其 rank %2-%3 每秒 %4 步，比各服务器的中位数 %6 低 %5 %</translation>
    </message>
    <message>
        <source>rank %1 on %2 (device %3)</source>
        <translation>服务器 %2 上的 rank %1（设备 %3）</translation>
    </message>
    <message>
        <source>rank %1 on %2</source>
        <translation>服务器 %2 上的 rank %1</translation>
    </message>
    <message>
        <source>%1 is a straggler: its steps stopped (the ranks&apos; median is %2 steps/s)</source>
        <translation>%1 是掉队者：它的步数已停止增长（各 rank 的中位数为每秒 %2 步）</translation>
    </message>
    <message>
        <source>%1 is a straggler: %2 steps/s, %3 % below the ranks&apos; median of %4</source>
        <translation>%1 是掉队者：每秒 %2 步，比各 rank 的中位数 %4 低 %3 %</translation>
    </message>
    <message>
        <source>%1 is idle: under %2 % in its last %3 samples while the run&apos;s other devices are at %4 % (median)</source>
        <translation>%1 处于空闲：最近 %3 次采样均低于 %2 %，而本次运行的其他设备为 %4 %（中位数）</translation>
    </message>
    <message>
        <source>%1: memory %2 of %3 MiB used (%4 %), above %5 %</source>
        <translation>%1：内存已用 %2 / %3 MiB（%4 %），超过 %5 %</translation>
    </message>
    <message>
        <source>%1: %2 °C, at or above the alarm at %3 °C</source>
        <translation>%1：%2 °C，已达到或超过 %3 °C 的告警温度</translation>
    </message>
    <message>
        <source>%1: npu-smi reports its health as %2</source>
        <translation>%1：npu-smi 报告其健康状态为 %2</translation>
    </message>
</context>
<context>
    <name>ServerProblemText</name>
    <message>
        <source>Add at least one server.</source>
        <translation>请至少添加一台服务器。</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <source>%1: %2 is empty.</source>
        <translation>%1：%2为空。</translation>
    </message>
    <message>
        <source>%1: %2 is longer than %3 characters.</source>
        <translation>%1：%2超过 %3 个字符。</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; must not start with &apos;-&apos;.</source>
        <translation>%1：%2“%3”不能以“-”开头。</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; must not start with &apos;.&apos;.</source>
        <translation>%1：%2“%3”不能以“.”开头。</translation>
    </message>
    <message>
        <source>%1: %2 contains a NUL character.</source>
        <translation>%1：%2含有 NUL 字符。</translation>
    </message>
    <message>
        <source>%1: %2 contains a line break.</source>
        <translation>%1：%2含有换行。</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; is not an IPv4 address like 10.0.0.22.</source>
        <translation>%1：%2“%3”不是 IPv4 地址（应形如 10.0.0.22）。</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; is not an address, a host name or an ssh config alias.</source>
        <translation>%1：%2“%3”不是地址、主机名或 ssh 配置中的别名。</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; is not a valid user name.</source>
        <translation>%1：%2“%3”不是有效的用户名。</translation>
    </message>
    <message>
        <source>%1: %2 %3 is not a port from 1 to 65535.</source>
        <translation>%1：%2 %3 不是 1 到 65535 之间的端口。</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; is not a network interface name.</source>
        <translation>%1：%2“%3”不是有效的网卡名称。</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; may use only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (not first), at most %4 of them.</source>
        <translation>%1：%2“%3”只能使用字母、数字、“.”、“_”和“-”（不能打头），最多 %4 个字符。</translation>
    </message>
    <message>
        <source>The table lists %1 servers; a cluster has at most %2.</source>
        <translation>表中列出了 %1 台服务器；一个集群最多 %2 台。</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>%1: %2 is empty and %3 &quot;%4&quot; is not an IPv4 address; enter the address the servers reach each other by, or click Test connection and then Apply discovered values.</source>
        <translation>%1：%2为空，而%3“%4”不是 IPv4 地址；请填写服务器之间互相访问所用的地址，或单击“测试连接”后再单击“应用发现的值”。</translation>
    </message>
    <message>
        <source>Row %1: %2 &quot;%3&quot; is already the name of row %4; every server needs its own.</source>
        <translation>第 %1 行：%2“%3”已是第 %4 行的名称；每台服务器的名称必须不同。</translation>
    </message>
    <message>
        <source>%1: %2 %3 is also the address of %4; every server needs its own.</source>
        <translation>%1：%2 %3 也是 %4 的地址；每台服务器的地址必须不同。</translation>
    </message>
    <message>
        <source>%1: %2 %3 differs from port %4 of %5; mpirun reaches every server but the master through one SSH port.</source>
        <translation>%1：%2 %3 与 %5 的端口 %4 不同；mpirun 通过同一个 SSH 端口访问主节点以外的每台服务器。</translation>
    </message>
    <message>
        <source>The address, user or key file cannot be used [%1]</source>
        <translation>无法使用该地址、用户或密钥文件 [%1]</translation>
    </message>
    <message>
        <source>Could not connect: the server did not answer or refused the connection; check the address, the port and the firewall [%1]</source>
        <translation>无法连接：服务器没有应答或拒绝了连接；请检查地址、端口和防火墙 [%1]</translation>
    </message>
    <message>
        <source>No answer in time: the server is off, unreachable from here or too slow [%1]</source>
        <translation>没有按时应答：服务器已关机、从这里无法到达或响应太慢 [%1]</translation>
    </message>
    <message>
        <source>The server&apos;s host key is not known yet and was not accepted [%1]</source>
        <translation>服务器的主机密钥尚未登记，且未被接受 [%1]</translation>
    </message>
    <message>
        <source>The server&apos;s host key differs from the one in known_hosts [%1]</source>
        <translation>服务器的主机密钥与 known_hosts 中记录的不同 [%1]</translation>
    </message>
    <message>
        <source>The server refused every login method (key, password); check the user and the identity file [%1]</source>
        <translation>服务器拒绝了所有登录方式（密钥、密码）；请检查用户和身份文件 [%1]</translation>
    </message>
    <message>
        <source>The SSH session failed [%1]</source>
        <translation>SSH 会话失败 [%1]</translation>
    </message>
    <message>
        <source>Cancelled [%1]</source>
        <translation>已取消 [%1]</translation>
    </message>
    <message>
        <source>Copying a file to the server failed [%1]</source>
        <translation>向服务器复制文件失败 [%1]</translation>
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
    <message numerus="yes">
        <source>not reached: %1 (%n other check(s) not run)</source>
        <translation>
            <numerusform>未连通：%1（另有 %n 项检查未执行）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cw::Checks</name>
    <message>
        <source>not checked: the server was not reached</source>
        <translation>未检查：未能连接该服务器</translation>
    </message>
    <message>
        <source>no verdict for this check in this version</source>
        <translation>此版本中该检查没有判定</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1，另有 %2 项</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>device %1 has gateway %2, plan %3</source>
        <translation>设备 %1 的网关为 %2，规划为 %3</translation>
    </message>
    <message>
        <source>device %1 has detect IP %2, plan %3</source>
        <translation>设备 %1 的检测 IP 为 %2，规划为 %3</translation>
    </message>
    <message>
        <source>the project lists no devices</source>
        <translation>项目未列出任何设备</translation>
    </message>
    <message>
        <source>no device IP plan for this server (run clusterwiz-cli plan)</source>
        <translation>此服务器没有设备 IP 规划（请运行 clusterwiz-cli plan）</translation>
    </message>
    <message>
        <source>no address</source>
        <translation>无地址</translation>
    </message>
    <message>
        <source>device %1 has none (%2), plan %3</source>
        <translation>设备 %1 没有地址（%2），规划为 %3</translation>
    </message>
    <message>
        <source>device %1 has %2, plan %3</source>
        <translation>设备 %1 的地址为 %2，规划为 %3</translation>
    </message>
    <message>
        <source>%1 device addresses match the plan; the gateways and detect IPs are not verified: /etc/hccn.conf, where hccn_tool keeps them, could not be read</source>
        <translation>%1 个设备地址与规划一致；网关和检测 IP 未核验：无法读取 hccn_tool 保存它们的 /etc/hccn.conf</translation>
    </message>
    <message>
        <source>%1 devices match the plan, gateways and detect IPs too</source>
        <translation>%1 个设备与规划一致，网关和检测 IP 也一致</translation>
    </message>
    <message>
        <source>%1 devices match the plan</source>
        <translation>%1 个设备与规划一致</translation>
    </message>
    <message>
        <source>device %1 link DOWN</source>
        <translation>设备 %1 链路 DOWN</translation>
    </message>
    <message>
        <source>hccn_tool not found</source>
        <translation>未找到 hccn_tool</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>device %1 link unknown (%2)</source>
        <translation>设备 %1 链路状态未知（%2）</translation>
    </message>
    <message>
        <source>device %1 link unknown</source>
        <translation>设备 %1 链路状态未知</translation>
    </message>
    <message>
        <source>%1 (check the cable and the switch port)</source>
        <translation>%1（请检查线缆和交换机端口）</translation>
    </message>
    <message>
        <source>%1 links UP</source>
        <translation>%1 条链路 UP</translation>
    </message>
    <message>
        <source>device %1: %2</source>
        <translation>设备 %1：%2</translation>
    </message>
    <message>
        <source>%1 (net_health needs a netdetect address)</source>
        <translation>%1（net_health 需要 netdetect 地址）</translation>
    </message>
    <message>
        <source>net health Success on %1 devices</source>
        <translation>%1 个设备的网络健康状态为 Success</translation>
    </message>
    <message>
        <source>not tested: %1</source>
        <translation>未测试：%1</translation>
    </message>
    <message>
        <source>%1: host key %2 known, logged in (%3)</source>
        <translation>%1：主机密钥 %2 已知，已登录（%3）</translation>
    </message>
    <message>
        <source>unreachable: %1</source>
        <translation>无法连接：%1</translation>
    </message>
    <message>
        <source>no firewall filters incoming connections</source>
        <translation>没有防火墙过滤传入连接</translation>
    </message>
    <message>
        <source>blocks %1%2</source>
        <translation>拦截 %1%2</translation>
    </message>
    <message>
        <source>blocks %1 at %2%3</source>
        <translation>拦截 %1（端口 %2）%3</translation>
    </message>
    <message>
        <source>cannot tell for %1%2</source>
        <translation>无法判断 %1%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 lets in %2</source>
        <translation>%1 放行 %2</translation>
    </message>
    <message>
        <source>ss -tulnp not found</source>
        <translation>未找到 ss -tulnp</translation>
    </message>
    <message>
        <source>ss -tulnp failed: %1</source>
        <translation>ss -tulnp 失败：%1</translation>
    </message>
    <message>
        <source>cannot tell whether port %1 is free: %2</source>
        <translation>无法判断端口 %1 是否空闲：%2</translation>
    </message>
    <message>
        <source>port %1 is free</source>
        <translation>端口 %1 空闲</translation>
    </message>
    <message>
        <source>port %1 is in use</source>
        <translation>端口 %1 已被占用</translation>
    </message>
    <message>
        <source>port %1 is in use by %2</source>
        <translation>端口 %1 已被 %2 占用</translation>
    </message>
    <message>
        <source>%1 (another job? stop it or choose another master_port)</source>
        <translation>%1（是否有其他作业？请停止它或另选 master_port）</translation>
    </message>
    <message>
        <source>cannot tell whether %1-%2 are free: %3</source>
        <translation>无法判断 %1-%2 是否空闲：%3</translation>
    </message>
    <message>
        <source>in use: %1 (is a previous job still running?)</source>
        <translation>已被占用：%1（之前的作业是否仍在运行？）</translation>
    </message>
    <message>
        <source>%1 free</source>
        <translation>%1 空闲</translation>
    </message>
    <message>
        <source>cannot tell whether %1 is reserved: /proc/sys/net/ipv4 not read (%2)</source>
        <translation>无法判断 %1 是否已预留：未能读取 /proc/sys/net/ipv4（%2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 is outside the ephemeral range %2</source>
        <translation>%1 不在临时端口范围 %2 内</translation>
    </message>
    <message>
        <source>%1 reserved (ip_local_reserved_ports: %2)</source>
        <translation>%1 已预留（ip_local_reserved_ports：%2）</translation>
    </message>
    <message>
        <source>%1 of the HCCL ports are inside the ephemeral range %2 and not reserved (ip_local_reserved_ports: %3): a connection can take one before HCCL listens there; reserve them (sysctl -w net.ipv4.ip_local_reserved_ports=...)</source>
        <translation>HCCL 端口中的 %1 位于临时端口范围 %2 内且未预留（ip_local_reserved_ports：%3）：在 HCCL 监听之前，其他连接可能占用它们；请预留这些端口（sysctl -w net.ipv4.ip_local_reserved_ports=...）</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>无应答</translation>
    </message>
    <message>
        <source>connected to %1</source>
        <translation>已连接到 %1</translation>
    </message>
    <message>
        <source>no answer from %1 within %2 s: a firewall drops it</source>
        <translation>%1 在 %2 秒内无应答：防火墙丢弃了连接</translation>
    </message>
    <message>
        <source>%1 refused the connection while a listener was up: a firewall rejects it</source>
        <translation>监听已启动，但 %1 拒绝了连接：防火墙拒绝了它</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>hostname unknown</source>
        <translation>主机名未知</translation>
    </message>
    <message>
        <source>hostname %1 is also %2&apos;s hostname</source>
        <translation>主机名 %1 同时也是 %2 的主机名</translation>
    </message>
    <message>
        <source>host_ip is empty and host &apos;%1&apos; is not an address: set host_ip (this server has %2), or run discover --update</source>
        <translation>host_ip 为空且主机“%1”不是地址：请设置 host_ip（此服务器的地址为 %2），或运行 discover --update</translation>
    </message>
    <message>
        <source>host_ip %1 is not an address of this server (hostname -I: %2)</source>
        <translation>host_ip %1 不是此服务器的地址（hostname -I：%2）</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>host_ip %1 is on %2, but the project pins the NIC %3</source>
        <translation>host_ip %1 位于 %2，但项目指定的网卡是 %3</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1（位于 %2）</translation>
    </message>
    <message>
        <source>cpu project: no accelerator needed</source>
        <translation>CPU 项目：无需加速卡</translation>
    </message>
    <message>
        <source>nvidia-smi not found or failed: %1</source>
        <translation>未找到 nvidia-smi 或其运行失败：%1</translation>
    </message>
    <message>
        <source>GPU %1 missing</source>
        <translation>缺少 GPU %1</translation>
    </message>
    <message>
        <source>%1 (nvidia-smi lists %2)</source>
        <translation>%1（nvidia-smi 列出 %2 个）</translation>
    </message>
    <message>
        <source>npu-smi not found</source>
        <translation>未找到 npu-smi</translation>
    </message>
    <message>
        <source>server %1: %2</source>
        <translation>服务器 %1：%2</translation>
    </message>
    <message>
        <source>NPU %1 missing</source>
        <translation>缺少 NPU %1</translation>
    </message>
    <message>
        <source>NPU %1 health Warning</source>
        <translation>NPU %1 健康状态为 Warning</translation>
    </message>
    <message>
        <source>NPU %1 health %2</source>
        <translation>NPU %1 健康状态为 %2</translation>
    </message>
    <message>
        <source>%1 (project uses %2)</source>
        <translation>%1（项目使用 %2）</translation>
    </message>
    <message>
        <source>did not answer within %1 s</source>
        <translation>%1 秒内无应答</translation>
    </message>
    <message>
        <source>did not answer: the probe output stopped before it</source>
        <translation>无应答：探测输出在此之前中断</translation>
    </message>
    <message>
        <source>%1 does not run: %2</source>
        <translation>%1 无法运行：%2</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>%1 (Python %2) has no %3 installed (no package metadata; %4 needs it): install it for this interpreter</source>
        <translation>%1（Python %2）未安装 %3（没有包元数据；%4 需要它）：请为此解释器安装</translation>
    </message>
    <message>
        <source>%1: Python %2, %3</source>
        <translation>%1：Python %2，%3</translation>
    </message>
    <message>
        <source>%1: Python %2</source>
        <translation>%1：Python %2</translation>
    </message>
    <message>
        <source>mpirun --version %1</source>
        <translation>mpirun --version %1</translation>
    </message>
    <message>
        <source>mpirun not found (mpirun mode needs OpenMPI on every server)</source>
        <translation>未找到 mpirun（mpirun 模式需要每台服务器都安装 OpenMPI）</translation>
    </message>
    <message>
        <source>orted is not on the PATH of a non-interactive SSH login, so mpirun cannot start its daemon here: set launch.mpirun.prefix to the OpenMPI installation (e.g. /usr/lib/x86_64-linux-gnu/openmpi), or install openmpi-bin on this server</source>
        <translation>非交互式 SSH 登录的 PATH 中没有 orted，mpirun 无法在此启动其守护进程：请将 launch.mpirun.prefix 设为 OpenMPI 安装目录（例如 /usr/lib/x86_64-linux-gnu/openmpi），或在此服务器上安装 openmpi-bin</translation>
    </message>
    <message>
        <source>looking for msrun %1</source>
        <translation>查找 msrun 时%1</translation>
    </message>
    <message>
        <source>msrun is neither on the PATH of a non-interactive SSH login nor beside %1; MindSpore installs it</source>
        <translation>msrun 既不在非交互式 SSH 登录的 PATH 中，也不在 %1 旁边；它由 MindSpore 安装</translation>
    </message>
    <message>
        <source>%1: train.sh finds it only if launch.env_setup puts it on the PATH</source>
        <translation>%1：只有 launch.env_setup 把它加入 PATH，train.sh 才能找到它</translation>
    </message>
    <message>
        <source>%1: install MindSpore for launch.python, or add to launch.env_setup the line that activates its environment</source>
        <translation>%1：请为 launch.python 安装 MindSpore，或在 launch.env_setup 中加入激活其环境的命令</translation>
    </message>
    <message>
        <source>env_setup sources no file</source>
        <translation>env_setup 未加载任何文件</translation>
    </message>
    <message>
        <source>missing or unreadable: %1</source>
        <translation>缺失或无法读取：%1</translation>
    </message>
    <message>
        <source>CANN&apos;s set_env.sh is in none of its places (%1): install the CANN toolkit, or source its set_env.sh in launch.env_setup</source>
        <translation>CANN 的 set_env.sh 不在任何默认位置（%1）：请安装 CANN 工具包，或在 launch.env_setup 中 source 它的 set_env.sh</translation>
    </message>
    <message>
        <source>%1 is here, but launch.env_setup does not source it: a job started over SSH gets no CANN libraries (add &quot;source %1&quot;)</source>
        <translation>%1 存在，但 launch.env_setup 未 source 它：通过 SSH 启动的作业将没有 CANN 库（请添加“source %1”）</translation>
    </message>
    <message>
        <source>%1 present</source>
        <translation>%1 存在</translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation>%1 个文件</translation>
    </message>
    <message>
        <source>paths were not probed</source>
        <translation>未探测路径</translation>
    </message>
    <message>
        <source>workdir %1 is made and %2 uploaded at launch</source>
        <translation>启动时将创建工作目录 %1 并上传 %2</translation>
    </message>
    <message>
        <source>workdir %1 does not exist, nor the entry in it (copy it there, or list it in launch.upload)</source>
        <translation>工作目录 %1 不存在，其中的入口脚本也不存在（请复制过去，或列入 launch.upload）</translation>
    </message>
    <message>
        <source>workdir %1 is not writable (the scripts and logs go there)</source>
        <translation>工作目录 %1 不可写（脚本和日志会写到这里）</translation>
    </message>
    <message>
        <source>%1 exists; %2 is uploaded at launch</source>
        <translation>%1 存在；启动时将上传 %2</translation>
    </message>
    <message>
        <source>entry %1 does not exist (copy it there, or list it in launch.upload)</source>
        <translation>入口脚本 %1 不存在（请复制过去，或列入 launch.upload）</translation>
    </message>
    <message>
        <source>%1 and %2 exist</source>
        <translation>%1 和 %2 均存在</translation>
    </message>
    <message>
        <source>cannot tell whether sshd runs (pgrep missing)</source>
        <translation>无法判断 sshd 是否运行（缺少 pgrep）</translation>
    </message>
    <message>
        <source>no sshd process found</source>
        <translation>未找到 sshd 进程</translation>
    </message>
    <message>
        <source>sshd serves port %1</source>
        <translation>sshd 监听端口 %1</translation>
    </message>
    <message>
        <source>sshd runs</source>
        <translation>sshd 正在运行</translation>
    </message>
    <message>
        <source>not the master</source>
        <translation>不是主节点</translation>
    </message>
    <message>
        <source>the master itself</source>
        <translation>主节点本身</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>the import did not answer within %1 s</source>
        <translation>导入在 %1 秒内没有应答</translation>
    </message>
    <message>
        <source>%1 exited with %2</source>
        <translation>%1 退出，返回码 %2</translation>
    </message>
    <message>
        <source>device %1 held by pid %2 (%3)</source>
        <translation>设备 %1 被进程 %2（%3）占用</translation>
    </message>
    <message>
        <source>%1: stop what an earlier job left running (kill %2) once it is finished, then check again</source>
        <translation>%1：请在之前作业遗留的进程结束后停止它们（kill %2），然后重新检查</translation>
    </message>
    <message>
        <source>no process holds the %1 planned devices</source>
        <translation>没有进程占用规划的 %1 个设备</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>devices %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>device %1 (%2)</source>
        <translation>设备 %1（%2）</translation>
    </message>
    <message>
        <source>TLS on: %1</source>
        <translation>TLS 开启：%1</translation>
    </message>
    <message>
        <source>TLS off: %1</source>
        <translation>TLS 关闭：%1</translation>
    </message>
    <message>
        <source>, a tie: off as Huawei advises</source>
        <translation>，数量相同：按华为建议取关闭</translation>
    </message>
    <message>
        <source>%1; the cluster&apos;s devices are mostly %2 (%3 on, %4 off%5): set every device to %2 (hccn_tool -i N -tls -s enable %6)</source>
        <translation>%1；集群中的设备多数为 %2（%3 个开启，%4 个关闭%5）：请将每个设备设为 %2（hccn_tool -i N -tls -s enable %6）</translation>
    </message>
    <message>
        <source>TLS switch unknown: %1</source>
        <translation>TLS 开关未知：%1</translation>
    </message>
    <message>
        <source>TLS %1 on all %2 devices, as on the other servers</source>
        <translation>全部 %2 个设备的 TLS 均为 %1，与其他服务器一致</translation>
    </message>
    <message>
        <source>no versions known</source>
        <translation>版本未知</translation>
    </message>
    <message>
        <source>the same on %1 servers: %2</source>
        <translation>%1 台服务器上一致：%2</translation>
    </message>
    <message>
        <source>%1 (not compared: %2 not reached)</source>
        <translation>%1（未比较：未能连接 %2）</translation>
    </message>
    <message>
        <source>df /dev/shm %1</source>
        <translation>df /dev/shm %1</translation>
    </message>
    <message>
        <source>cannot tell the size of /dev/shm: %1</source>
        <translation>无法判断 /dev/shm 的大小：%1</translation>
    </message>
    <message>
        <source>/dev/shm is %1 MiB</source>
        <translation>/dev/shm 为 %1 MiB</translation>
    </message>
    <message>
        <source>ulimit -l %1</source>
        <translation>ulimit -l %1</translation>
    </message>
    <message>
        <source>cannot tell the locked-memory limit: %1</source>
        <translation>无法判断锁定内存上限：%1</translation>
    </message>
    <message>
        <source>ulimit -l is %1 KiB in a non-interactive login: RDMA (NCCL over InfiniBand or RoCE, HCCL) pins memory and fails or falls back with a small limit; set &quot;* - memlock unlimited&quot; in /etc/security/limits.conf (sshd with UsePAM yes)</source>
        <translation>非交互式登录中 ulimit -l 为 %1 KiB：RDMA（基于 InfiniBand 或 RoCE 的 NCCL、HCCL）需要锁定内存，上限过小会失败或降级；请在 /etc/security/limits.conf 中设置“* - memlock unlimited”（sshd 需 UsePAM yes）</translation>
    </message>
    <message>
        <source>the hostname</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>getent %1</source>
        <translation>getent %1</translation>
    </message>
    <message>
        <source>%1 does not resolve on the master: a job that looks it up fails; map it to host_ip %2 in /etc/hosts</source>
        <translation>%1 在主节点上无法解析：查找它的作业会失败；请在 /etc/hosts 中将其映射到 host_ip %2</translation>
    </message>
    <message>
        <source>cannot tell what %1 resolves to: %2</source>
        <translation>无法判断 %1 解析到的地址：%2</translation>
    </message>
    <message>
        <source>%1 resolves to %2</source>
        <translation>%1 解析为 %2</translation>
    </message>
    <message>
        <source>%1 resolves to %2 on the master: the other servers are told that address and cannot reach it (torchrun, pytorch/pytorch#85300); map %1 to host_ip %3 in /etc/hosts</source>
        <translation>%1 在主节点上解析为 %2：其他服务器拿到的是这个地址，无法连通（torchrun，pytorch/pytorch#85300）；请在 /etc/hosts 中将 %1 映射到 host_ip %3</translation>
    </message>
    <message>
        <source>the master&apos;s clock was not read</source>
        <translation>未读取主节点的时钟</translation>
    </message>
    <message>
        <source>%1 %2 ms ahead</source>
        <translation>%1 快 %2 ms</translation>
    </message>
    <message>
        <source>%1 %2 ms behind</source>
        <translation>%1 慢 %2 ms</translation>
    </message>
    <message>
        <source>more than 1 s from the master&apos;s clock: %1 (log times and diagnose&apos;s timeline disagree; run chrony or NTP on every server)</source>
        <translation>与主节点时钟相差超过 1 秒：%1（日志时间与 diagnose 的时间线会不一致；请在每台服务器上运行 chrony 或 NTP）</translation>
    </message>
    <message>
        <source>within 1 s of the master&apos;s clock: %1 servers; not compared: %2</source>
        <translation>%1 台服务器与主节点时钟相差在 1 秒内；未比较：%2</translation>
    </message>
    <message>
        <source>within 1 s of the master&apos;s clock: %1 servers</source>
        <translation>%1 台服务器与主节点时钟相差在 1 秒内</translation>
    </message>
    <message>
        <source>cannot read the firewall rules: %1</source>
        <translation>无法读取防火墙规则：%1</translation>
    </message>
    <message>
        <source>%1; cannot read %2</source>
        <translation>%1；无法读取 %2</translation>
    </message>
    <message>
        <source>not the supervisor&apos;s server</source>
        <translation>不是监管进程所在的服务器</translation>
    </message>
    <message>
        <source>the supervisor&apos;s server itself</source>
        <translation>监管进程所在的服务器本身</translation>
    </message>
    <message>
        <source>no answer from %1</source>
        <translation>%1 没有应答</translation>
    </message>
    <message>
        <source>%1 logs in to %2 with a key</source>
        <translation>%1 通过密钥登录 %2</translation>
    </message>
    <message>
        <source>%1 cannot log in to %2 without a password: %3</source>
        <translation>%1 无法免密码登录 %2：%3</translation>
    </message>
    <message>
        <source>%1 cannot reach %2: %3</source>
        <translation>%1 无法连通 %2：%3</translation>
    </message>
    <message>
        <source>ssh from %1 to %2 failed: %3</source>
        <translation>从 %1 到 %2 的 ssh 失败：%3</translation>
    </message>
    <message>
        <source>the known_hosts of %1 holds %2&apos;s key (%3)</source>
        <translation>%1 的 known_hosts 含有 %2 的密钥（%3）</translation>
    </message>
    <message>
        <source>%1: no entry in the known_hosts of %2</source>
        <translation>%1：%2 的 known_hosts 中没有该条目</translation>
    </message>
    <message>
        <source>%1: the known_hosts of %2 holds keys of other types only</source>
        <translation>%1：%2 的 known_hosts 只含其他类型的密钥</translation>
    </message>
    <message>
        <source>%1: the known_hosts of %2 holds another %3 key than this client verified; check it, then remove it on %2 with ssh-keygen -R %1</source>
        <translation>%1：%2 的 known_hosts 含有的 %3 密钥与本客户端验证的不同；请核实后在 %2 上用 ssh-keygen -R %1 删除它</translation>
    </message>
    <message>
        <source>the master</source>
        <translation>主节点</translation>
    </message>
    <message>
        <source>the supervisor&apos;s server %1</source>
        <translation>监管进程所在的服务器 %1</translation>
    </message>
    <message>
        <source>no device IP plan for this server (click Plan automatically on the Devices page)</source>
        <translation>此服务器没有设备 IP 规划（请在“设备与网络”页单击“自动规划”）</translation>
    </message>
    <message>
        <source>%1 does not resolve on the master: a job that looks it up fails; map it to its Host IP %2 (Servers page) in /etc/hosts</source>
        <translation>%1 在主节点上无法解析：查找它的作业会失败；请在 /etc/hosts 中将它映射到其主机 IP %2（“服务器”页）</translation>
    </message>
    <message>
        <source>%1 (another job? stop it, or choose another Master port on the Launch mode page)</source>
        <translation>%1（另一个作业？请停止它，或在“启动方式”页选择其他主节点端口）</translation>
    </message>
    <message>
        <source>Host IP is empty and the address &apos;%1&apos; is not an IP address: enter this server&apos;s Host IP on the Servers page (it has %2), or click Test connection and Apply discovered values</source>
        <translation>主机 IP 为空，而地址“%1”不是 IP 地址：请在“服务器”页填写此服务器的主机 IP（它有 %2），或单击“测试连接”后再单击“应用发现的值”</translation>
    </message>
    <message>
        <source>Host IP %1 (Servers page) is not an address of this server (it has: %2)</source>
        <translation>主机 IP %1（“服务器”页）不是此服务器的地址（它有：%2）</translation>
    </message>
    <message>
        <source>Host IP %1 is on %2, but the Servers page sets the NIC %3</source>
        <translation>主机 IP %1 在 %2 上，但“服务器”页指定的网卡是 %3</translation>
    </message>
    <message>
        <source>orted is not on the PATH of a non-interactive SSH login, so mpirun cannot start its daemon here: set OpenMPI --prefix (Launch mode page, mpirun) to the OpenMPI installation (e.g. /usr/lib/x86_64-linux-gnu/openmpi), or install openmpi-bin on this server</source>
        <translation>非交互式 SSH 登录的 PATH 中没有 orted，mpirun 无法在此启动其守护进程：请将 OpenMPI --prefix（“启动方式”页，mpirun）设为 OpenMPI 的安装位置（例如 /usr/lib/x86_64-linux-gnu/openmpi），或在此服务器上安装 openmpi-bin</translation>
    </message>
    <message>
        <source>%1: train.sh finds it only if Environment setup (Launch mode page) puts it on the PATH</source>
        <translation>%1：只有当环境初始化（“启动方式”页）把它加入 PATH 时，train.sh 才能找到它</translation>
    </message>
    <message>
        <source>%1: install MindSpore for the Python of the Launch mode page, or add to its Environment setup the line that activates its environment</source>
        <translation>%1：请为“启动方式”页上的 Python 安装 MindSpore，或在其环境初始化中加入激活该环境的那一行</translation>
    </message>
    <message>
        <source>Environment setup (Launch mode page) sources no file</source>
        <translation>环境初始化（“启动方式”页）没有加载任何文件</translation>
    </message>
    <message>
        <source>CANN&apos;s set_env.sh is in none of its places (%1): install the CANN toolkit, or source its set_env.sh in Environment setup (Launch mode page)</source>
        <translation>CANN 的 set_env.sh 不在任何常见位置（%1）：请安装 CANN 工具包，或在环境初始化（“启动方式”页）中 source 它的 set_env.sh</translation>
    </message>
    <message>
        <source>%1 is here, but Environment setup (Launch mode page) does not source it: a job started over SSH gets no CANN libraries (add &quot;source %1&quot;)</source>
        <translation>%1 存在，但环境初始化（“启动方式”页）没有 source 它：通过 SSH 启动的作业得不到 CANN 库（请加入“source %1”）</translation>
    </message>
    <message>
        <source>working folder %1 does not exist, nor the entry script in it (copy it there, or add the script to Files to upload on the Launch mode page)</source>
        <translation>工作目录 %1 不存在，其中的入口脚本也不存在（请复制过去，或在“启动方式”页把脚本加入“要上传的文件”）</translation>
    </message>
    <message>
        <source>entry script %1 does not exist (copy it there, or add it to Files to upload on the Launch mode page)</source>
        <translation>入口脚本 %1 不存在（请复制过去，或在“启动方式”页把它加入“要上传的文件”）</translation>
    </message>
    <message>
        <source>die %1 missing</source>
        <translation>缺少 die %1</translation>
    </message>
    <message>
        <source>die %1 health Warning</source>
        <translation>die %1 健康状态为 Warning</translation>
    </message>
    <message>
        <source>die %1 health %2</source>
        <translation>die %1 健康状态为 %2</translation>
    </message>
    <message>
        <source>die %1 has SDID %2 (npu-smi info -t spod-info), the project says %3</source>
        <translation>die %1 的 SDID 为 %2（npu-smi info -t spod-info），项目中为 %3</translation>
    </message>
    <message>
        <source>no super pods in the project (typical networking)</source>
        <translation>项目中没有超节点（常规组网）</translation>
    </message>
    <message>
        <source>super pod %1 spans physical SuperPoDs: %2 (ranks of different physical SuperPoDs cannot share a logical one)</source>
        <translation>超节点 %1 跨越多个物理超节点：%2（不同物理超节点的 rank 不能共用一个逻辑超节点）</translation>
    </message>
    <message>
        <source>%1 super pods, each inside one physical SuperPoD</source>
        <translation>%1 个超节点，每个都在一个物理超节点内</translation>
    </message>
    <message>
        <source>%1; not compared: %2</source>
        <translation>%1；未比较：%2</translation>
    </message>
    <message>
        <source>/dev/shm is %1 MiB, under %2 MiB: DataLoader workers and NCCL/gloo between processes of one server run out of it (&quot;No space left on device&quot;, bus error); give it more (a container: --shm-size=16g; a host: mount -o remount,size=16G /dev/shm)</source>
        <translation>/dev/shm 为 %1 MiB，不足 %2 MiB：DataLoader 工作进程以及同一服务器上进程间的 NCCL/gloo 会将其耗尽（“No space left on device”、bus error）；请调大（容器：--shm-size=16g；主机：mount -o remount,size=16G /dev/shm）</translation>
    </message>
    <message>
        <source>ulimit -n %1</source>
        <translation>ulimit -n %1</translation>
    </message>
    <message>
        <source>cannot tell the open-files limit: %1</source>
        <translation>无法确定打开文件数上限：%1</translation>
    </message>
    <message>
        <source>ulimit -n is %1 in a non-interactive login, under %2: DataLoader workers pass batches as file descriptors and a rank fails with &quot;Too many open files&quot; or &quot;received 0 items of ancdata&quot; (pytorch/pytorch#973); set &quot;* - nofile 1048576&quot; in /etc/security/limits.conf (sshd with UsePAM yes)</source>
        <translation>非交互式登录的 ulimit -n 为 %1，低于 %2：DataLoader 工作进程以文件描述符传递批数据，rank 会因“Too many open files”或“received 0 items of ancdata”失败（pytorch/pytorch#973）；请在 /etc/security/limits.conf 中设置“* - nofile 1048576”（sshd 需 UsePAM yes）</translation>
    </message>
    <message>
        <source>munge -n | unmunge %1</source>
        <translation>munge -n | unmunge %1</translation>
    </message>
    <message>
        <source>munge does not answer: %1 (Slurm cannot sign a request: is munged running with the cluster&apos;s key?)</source>
        <translation>munge 无应答：%1（Slurm 无法为请求签名：munged 是否以集群的密钥在运行？）</translation>
    </message>
    <message>
        <source>unmunge says %1: the credential was refused (the key or the clock differs?)</source>
        <translation>unmunge 返回 %1：凭据被拒绝（密钥或时钟不一致？）</translation>
    </message>
    <message>
        <source>munge answers: %1</source>
        <translation>munge 有应答：%1</translation>
    </message>
    <message>
        <source>scontrol show node %1</source>
        <translation>scontrol show node %1</translation>
    </message>
    <message>
        <source>cannot tell the Slurm node&apos;s state: %1</source>
        <translation>无法确定 Slurm 节点的状态：%1</translation>
    </message>
    <message>
        <source>the Slurm node is %1, not one of %2: a job on it waits or fails (scontrol show node tells the reason; scontrol update nodename=NAME state=resume once it is mended)</source>
        <translation>Slurm 节点状态为 %1，不属于 %2：其上的作业会等待或失败（scontrol show node 可查看原因；修复后执行 scontrol update nodename=NAME state=resume）</translation>
    </message>
    <message>
        <source>the Slurm node is %1</source>
        <translation>Slurm 节点状态为 %1</translation>
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
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Cancelled; what was found before: </source>
        <translation>已取消；取消前的结果：</translation>
    </message>
</context>
<context>
    <name>cw::ClusterWizard</name>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
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
        <source>%1%2 — clusterwiz</source>
        <translation>%1%2 — clusterwiz</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
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
    <message>
        <source>Language…</source>
        <translation>语言…</translation>
    </message>
    <message>
        <source>Go to a step: later steps open when every step before them is complete.</source>
        <translation>转到某一步：前面各步都完成后，才能进入后面的步骤。</translation>
    </message>
    <message>
        <source>%1 has changes that are not saved. Save them first?</source>
        <translation>%1 有尚未保存的更改。先保存吗？</translation>
    </message>
    <message>
        <source>The new project</source>
        <translation>新项目</translation>
    </message>
    <message>
        <source>Save a copy of the example</source>
        <translation>保存示例的副本</translation>
    </message>
    <message>
        <source>no project</source>
        <translation>未打开项目</translation>
    </message>
    <message>
        <source>%1 (not saved yet)</source>
        <translation>%1（尚未保存）</translation>
    </message>
    <message>
        <source>%1 (example, read-only)</source>
        <translation>%1（示例，只读）</translation>
    </message>
    <message>
        <source>Show clusterwiz in:</source>
        <translation>clusterwiz 的显示语言：</translation>
    </message>
    <message>
        <source>clusterwiz changes its language when no job runs, and %1 is running: choose the language again once it has ended, or it shows at the next start.</source>
        <translation>clusterwiz 只在没有任务运行时切换语言，而%1正在运行：请在它结束后再次选择语言，否则新语言将在下次启动时生效。</translation>
    </message>
    <message>
        <source>the connection test or container job of the Servers page</source>
        <translation>“服务器”页的连接测试或容器任务</translation>
    </message>
    <message>
        <source>the checks, fix or doctor of the Checks page</source>
        <translation>“检查”页的检查、修复或网络诊断</translation>
    </message>
    <message>
        <source>the run the Run page follows</source>
        <translation>“运行”页正在跟踪的运行</translation>
    </message>
</context>
<context>
    <name>cw::Container</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>refused (%1): %2</source>
        <translation>被拒绝（%1）：%2</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未改变</translation>
    </message>
    <message>
        <source>no container %1 (run container up)</source>
        <translation>没有容器 %1（请运行 container up）</translation>
    </message>
    <message>
        <source>a container named %1 exists that clusterwiz did not create</source>
        <translation>已有一个名为 %1 的容器，但不是 clusterwiz 创建的</translation>
    </message>
    <message>
        <source>image %1</source>
        <translation>镜像 %1</translation>
    </message>
    <message>
        <source>sshd on %1 listening</source>
        <translation>端口 %1 上的 sshd 正在监听</translation>
    </message>
    <message>
        <source>sshd on %1 not listening</source>
        <translation>端口 %1 上的 sshd 未在监听</translation>
    </message>
    <message>
        <source>host key differs from the one up recorded (run container up again)</source>
        <translation>主机密钥与 up 记录的不同（请再次运行 container up）</translation>
    </message>
    <message>
        <source>hostname %1 differs from the host&apos;s %2</source>
        <translation>主机名 %1 与主机的 %2 不同</translation>
    </message>
    <message>
        <source>host network (%1)</source>
        <translation>主机网络（%1）</translation>
    </message>
    <message>
        <source>addresses %1 differ from the host&apos;s %2</source>
        <translation>地址 %1 与主机的 %2 不同</translation>
    </message>
    <message>
        <source>devices inside %1 (project: %2)</source>
        <translation>容器内设备 %1（项目：%2）</translation>
    </message>
    <message>
        <source>shm %1 MiB</source>
        <translation>共享内存 %1 MiB</translation>
    </message>
    <message>
        <source>host firewall: port %1 %2</source>
        <translation>主机防火墙：端口 %1 %2</translation>
    </message>
    <message>
        <source>fix: open TCP port %1 on the host&apos;s firewall</source>
        <translation>修复：在主机防火墙上开放 TCP 端口 %1</translation>
    </message>
    <message>
        <source>passed the first round; nothing made, since another server refused</source>
        <translation>第一轮检查已通过；因为另一台服务器拒绝，未创建任何东西</translation>
    </message>
</context>
<context>
    <name>cw::ContainerPanel</name>
    <message>
        <source>Run the job inside a training container on every ser&amp;ver</source>
        <translation>在每台服务器的训练容器中运行作业(&amp;V)</translation>
    </message>
    <message>
        <source>Privileged</source>
        <translation>特权模式</translation>
    </message>
    <message>
        <source>/data:/data (one per line; :ro for read-only)</source>
        <translation>/data:/data（每行一个；:ro 表示只读）</translation>
    </message>
    <message>
        <source>source /usr/local/Ascend/ascend-toolkit/set_env.sh</source>
        <translation>source /usr/local/Ascend/ascend-toolkit/set_env.sh</translation>
    </message>
    <message>
        <source>--cap-add=SYS_PTRACE (one word per line)</source>
        <translation>--cap-add=SYS_PTRACE（每行一个词）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Creates one container per server from the image (Create containers); the checks, the doctor and the job then reach the containers at the host&apos;s address on the SSH port below, as root. Test connection still reaches the hosts.</source>
        <translation>用该镜像在每台服务器上创建一个容器（创建容器）；之后检查、诊断和作业都以 root 身份经下面的 SSH 端口在主机地址上连接容器。“测试连接”仍然连接主机本身。</translation>
    </message>
    <message>
        <source>registry/name:tag, already on every server</source>
        <translation>registry/name:tag，须已在每台服务器上</translation>
    </message>
    <message>
        <source>The port of the sshd inside, on the host&apos;s network: one free port, the same on every server.</source>
        <translation>容器内 sshd 的端口，位于主机网络上：一个空闲端口，每台服务器相同。</translation>
    </message>
    <message>
        <source>host&apos;s</source>
        <translation>主机的</translation>
    </message>
    <message>
        <source>--shm-size, such as 16g; empty: the host&apos;s shared memory (--ipc host).</source>
        <translation>--shm-size，例如 16g；为空：使用主机的共享内存（--ipc host）。</translation>
    </message>
    <message>
        <source>Runs the container with --privileged.</source>
        <translation>以 --privileged 运行容器。</translation>
    </message>
    <message>
        <source>%1 (one per line)</source>
        <translation>%1（每行一个）</translation>
    </message>
    <message>
        <source>&amp;Preview…</source>
        <translation>预览(&amp;P)…</translation>
    </message>
    <message>
        <source>Create conta&amp;iners</source>
        <translation>创建容器(&amp;I)</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Re&amp;move containers</source>
        <translation>删除容器(&amp;M)</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Save the project first (Ctrl+S): the containers are made from the saved project, and their journal is kept beside it.</source>
        <translation>请先保存项目（Ctrl+S）：容器按已保存的项目创建，其日志保存在项目文件旁。</translation>
    </message>
    <message>
        <source>Check &quot;%1&quot; first.</source>
        <translation>请先勾选“%1”。</translation>
    </message>
    <message>
        <source>Remove the training containers?</source>
        <translation>删除训练容器？</translation>
    </message>
    <message numerus="yes">
        <source>Remove the %n container(s) named %1 that Create containers made, one on each server, and what they hold outside the mounts? The hosts and their files stay.</source>
        <translation>
            <numerusform>删除“创建容器”所建的 %n 个名为 %1 的容器（每台服务器一个）及其挂载之外的内容？主机及其文件保持不变。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Creating the containers on %n server(s)…</source>
        <translation>
            <numerusform>正在 %n 台服务器上创建容器…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removing the containers on %n server(s)…</source>
        <translation>
            <numerusform>正在删除 %n 台服务器上的容器…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Asking %n server(s) about their containers…</source>
        <translation>
            <numerusform>正在询问 %n 台服务器的容器状态…</numerusform>
        </translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>not ready</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未改变</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>created</source>
        <translation>已创建</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Nothing was created or changed: %1 of %2 servers refused.</source>
        <translation>未创建或更改任何内容：%2 台服务器中有 %1 台拒绝。</translation>
    </message>
    <message>
        <source>Every container is ready for the job.</source>
        <translation>所有容器都已就绪，可以运行作业。</translation>
    </message>
    <message>
        <source>%1 of %2 containers not ready.</source>
        <translation>%2 个容器中有 %1 个未就绪。</translation>
    </message>
    <message>
        <source>%1 of %2 servers failed.</source>
        <translation>%2 台服务器中有 %1 台失败。</translation>
    </message>
    <message numerus="yes">
        <source>Done on %n server(s).</source>
        <translation>
            <numerusform>已在 %n 台服务器上完成。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation>没有任何改变。</translation>
    </message>
    <message>
        <source>not made</source>
        <translation>未创建</translation>
    </message>
</context>
<context>
    <name>cw::ContainerPreview</name>
    <message>
        <source>Preview of Create containers</source>
        <translation>“创建容器”预览</translation>
    </message>
    <message>
        <source>These programs run with bash on the chosen server over the host&apos;s own SSH, only when you press Create containers: first a round that changes nothing (when any server refuses, nothing is made anywhere), then the container and its sshd. A last round then lets every container log in to every other, with the keys the second round prints.</source>
        <translation>只有在按下“创建容器”时，这些程序才会通过主机自己的 SSH 在所选服务器上用 bash 运行：先是不做任何改变的一轮（任何一台服务器拒绝时，哪里都不会创建），然后创建容器及其 sshd。最后一轮用第二轮输出的密钥让每个容器都能登录其他所有容器。</translation>
    </message>
    <message>
        <source>up, first round (changes nothing)</source>
        <translation>up，第一轮（不做任何改变）</translation>
    </message>
    <message>
        <source>up, second round</source>
        <translation>up，第二轮</translation>
    </message>
</context>
<context>
    <name>cw::DeviceHeatMap</name>
    <message>
        <source>%1, rank process %2</source>
        <translation>%1，rank 进程 %2</translation>
    </message>
    <message>
        <source>%1 device %2</source>
        <translation>%1 设备 %2</translation>
    </message>
    <message>
        <source>%1: no sample yet</source>
        <translation>%1：尚无采样</translation>
    </message>
    <message>
        <source>%1: not in the newest sample (%2)</source>
        <translation>%1：不在最新采样中（%2）</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>pid %1</translation>
    </message>
    <message>
        <source>busy: %1%</source>
        <translation>繁忙：%1%</translation>
    </message>
    <message>
        <source>memory: %1 of %2 MiB (%3%)</source>
        <translation>内存：%1 / %2 MiB（%3%）</translation>
    </message>
    <message>
        <source>memory: %1 MiB</source>
        <translation>内存：%1 MiB</translation>
    </message>
    <message>
        <source>temperature: %1 °C</source>
        <translation>温度：%1 °C</translation>
    </message>
    <message>
        <source>power: %1 W</source>
        <translation>功耗：%1 W</translation>
    </message>
    <message>
        <source>health: %1</source>
        <translation>健康状态：%1</translation>
    </message>
</context>
<context>
    <name>cw::DeviceHeatPanel</name>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>What the cells show: each device&apos;s busy percentage, or how full its memory is (red above 95%).</source>
        <translation>格子显示的内容：每个设备的繁忙百分比，或其内存占用（超过 95% 显示为红色）。</translation>
    </message>
    <message>
        <source>No device sample yet: the status rounds take one every few seconds while a run is followed.</source>
        <translation>尚无设备采样：跟踪运行时，状态轮询每隔几秒采样一次。</translation>
    </message>
    <message>
        <source>%1 of %2 devices sampled; memory median %3%, fullest %4%: %5</source>
        <translation>已采样 %1 / %2 个设备；内存中位数 %3%，最满 %4%：%5</translation>
    </message>
    <message>
        <source>%1 of %2 devices sampled; busy median %3%, least busy %4%: %5</source>
        <translation>已采样 %1 / %2 个设备；繁忙中位数 %3%，最空闲 %4%：%5</translation>
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
    <message>
        <source>Device ids, e.g. 0-7, 0 1 2 3, 0,1,2,3 or 0-3,6,7</source>
        <translation>设备编号，例如 0-7、0 1 2 3、0,1,2,3 或 0-3,6,7</translation>
    </message>
    <message>
        <source>%1: Devices &quot;%2&quot;: &quot;%3&quot; is not a device id or range; type them like 0-7, 0 1 2 3, 0,1,2,3 or 0-3,6,7.</source>
        <translation>%1：设备“%2”：“%3”不是设备编号或范围；请写成 0-7、0 1 2 3、0,1,2,3 或 0-3,6,7 这样的形式。</translation>
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
    <message>
        <source>Keep every valid value and assign the rest so that all rules hold; a netmask too small for the cluster is widened.</source>
        <translation>保留所有有效的值，其余按全部规则分配；对集群来说过小的子网掩码会被放宽。</translation>
    </message>
    <message>
        <source>Only Ascend projects have a device network to plan.</source>
        <translation>只有昇腾项目才有需要规划的设备网络。</translation>
    </message>
    <message>
        <source>…and %1 more.</source>
        <translation>…还有 %1 项。</translation>
    </message>
    <message numerus="yes">
        <source>Planned %n value(s). The netmask was too small for this cluster and is now %1; hover here for why and for every change.</source>
        <translation>
            <numerusform>已规划 %n 个值。原子网掩码对此集群过小，现为 %1；鼠标悬停在此处可查看原因和每项更改。</numerusform>
        </translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %n more problem(s) in the list)</source>
        <translation>
            <numerusform>%1（列表中另有 %n 个问题）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fix %n problem(s), or click Plan automatically to repair them.</source>
        <translation>
            <numerusform>请修复 %n 个问题，或点击“自动规划”来修复。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fix %n problem(s) in the table or the fields above; Plan automatically cannot repair them.</source>
        <translation>
            <numerusform>请在表格或上方的输入框中修复 %n 个问题；“自动规划”无法修复它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved the topology picture to %1.</source>
        <translation>拓扑图已保存到 %1。</translation>
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
    <message>
        <source>not tested: %1 unreachable</source>
        <translation>未测试：%1 无法连接</translation>
    </message>
    <message>
        <source>not tested: %1 unreachable (%2)</source>
        <translation>未测试：%1 无法连接（%2）</translation>
    </message>
    <message>
        <source>Links: die %1 (row pings column; HCCS: hccs_ping inside a super pod)</source>
        <translation>链路：die %1（行 ping 列；HCCS：超节点内 hccs_ping）</translation>
    </message>
    <message>
        <source>HCCS ok</source>
        <translation>HCCS 正常</translation>
    </message>
    <message>
        <source>HCCS fail</source>
        <translation>HCCS 失败</translation>
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
    <message>
        <source>Not reached: %1: %2</source>
        <translation>未连接：%1：%2</translation>
    </message>
    <message>
        <source>%1 links</source>
        <translation>%1 条链路</translation>
    </message>
    <message>
        <source>%1 ports</source>
        <translation>%1 个端口</translation>
    </message>
    <message>
        <source>%1 pairs</source>
        <translation>%1 对服务器</translation>
    </message>
    <message numerus="yes">
        <source>%1 not tested: %n server(s) not reached (%2).</source>
        <translation>
            <numerusform>%1未测试：%n 台服务器无法连接（%2）。</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Every die pings the same die on every other server: hccn_tool -hccs_ping inside a super pod, -ping across pods and without super pods.</source>
        <translation>每个 die 向其他每台服务器上的同号 die 发起 ping：超节点内用 hccn_tool -hccs_ping，跨超节点及无超节点时用 -ping。</translation>
    </message>
    <message>
        <source>Suspect: %1 die %2: %3</source>
        <translation>疑点：%1 die %2：%3</translation>
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
    <name>cw::Fixes</name>
    <message>
        <source>Set the planned device IPs with hccn_tool</source>
        <translation>用 hccn_tool 设置规划的设备 IP</translation>
    </message>
    <message>
        <source>Set every device&apos;s TLS switch to the cluster&apos;s common value</source>
        <translation>将每个设备的 TLS 开关设为集群的通用值</translation>
    </message>
    <message>
        <source>Open only the job&apos;s ports in each server&apos;s firewall</source>
        <translation>只在每台服务器的防火墙中放行作业所需端口</translation>
    </message>
    <message>
        <source>Keep the HCCL host ports from the kernel&apos;s ephemeral ports</source>
        <translation>将 HCCL 主机端口从内核临时端口中预留出来</translation>
    </message>
    <message>
        <source>Record the other servers&apos; host keys in the master&apos;s known_hosts</source>
        <translation>将其他服务器的主机密钥记录到主节点的 known_hosts</translation>
    </message>
    <message>
        <source>Let the master log in to the other servers with its key</source>
        <translation>让主节点用其密钥登录其他服务器</translation>
    </message>
    <message>
        <source>Stop the firewall (second choice: open-ports changes less)</source>
        <translation>停止防火墙（备选方案：open-ports 改动更少）</translation>
    </message>
    <message>
        <source>device %1: read its gateway and detect IP from hccn.conf</source>
        <translation>设备 %1：从 hccn.conf 读取其网关和检测 IP</translation>
    </message>
    <message>
        <source>(not read by discovery)</source>
        <translation>（发现时未读取）</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>device %1: %2 %3 -&gt; %4 (undo restores the one hccn.conf holds just before)</source>
        <translation>设备 %1：%2 %3 -&gt; %4（撤销时恢复执行前 hccn.conf 中的值）</translation>
    </message>
    <message>
        <source>device %1: %2/%3 -&gt; %4/%5</source>
        <translation>设备 %1：%2/%3 -&gt; %4/%5</translation>
    </message>
    <message>
        <source>device %1: (none) -&gt; %2/%3 (nothing to restore on undo)</source>
        <translation>设备 %1：（无）-&gt; %2/%3（撤销时无需恢复）</translation>
    </message>
    <message>
        <source>a tie (%1 on, %2 off): off, as Huawei advises for training</source>
        <translation>数量相同（%1 个开启，%2 个关闭）：按华为对训练的建议取关闭</translation>
    </message>
    <message>
        <source>the majority: %1 on, %2 off</source>
        <translation>多数值：%1 个开启，%2 个关闭</translation>
    </message>
    <message>
        <source>device %1: TLS %2 -&gt; %3 (%4)</source>
        <translation>设备 %1：TLS %2 -&gt; %3（%4）</translation>
    </message>
    <message>
        <source>open %1/tcp in ufw (as rule 1, before the rule that denies it)</source>
        <translation>在 ufw 中放行 %1/tcp（作为第 1 条规则，位于拒绝它的规则之前）</translation>
    </message>
    <message>
        <source>open %1/tcp in ufw</source>
        <translation>在 ufw 中放行 %1/tcp</translation>
    </message>
    <message>
        <source>open %1 in firewalld (runtime and permanent)</source>
        <translation>在 firewalld 中放行 %1（运行时和永久）</translation>
    </message>
    <message>
        <source>open %1 in firewalld zone %2 (runtime and permanent)</source>
        <translation>在 firewalld 区域 %2 中放行 %1（运行时和永久）</translation>
    </message>
    <message>
        <source>open %1/tcp in %2 and %3</source>
        <translation>在 %2 和 %3 中放行 %1/tcp</translation>
    </message>
    <message>
        <source>open %1/tcp in %2</source>
        <translation>在 %2 中放行 %1/tcp</translation>
    </message>
    <message>
        <source>  cannot apply: %1</source>
        <translation>  无法应用：%1</translation>
    </message>
    <message>
        <source>  nothing to do: %1</source>
        <translation>  无需操作：%1</translation>
    </message>
    <message>
        <source>       (its input: what step %1 prints)</source>
        <translation>       （其输入：第 %1 步的输出）</translation>
    </message>
    <message>
        <source>       (its input: %1)</source>
        <translation>       （其输入：%1）</translation>
    </message>
    <message>
        <source>read the reserved ports and the sysctl.d file as they are</source>
        <translation>读取当前的预留端口和 sysctl.d 文件</translation>
    </message>
    <message>
        <source>reserve %1 from the kernel&apos;s ephemeral ports: ip_local_reserved_ports = %2, now and in /etc/sysctl.d/90-clusterwiz-hccl-ports.conf (undo puts both back)</source>
        <translation>从内核临时端口中预留 %1：ip_local_reserved_ports = %2，立即生效并写入 /etc/sysctl.d/90-clusterwiz-hccl-ports.conf（撤销时两者都会恢复）</translation>
    </message>
    <message>
        <source>create an ed25519 key pair for the master and print its public key</source>
        <translation>为主节点创建 ed25519 密钥对并输出其公钥</translation>
    </message>
    <message>
        <source>print the master&apos;s public key</source>
        <translation>输出主节点的公钥</translation>
    </message>
    <message>
        <source>add the master&apos;s public key to %1</source>
        <translation>将主节点的公钥添加到 %1</translation>
    </message>
    <message>
        <source>record %1&apos;s %2 key (%3) in %4</source>
        <translation>将 %1 的 %2 密钥（%3）记录到 %4</translation>
    </message>
</context>
<context>
    <name>cw::FoldedLogView</name>
    <message>
        <source>rank %1: %2</source>
        <translation>rank %1：%2</translation>
    </message>
    <message>
        <source>ranks %1: %2</source>
        <translation>rank %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) printed this line; open the row for each one&apos;s.</source>
        <translation>
            <numerusform>%n 个 rank 打印了这一行；展开该行可看到每个 rank 的行。</numerusform>
        </translation>
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
    <message>
        <source>HCCL only from the servers&apos; host IPs</source>
        <translation>仅允许各服务器主机 IP 的 HCCL 连接</translation>
    </message>
    <message>
        <source>&amp;Master server:</source>
        <translation>主节点服务器(&amp;M)：</translation>
    </message>
    <message>
        <source>L&amp;og folder:</source>
        <translation>日志目录(&amp;O)：</translation>
    </message>
    <message>
        <source>Environment se&amp;tup:</source>
        <translation>环境初始化(&amp;T)：</translation>
    </message>
    <message>
        <source>Accept HCCL connections only from the servers&apos; host IPs (writes hccl_whitelist.json). Without it, env.sh sets HCCL_WHITELIST_DISABLE=1 as the vendor guides do, and any address may join the job&apos;s HCCL connections.</source>
        <translation>仅接受来自各服务器主机 IP 的 HCCL 连接（写入 hccl_whitelist.json）。不勾选时，env.sh 按厂商指南设置 HCCL_WHITELIST_DISABLE=1，任何地址都可加入作业的 HCCL 连接。</translation>
    </message>
    <message>
        <source>Only for Ascend NPUs: this project&apos;s accelerator has no HCCL rank table.</source>
        <translation>仅用于昇腾 NPU：此项目的加速器没有 HCCL rank table。</translation>
    </message>
    <message>
        <source>Only for MindSpore jobs: choose MindSpore as the framework (Job, below) to use msrun; the framework is %1.</source>
        <translation>仅用于 MindSpore 作业：要使用 msrun，请在下方“作业”中把框架选为 MindSpore；当前框架是 %1。</translation>
    </message>
    <message>
        <source>Not for %1 jobs: this launcher cannot start them (the framework is chosen under Job, below).</source>
        <translation>不适用于 %1 作业：此启动器无法启动它们（框架在下方“作业”中选择）。</translation>
    </message>
    <message>
        <source>files copied into the working folder at launch, one per line (relative to the project&apos;s folder)</source>
        <translation>启动时复制到工作目录的文件，每行一个（相对于项目所在文件夹）</translation>
    </message>
    <message>
        <source>Files to up&amp;load:</source>
        <translation>要上传的文件(&amp;L)：</translation>
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
    <message>
        <source>Follo&amp;w</source>
        <translation>跟随(&amp;W)</translation>
    </message>
    <message>
        <source>F&amp;old</source>
        <translation>折叠(&amp;O)</translation>
    </message>
    <message>
        <source>Show a line that many ranks print alike once, as &quot;ranks 0-1023: line&quot;; open the row for each rank&apos;s.</source>
        <translation>多个 rank 打印的相同行只显示一次，如“rank 0-1023：行”；展开该行可看到每个 rank 的行。</translation>
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
        <source>Servers page: %1</source>
        <translation>“服务器”页：%1</translation>
    </message>
    <message>
        <source>Devices page: %1</source>
        <translation>“设备与网络”页：%1</translation>
    </message>
    <message>
        <source>Launch mode page: %1</source>
        <translation>“启动方式”页：%1</translation>
    </message>
    <message>
        <source>Project page: %1</source>
        <translation>“项目”页：%1</translation>
    </message>
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
    <message>
        <source>%1 is a shipped example or lies in a folder you cannot write; save the project somewhere else.</source>
        <translation>%1 是随程序提供的示例，或位于你无法写入的文件夹；请把项目保存到别处。</translation>
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
    <message>
        <source>Na&amp;me:</source>
        <translation>名称(&amp;M)：</translation>
    </message>
    <message>
        <source>No project open: create one below or open a file.</source>
        <translation>尚未打开项目：请在下方新建项目或打开文件。</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3, %n server(s), %4 devices%5</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3，%n 台服务器，%4 个设备%5</numerusform>
        </translation>
    </message>
    <message>
        <source>; unsaved changes</source>
        <translation>；有未保存的更改</translation>
    </message>
    <message>
        <source>Current project</source>
        <translation>当前项目</translation>
    </message>
    <message>
        <source>%1 (a shipped example: it is never written; Save asks where to keep your copy)</source>
        <translation>%1（随程序提供的示例：不会被改写；保存时会询问副本存放位置）</translation>
    </message>
    <message>
        <source>Atlas A3 NPUs, 16 dies each (Atlas 900 A3 SuperPoD / 800T A3)</source>
        <translation>Atlas A3 NPU，每台 16 个 die（Atlas 900 A3 超节点 / 800T A3）</translation>
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
    <name>cw::RankSpeedPanel</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Steps/s</source>
        <translation>步/秒</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>Last step</source>
        <translation>最新步数</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>stalled: no progress for %1 s</source>
        <translation>停滞：%1 秒无进展</translation>
    </message>
    <message>
        <source>straggler: %1% below the median of %2 steps/s</source>
        <translation>掉队者：比中位数 %2 步/秒低 %1%</translation>
    </message>
    <message>
        <source>From its step counter over the last minute.</source>
        <translation>根据最近一分钟的步数计数器得出。</translation>
    </message>
    <message>
        <source>The rate its log prints.</source>
        <translation>其日志打印的速率。</translation>
    </message>
    <message>
        <source>No rank has printed its progress yet: the speeds come from the step counters and rates the trainers print (tqdm, MindSpore, Megatron, Hugging Face).</source>
        <translation>还没有 rank 打印进度：速度来自训练程序打印的步数计数器和速率（tqdm、MindSpore、Megatron、Hugging Face）。</translation>
    </message>
    <message>
        <source>No verdict: no straggler, idle device, full memory, temperature alarm or health warning in what the run has shown so far.</source>
        <translation>暂无判断：到目前为止，运行中没有出现掉队者、空闲设备、内存已满、温度告警或健康告警。</translation>
    </message>
    <message>
        <source>median %1 steps/s</source>
        <translation>中位数 %1 步/秒</translation>
    </message>
    <message>
        <source>no median yet (a rank needs %1 progress lines)</source>
        <translation>尚无中位数（每个 rank 需要 %1 行进度）</translation>
    </message>
    <message>
        <source>Ranks printing their progress: %1; %2; the slowest is rank %3 (%4) at %5 steps/s.</source>
        <translation>打印进度的 rank：%1 个；%2；最慢的是 rank %3（%4），%5 步/秒。</translation>
    </message>
    <message>
        <source>Ranks printed their progress (%1), but no speed can be told from it yet: a step counter needs lines that arrive some time apart.</source>
        <translation>已有 rank 打印了进度（%1 个），但暂时无法据此得出速度：步数计数器需要相隔一段时间到达的多行输出。</translation>
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
        <source>Between two attempts every server is checked (reach, the accelerator, the device links); with this on, the next attempt runs without the servers that fail.</source>
        <translation>两次尝试之间会检查每台服务器（可达性、加速卡、设备链路）；勾选后，下一次尝试将不使用检查失败的服务器。</translation>
    </message>
    <message>
        <source>all of them</source>
        <translation>全部服务器</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The supervisor runs there, detached: the run goes on when this window closes. It logs in to the other servers by key.</source>
        <translation>监管进程在该服务器上以分离方式运行：关闭本窗口后运行仍会继续。它通过密钥登录其他服务器。</translation>
    </message>
    <message>
        <source>Each attempt&apos;s ranks get CLUSTERWIZ_RESTART_COUNT (0, 1, …) and CLUSTERWIZ_ATTEMPT_SERVERS; the script resumes from its own checkpoint.</source>
        <translation>每次尝试的各 rank 会得到 CLUSTERWIZ_RESTART_COUNT（0、1、…）和 CLUSTERWIZ_ATTEMPT_SERVERS；训练脚本从自己的检查点恢复。</translation>
    </message>
    <message>
        <source>the master</source>
        <translation>主节点</translation>
    </message>
    <message>
        <source>Restarts allowe&amp;d:</source>
        <translation>允许重启次数(&amp;D)：</translation>
    </message>
    <message>
        <source> servers</source>
        <translation> 台服务器</translation>
    </message>
    <message>
        <source>&amp;Keep at least:</source>
        <translation>至少保留(&amp;K)：</translation>
    </message>
    <message>
        <source>Wa&amp;it before restarting:</source>
        <translation>重启前等待(&amp;I)：</translation>
    </message>
    <message>
        <source>S&amp;upervisor on:</source>
        <translation>监管进程所在服务器(&amp;U)：</translation>
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
        <source>Wh&amp;y?</source>
        <translation>原因(&amp;Y)?</translation>
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
        <source>A recorded run, shown as a demo: rank %1 failed first; nothing runs on the servers.</source>
        <translation>这是一次录制的运行，仅作演示：rank %1 最先失败；服务器上没有任何作业在运行。</translation>
    </message>
    <message>
        <source>Running: run %1, %2.</source>
        <translation>运行中：运行 %1，%2。</translation>
    </message>
    <message>
        <source>A recorded demo: nothing is launched, stopped or restarted from it. Open the project without --demo-run to launch it.</source>
        <translation>这是录制的演示：不会由此启动、停止或重启任何作业。要启动，请不带 --demo-run 打开项目。</translation>
    </message>
    <message>
        <source>This is a shipped example, never written: save a copy of it first (Ctrl+S), and the run is recorded beside the copy.</source>
        <translation>这是随程序提供的示例，不会被改写：请先保存一份副本（Ctrl+S），运行记录会保存在副本旁边。</translation>
    </message>
    <message>
        <source>No recorded run shown: %1</source>
        <translation>未显示录制的运行：%1</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
</context>
<context>
    <name>cw::RunPanelSession</name>
    <message>
        <source>Slurm job %1: %2</source>
        <translation>Slurm 作业 %1：%2</translation>
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
        <source>Fill host IP, NIC, devices and device IPs left empty from what was found.</source>
        <translation>用发现的信息填写空缺的主机 IP、网卡、设备和设备 IP。</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>正在连接…</translation>
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
    <message>
        <source>T&amp;est all</source>
        <translation>全部测试(&amp;E)</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Click a problem to go to its cell.</source>
        <translation>单击问题可跳转到对应的单元格。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Red&amp;o</source>
        <translation>重做(&amp;O)</translation>
    </message>
    <message>
        <source>Filter servers (Ctrl+F)…</source>
        <translation>筛选服务器（Ctrl+F）…</translation>
    </message>
    <message>
        <source>Shows the servers whose name, address, host IP, status or problem holds this text. Esc clears it.</source>
        <translation>只显示名称、地址、主机 IP、状态或问题中含有此文字的服务器。按 Esc 清除。</translation>
    </message>
    <message>
        <source>add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>%1: Host IP %2 emptied (it was the old address&apos;s).</source>
        <translation>%1：主机 IP %2 已清空（它属于旧地址）。</translation>
    </message>
    <message>
        <source>Ctrl+Z undoes it.</source>
        <translation>按 Ctrl+Z 可撤销。</translation>
    </message>
    <message>
        <source>%1 of %2 servers</source>
        <translation>%1 / %2 台服务器</translation>
    </message>
    <message>
        <source>%1: %2 &quot;%3&quot; and its port are also %4&apos;s: a duplicate of %4?</source>
        <translation>%1：%2“%3”及其端口与 %4 的相同：是否与 %4 重复？</translation>
    </message>
    <message>
        <source>remove %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>Removed %1, the master; %2 is the master now. Ctrl+Z brings it back.</source>
        <translation>已删除主节点 %1；现在 %2 是主节点。按 Ctrl+Z 可恢复。</translation>
    </message>
    <message>
        <source>Removed %1. Ctrl+Z brings it back.</source>
        <translation>已删除 %1。按 Ctrl+Z 可恢复。</translation>
    </message>
    <message>
        <source>Undo: %1 (Ctrl+Z)</source>
        <translation>撤销：%1（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>没有可撤销的操作</translation>
    </message>
    <message>
        <source>Redo: %1 (Ctrl+Shift+Z)</source>
        <translation>重做：%1（Ctrl+Shift+Z）</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>没有可重做的操作</translation>
    </message>
    <message>
        <source>apply discovered values</source>
        <translation>应用发现的值</translation>
    </message>
    <message numerus="yes">
        <source>Connecting to %n server(s)…</source>
        <translation>
            <numerusform>正在连接 %n 台服务器…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 servers answered, %3 still connecting…</source>
        <translation>%1/%2 台服务器已响应，%3 台仍在连接…</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 servers answered.</source>
        <translation>已取消：%1/%2 台服务器已响应。</translation>
    </message>
</context>
<context>
    <name>cw::SlurmEditor</name>
    <message>
        <source>Scheduler</source>
        <translation>调度方式</translation>
    </message>
    <message>
        <source>SSH: clusterwiz starts train.sh on every server</source>
        <translation>SSH：clusterwiz 在每台服务器上启动 train.sh</translation>
    </message>
    <message>
        <source>Slurm: submit with sbatch from a login node</source>
        <translation>Slurm：从登录节点用 sbatch 提交</translation>
    </message>
    <message>
        <source>Start t&amp;hrough:</source>
        <translation>启动途径(&amp;H)：</translation>
    </message>
    <message>
        <source>the site&apos;s default</source>
        <translation>站点默认值</translation>
    </message>
    <message>
        <source>Partition:</source>
        <translation>分区：</translation>
    </message>
    <message>
        <source>Account:</source>
        <translation>账户：</translation>
    </message>
    <message>
        <source>e.g. 2:00:00 or 1-00:00:00</source>
        <translation>例如 2:00:00 或 1-00:00:00</translation>
    </message>
    <message>
        <source>Time limit:</source>
        <translation>时间限制：</translation>
    </message>
    <message>
        <source>&amp;QOS:</source>
        <translation>QOS(&amp;Q)：</translation>
    </message>
    <message>
        <source>e.g. gpu:8 or npu:16</source>
        <translation>例如 gpu:8 或 npu:16</translation>
    </message>
    <message>
        <source>Generic resources:</source>
        <translation>通用资源（gres）：</translation>
    </message>
    <message>
        <source>more sbatch options, one per line (--mem=0)</source>
        <translation>更多 sbatch 选项，每行一个（--mem=0）</translation>
    </message>
    <message>
        <source>sbat&amp;ch options:</source>
        <translation>sbatch 选项(&amp;C)：</translation>
    </message>
    <message>
        <source>Where clusterwiz runs sbatch, squeue and scancel over SSH. Each server&apos;s name must be its Slurm node name.</source>
        <translation>clusterwiz 通过 SSH 在此运行 sbatch、squeue 和 scancel。每台服务器的名称必须与其 Slurm 节点名相同。</translation>
    </message>
    <message>
        <source>Lo&amp;gin node:</source>
        <translation>登录节点(&amp;G)：</translation>
    </message>
    <message>
        <source>the master</source>
        <translation>主节点</translation>
    </message>
</context>
<context>
    <name>cw::Text</name>
    <message>
        <source>, </source>
        <translation>、</translation>
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
    <message>
        <source>devices (no segments yet: Plan automatically chooses them)</source>
        <translation>设备（尚无网段：由“自动规划”选择）</translation>
    </message>
    <message>
        <source>devices %1: segment %2</source>
        <translation>设备 %1：网段 %2</translation>
    </message>
    <message>
        <source>every device in one segment</source>
        <translation>所有设备在同一网段</translation>
    </message>
    <message>
        <source>one colour per server&apos;s device segment</source>
        <translation>每台服务器的设备网段一种颜色</translation>
    </message>
    <message>
        <source>devices (no device network to plan)</source>
        <translation>设备（没有需要规划的设备网络）</translation>
    </message>
    <message>
        <source>a problem (hover for the reason)</source>
        <translation>有问题（鼠标悬停可看原因）</translation>
    </message>
    <message>
        <source>found or selected</source>
        <translation>已找到或已选中</translation>
    </message>
    <message numerus="yes">
        <source>duplicate IP: %n device(s)</source>
        <translation>
            <numerusform>重复的 IP：%n 个设备</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>IP in the wrong segment: %n device(s)</source>
        <translation>
            <numerusform>IP 不在正确的网段：%n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (die %2 of NPU %3)</source>
        <translation>%1（NPU %3 的 die %2）</translation>
    </message>
    <message>
        <source>%1, SDID %2</source>
        <translation>%1，SDID %2</translation>
    </message>
    <message>
        <source>die 0 of every NPU (devices 0, 2, …, 14): segment %1</source>
        <translation>每个 NPU 的 die 0（设备 0、2、…、14）：网段 %1</translation>
    </message>
    <message>
        <source>die 1 of every NPU (devices 1, 3, …, 15): segment %1</source>
        <translation>每个 NPU 的 die 1（设备 1、3、…、15）：网段 %1</translation>
    </message>
    <message numerus="yes">
        <source>super pod (dashed frame): %n pod(s)</source>
        <translation>
            <numerusform>超节点（虚线框）：%n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>super pod %1: %n server(s)</source>
        <translation>
            <numerusform>超节点 %1：%n 台服务器</numerusform>
        </translation>
    </message>
    <message>
        <source>SuperPoD %1</source>
        <translation>超节点 %1</translation>
    </message>
    <message>
        <source>SuperPoD %1 (continued)</source>
        <translation>超节点 %1（续）</translation>
    </message>
</context>
<context>
    <name>cw::Validation</name>
    <message>
        <source>&quot;%1&quot; is longer than 15 characters</source>
        <translation>“%1”超过 15 个字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must not start with &apos;-&apos;</source>
        <translation>“%1”不能以“-”开头</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a network interface name</source>
        <translation>“%1”不是网络接口名</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>SSH port</source>
        <translation>SSH 端口</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>%1: host_ip is not set and host &quot;%2&quot; is not an IPv4 address; set host_ip or let discovery fill it</source>
        <translation>%1：未设置 host_ip，且主机“%2”不是 IPv4 地址；请设置 host_ip 或由发现功能填写</translation>
    </message>
    <message>
        <source>%1: device_ips are only for ascend910, not %2; remove them</source>
        <translation>%1：device_ips 只用于 ascend910，不适用于 %2；请删除</translation>
    </message>
    <message>
        <source>servers[%1]: name &quot;%2&quot; is already used by servers[%3]; server names must be unique</source>
        <translation>servers[%1]：名称“%2”已被 servers[%3] 使用；服务器名称必须唯一</translation>
    </message>
    <message>
        <source>%1: host IP %2 is already the host IP of %3; every server needs its own</source>
        <translation>%1：主机 IP %2 已是 %3 的主机 IP；每台服务器需要各自的主机 IP</translation>
    </message>
    <message>
        <source>%1: SSH port %2 differs from port %3 of %4; mpirun reaches every other server through one SSH port</source>
        <translation>%1：SSH 端口 %2 与 %4 的端口 %3 不同；mpirun 通过同一个 SSH 端口访问其他所有服务器</translation>
    </message>
    <message>
        <source>the project has no servers; add at least one</source>
        <translation>项目中没有服务器；请至少添加一台</translation>
    </message>
    <message>
        <source>%1 servers; a cluster has at most %2</source>
        <translation>%1 台服务器；一个集群最多 %2 台</translation>
    </message>
    <message>
        <source>launch: master &quot;%1&quot; is not the name of a server</source>
        <translation>launch：主节点“%1”不是服务器名称</translation>
    </message>
    <message>
        <source>project name %1</source>
        <translation>项目名称%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv4 address (a.b.c.d)</source>
        <translation>“%1”不是 IPv4 地址（a.b.c.d）</translation>
    </message>
    <message>
        <source>is empty</source>
        <translation>为空</translation>
    </message>
    <message>
        <source>is longer than 253 characters</source>
        <translation>超过 253 个字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid host name (RFC 1123)</source>
        <translation>“%1”不是有效的主机名（RFC 1123）</translation>
    </message>
    <message>
        <source>is longer than %1 characters</source>
        <translation>超过 %1 个字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an address, host name or ssh alias</source>
        <translation>“%1”不是地址、主机名或 ssh 别名</translation>
    </message>
    <message>
        <source>launch: upload %1 &quot;%2&quot; and upload %3 &quot;%4&quot; both land as %5 in the workdir (an upload keeps only its file name); rename one of them</source>
        <translation>launch：upload %1“%2”与 upload %3“%4”在工作目录中都成为 %5（上传只保留文件名）；请重命名其中一个</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is the address %2 to ssh and the C library (inet_aton&apos;s short form); write the address as %2</source>
        <translation>“%1”在 ssh 和 C 库看来是地址 %2（inet_aton 的简写形式）；请把地址写作 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must not start with &apos;.&apos;</source>
        <translation>“%1”不能以“.”开头</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid user name</source>
        <translation>“%1”不是有效的用户名</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid variable name ([A-Za-z_][A-Za-z0-9_]*)</source>
        <translation>“%1”不是有效的变量名（[A-Za-z_][A-Za-z0-9_]*）</translation>
    </message>
    <message>
        <source>%1 is not a port (1-65535)</source>
        <translation>%1 不是端口号（1-65535）</translation>
    </message>
    <message>
        <source>contains a NUL character</source>
        <translation>含有 NUL 字符</translation>
    </message>
    <message>
        <source>contains a line break</source>
        <translation>含有换行符</translation>
    </message>
    <message>
        <source>a control character</source>
        <translation>控制字符</translation>
    </message>
    <message>
        <source>a space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>&quot;%1&quot; contains %2: a remote shell parses this path when the folder is copied with scp, so it may not hold shell metacharacters, spaces or control characters</source>
        <translation>“%1”含有%2：用 scp 复制文件夹时远程 shell 会解析此路径，因此路径中不能有 shell 元字符、空格或控制字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; may use only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (not first), at most 64</source>
        <translation>“%1”只能使用字母、数字、“.”、“_”和“-”（不能开头），最多 64 个字符</translation>
    </message>
    <message>
        <source>%1 device %2</source>
        <translation>%1 设备 %2</translation>
    </message>
    <message>
        <source>%1: no device IPs for its %2 devices; run `clusterwiz-cli plan` to assign them</source>
        <translation>%1：其 %2 个设备没有设备 IP；请运行 `clusterwiz-cli plan` 分配</translation>
    </message>
    <message>
        <source>%1: %2 device IPs for %3 devices (device_ips[k] belongs to devices[k]); run `clusterwiz-cli plan` to repair them</source>
        <translation>%1：%3 个设备只有 %2 个设备 IP（device_ips[k] 对应 devices[k]）；请运行 `clusterwiz-cli plan` 修复</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not an IPv4 address (a.b.c.d)</source>
        <translation>%1：“%2”不是 IPv4 地址（a.b.c.d）</translation>
    </message>
    <message>
        <source>device network: no netmask is set, so the device segments cannot be checked; set one (255.255.255.0 is usual) or run `clusterwiz-cli plan`</source>
        <translation>设备网络：未设置子网掩码，无法检查设备网段；请设置（通常为 255.255.255.0）或运行 `clusterwiz-cli plan`</translation>
    </message>
    <message>
        <source>device network: %1</source>
        <translation>设备网络：%1</translation>
    </message>
    <message>
        <source>device network: %1 segments given; give exactly 4 (for devices 0/4, 1/5, 2/6, 3/7) or none</source>
        <translation>设备网络：给出了 %1 个网段；请恰好给出 4 个（分别用于设备 0/4、1/5、2/6、3/7）或不给</translation>
    </message>
    <message>
        <source>device network: segment %1 %2</source>
        <translation>设备网络：网段 %1 %2</translation>
    </message>
    <message>
        <source>device network: segment %1 %2 is the same as segment %3; the four segments must differ</source>
        <translation>设备网络：网段 %1 %2 与网段 %3 相同；四个网段必须各不相同</translation>
    </message>
    <message>
        <source>%1: %2 is not in segment %3, which device_network.segments[%4] sets for %5</source>
        <translation>%1：%2 不在网段 %3 内（device_network.segments[%4] 为 %5 设定的网段）</translation>
    </message>
    <message>
        <source>%1: %2 is in segment %3 but device %4 of %5 is in %6; devices %4 and %7 must share a segment</source>
        <translation>%1：%2 在网段 %3，但 %5 的设备 %4 在 %6；设备 %4 和 %7 必须在同一网段</translation>
    </message>
    <message>
        <source>%1: %2 is in segment %3 like device %4 of %5; devices %6, %7, %8 and %9 must be in four different segments</source>
        <translation>%1：%2 与 %5 的设备 %4 同在网段 %3；设备 %6、%7、%8 和 %9 必须分别在四个不同网段</translation>
    </message>
    <message>
        <source>%1: %2 is in segment %3 but device %4 of %5 is in %6; device %4 must be in the same segment on every server</source>
        <translation>%1：%2 在网段 %3，但 %5 的设备 %4 在 %6；设备 %4 在每台服务器上必须处于同一网段</translation>
    </message>
    <message>
        <source>%1: %2 is the host IP of %3; device IPs must differ from every host IP</source>
        <translation>%1：%2 是 %3 的主机 IP；设备 IP 必须与所有主机 IP 不同</translation>
    </message>
    <message>
        <source>%1: %2 is already used by %3; every device IP must be unique</source>
        <translation>%1：%2 已被 %3 使用；每个设备 IP 必须唯一</translation>
    </message>
    <message>
        <source>%1: %2 has the same last octet (%3) as %4 of %5 in segment %6; inside one segment the last 8 bits must be unique</source>
        <translation>%1：%2 的最后一段（%3）与网段 %6 中 %5 的 %4 相同；同一网段内最后 8 位必须唯一</translation>
    </message>
    <message>
        <source>%1: %2 is the network address of segment %3; a device needs a host address</source>
        <translation>%1：%2 是网段 %3 的网络地址；设备需要主机地址</translation>
    </message>
    <message>
        <source>%1: %2 is the broadcast address of segment %3; a device needs a host address</source>
        <translation>%1：%2 是网段 %3 的广播地址；设备需要主机地址</translation>
    </message>
    <message>
        <source>%1 device %2: is not an Ascend 910 device id (0-7)</source>
        <translation>%1 设备 %2：不是 Ascend 910 设备编号（0-7）</translation>
    </message>
    <message>
        <source>%1 device %2: is not a device id (0 or more)</source>
        <translation>%1 设备 %2：不是设备编号（0 或更大）</translation>
    </message>
    <message>
        <source>%1 device %2: is listed twice (devices[%3] and devices[%4]); each device is used once</source>
        <translation>%1 设备 %2：列出了两次（devices[%3] 和 devices[%4]）；每个设备只能使用一次</translation>
    </message>
    <message>
        <source>%1: uses %2 devices and %3 uses %4; with several servers every server uses the same number (1 x N, 2 x N, 4 x N or 8 x N)</source>
        <translation>%1：使用 %2 个设备，而 %3 使用 %4 个；多台服务器时每台服务器使用的设备数必须相同（1 x N、2 x N、4 x N 或 8 x N）</translation>
    </message>
    <message>
        <source>%1: uses %2 devices; an Ascend 910 server uses 1, 2, 4 or 8</source>
        <translation>%1：使用 %2 个设备；Ascend 910 服务器只能使用 1、2、4 或 8 个</translation>
    </message>
    <message>
        <source>%1: four devices must be 0, 1, 2, 3 or 4, 5, 6, 7, not %2</source>
        <translation>%1：四个设备必须是 0、1、2、3 或 4、5、6、7，而不是 %2</translation>
    </message>
    <message>
        <source>%1: devices %2 and %3 are in different groups; two devices must both be in 0-3 or both in 4-7</source>
        <translation>%1：设备 %2 和 %3 分属不同组；两个设备必须同在 0-3 或同在 4-7</translation>
    </message>
    <message>
        <source>%1: lists no devices; list at least one</source>
        <translation>%1：未列出设备；请至少列出一个</translation>
    </message>
    <message>
        <source>%1: uses %2 devices and %3 (the master) %4; msrun numbers a worker node_rank x local_worker_num + index, which only works when every server runs the same number of workers (ranks would collide): use as many devices on every server, or mode ranktable</source>
        <translation>%1：使用 %2 个设备，而 %3（主节点）使用 %4 个；msrun 按 node_rank x local_worker_num + index 为 Worker 编号，只有每台服务器运行相同数量的 Worker 才成立（否则 rank 会冲突）：请在每台服务器上使用相同数量的设备，或使用 ranktable 模式</translation>
    </message>
    <message>
        <source>MindSpore needs the rank ids in the dictionary order of server_id, but the rank table would number %1 (%2) before %3 (%4); order the servers as %5 (the first is the master unless launch.master names another)</source>
        <translation>MindSpore 要求 rank 编号按 server_id 的字典序排列，但 rank table 会把 %1（%2）排在 %3（%4）之前；请按 %5 的顺序排列服务器（除非 launch.master 另行指定，第一台为主节点）</translation>
    </message>
    <message>
        <source>launch: mode msrun is MindSpore&apos;s launcher and starts no %1 job; with framework %1 use %2</source>
        <translation>launch：msrun 模式是 MindSpore 的启动器，无法启动 %1 作业；框架为 %1 时请使用 %2</translation>
    </message>
    <message>
        <source>launch: mode launch starts a torch launcher (torchrun), which %1 does not have; with framework %1 use %2</source>
        <translation>launch：launch 模式会启动 torch 启动器（torchrun），而 %1 没有它；框架为 %1 时请使用 %2</translation>
    </message>
    <message>
        <source>launch: mpirun.per server starts one torch launcher per server, but a %1 job runs one process per device; set launch.mpirun.per to device</source>
        <translation>launch：mpirun.per 为 server 时每台服务器启动一个 torch 启动器，但 %1 作业每个设备运行一个进程；请将 launch.mpirun.per 设为 device</translation>
    </message>
    <message>
        <source>launch: mode no-ranktable gives the ranks only the CM_* variables, which CANN reads for TensorFlow alone; a mindspore job would get neither a rank table nor msrun&apos;s variables. With framework mindspore use %1</source>
        <translation>launch：no-ranktable 模式只给各 rank 设置 CM_* 环境变量，而 CANN 仅在 TensorFlow 中读取它们；mindspore 作业既得不到 rank table，也得不到 msrun 的变量。框架为 mindspore 时请使用 %1</translation>
    </message>
    <message>
        <source>launch: mode mpirun gives a tensorflow job&apos;s ranks neither a rank table nor the CM_* variables that HCCL needs to form the job; use %1, or start a Horovod script (the Rec SDK&apos;s) with horovodrun as its guide does: %2</source>
        <translation>launch：mpirun 模式既不给 tensorflow 作业的各 rank 提供 rank table，也不设置 HCCL 组建作业所需的 CM_* 环境变量；请使用 %1，或按 Rec SDK 指南的做法用 horovodrun 启动 Horovod 脚本：%2</translation>
    </message>
    <message>
        <source>launch: local_rank_arg %1 cannot be passed in mode msrun: msrun starts every worker with the same arguments; read the rank in the script (mindspore.communication.get_rank / get_local_rank)</source>
        <translation>launch：msrun 模式下不能传递 local_rank_arg %1：msrun 以相同参数启动每个 Worker；请在脚本中读取 rank（mindspore.communication.get_rank / get_local_rank）</translation>
    </message>
    <message>
        <source>launch: %1 is set per %2 by train.sh; one value for the whole project would give every %2 the same one: remove it</source>
        <translation>launch：%1 由 train.sh 按%2分别设置；整个项目设一个值会让每个%2都相同：请删除它</translation>
    </message>
    <message>
        <source>launch: CM_CHIEF_PORT &quot;%1&quot; is not a port from 0 to %2, the range HCCL accepts</source>
        <translation>launch：CM_CHIEF_PORT“%1”不是 0 到 %2 之间的端口（HCCL 接受的范围）</translation>
    </message>
    <message>
        <source>launch: HCCL_CONNECT_TIMEOUT &quot;%1&quot; is not a number of seconds from 120 to 7200, the range HCCL accepts</source>
        <translation>launch：HCCL_CONNECT_TIMEOUT“%1”不是 120 到 7200 之间的秒数（HCCL 接受的范围）</translation>
    </message>
    <message>
        <source>the master&apos;s host IP (launch.master chooses the master)</source>
        <translation>主节点的主机 IP（由 launch.master 选择主节点）</translation>
    </message>
    <message>
        <source>the number of devices in the plan</source>
        <translation>规划中的设备数</translation>
    </message>
    <message>
        <source>launch: %1=%2 would replace %3, which train.sh sets from %4: remove it</source>
        <translation>launch：%1=%2 会替换 train.sh 根据%4设置的值 %3：请删除它</translation>
    </message>
    <message>
        <source>launch: %1 cannot be used with a rank table (ranktable mode sets RANK_TABLE_FILE); use mode no-ranktable or remove it</source>
        <translation>launch：%1 不能与 rank table 同用（ranktable 模式会设置 RANK_TABLE_FILE）；请使用 no-ranktable 模式或删除它</translation>
    </message>
    <message>
        <source>launch: master_port %1 becomes CM_CHIEF_PORT in no-ranktable mode, which takes at most %2</source>
        <translation>launch：no-ranktable 模式下 master_port %1 会成为 CM_CHIEF_PORT，其最大值为 %2</translation>
    </message>
    <message>
        <source>launch: master_port %1 is the SSH port of the master %2, where sshd already listens; choose another</source>
        <translation>launch：master_port %1 是主节点 %2 的 SSH 端口，sshd 已在监听；请另选一个</translation>
    </message>
    <message>
        <source>launch: hccl_whitelist host_ips writes the trust list and switches it on; %1 in launch.env contradicts it: remove one</source>
        <translation>launch：hccl_whitelist 为 host_ips 时会写入信任列表并启用它；launch.env 中的 %1 与之矛盾：请删除其一</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an absolute path (starting with /)</source>
        <translation>“%1”不是绝对路径（以 / 开头）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; contains a space; name one program</source>
        <translation>“%1”含有空格；请只写一个程序</translation>
    </message>
    <message>
        <source>launch: launcher &quot;%1&quot; is not one of auto, torchrun, torch.distributed.launch</source>
        <translation>launch：launcher“%1”不是 auto、torchrun、torch.distributed.launch 之一</translation>
    </message>
    <message>
        <source>launch: local_rank_arg &quot;%1&quot; is not one of &quot;&quot;, --local_rank, --local-rank</source>
        <translation>launch：local_rank_arg“%1”不是 &quot;&quot;、--local_rank、--local-rank 之一</translation>
    </message>
    <message>
        <source>argument</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>env_setup line</source>
        <translation>env_setup 行</translation>
    </message>
    <message>
        <source>mpirun argument</source>
        <translation>mpirun 参数</translation>
    </message>
    <message>
        <source>mpirun prefix</source>
        <translation>mpirun prefix</translation>
    </message>
    <message>
        <source>launch: %1 %2</source>
        <translation>launch：%1 %2</translation>
    </message>
    <message>
        <source>launch: %1 %2 %3</source>
        <translation>launch：%1 %2 %3</translation>
    </message>
    <message>
        <source>launch: environment variable name %1</source>
        <translation>launch：环境变量名%1</translation>
    </message>
    <message>
        <source>launch: environment variable %1 is set twice</source>
        <translation>launch：环境变量 %1 设置了两次</translation>
    </message>
    <message>
        <source>launch: value of %1 %2</source>
        <translation>launch：%1 的值%2</translation>
    </message>
    <message>
        <source>launch: hccl_ports %1</source>
        <translation>launch：hccl_ports %1</translation>
    </message>
    <message>
        <source>launch: hccl_ports first %1 is above last %2</source>
        <translation>launch：hccl_ports 的起始值 %1 大于结束值 %2</translation>
    </message>
    <message>
        <source>launch: master_port %1 lies inside the HCCL port range %2-%3</source>
        <translation>launch：master_port %1 位于 HCCL 端口范围 %2-%3 内</translation>
    </message>
    <message>
        <source>not a clusterwiz field; kept in the file as it is</source>
        <translation>不是 clusterwiz 字段；在文件中原样保留</translation>
    </message>
    <message>
        <source>not a clusterwiz field; ignored, and left out on save</source>
        <translation>不是 clusterwiz 字段；已忽略，保存时不写入</translation>
    </message>
    <message>
        <source>%1 (did you mean &quot;%2&quot;?)</source>
        <translation>%1（是否想写“%2”？）</translation>
    </message>
    <message>
        <source>no line sources CANN&apos;s set_env.sh: jobs started over SSH get no CANN libraries. Add &quot;source %1&quot; (or %2 for the newer layout)</source>
        <translation>没有一行 source CANN 的 set_env.sh：通过 SSH 启动的作业将没有 CANN 库。请添加“source %1”（新版目录结构为 %2）</translation>
    </message>
    <message>
        <source>%1: devices are listed as %2; local ranks follow this order, so rank %3 opens device %4. List them ascending unless that is what you want</source>
        <translation>%1：设备按 %2 的顺序列出；本地 rank 按此顺序分配，因此 rank %3 使用设备 %4。除非有意如此，请按升序列出</translation>
    </message>
    <message>
        <source>%1: %2 is a virtual or container interface; the job pins HCCL, NCCL, gloo and OpenMPI to it, and the other servers cannot reach it there. Give the NIC that holds the host IP %3</source>
        <translation>%1：%2 是虚拟或容器接口；作业会把 HCCL、NCCL、gloo 和 OpenMPI 绑定到它，其他服务器无法经它连通。请填写持有主机 IP %3 的网卡</translation>
    </message>
    <message>
        <source>%1: device segment %2 holds the host IP of %3: the device network should be its own subnet, apart from the hosts&apos; network</source>
        <translation>%1：设备网段 %2 包含 %3 的主机 IP：设备网络应是独立子网，与主机网络分开</translation>
    </message>
    <message>
        <source>%1 is an HCCL mode: on %2 the scripts run as a rehearsal of an Ascend job (the rank loop and its variables, with %3), not as a real HCCL job</source>
        <translation>%1 是 HCCL 模式：在 %2 上脚本作为 Ascend 作业的预演运行（rank 循环及其变量，使用 %3），而不是真正的 HCCL 作业</translation>
    </message>
    <message>
        <source>host_ips has no effect: HCCL&apos;s trust list applies to more than one Ascend server</source>
        <translation>host_ips 不起作用：HCCL 的信任列表只用于多台 Ascend 服务器</translation>
    </message>
    <message>
        <source>device network: gateways and detect IPs need device_network.netmask (the segments they serve)</source>
        <translation>设备网络：网关和检测 IP 需要 device_network.netmask（它们所服务的网段）</translation>
    </message>
    <message>
        <source>%1 %2 is the network address of segment %3</source>
        <translation>%1 %2 是网段 %3 的网络地址</translation>
    </message>
    <message>
        <source>%1 %2 is the broadcast address of segment %3</source>
        <translation>%1 %2 是网段 %3 的广播地址</translation>
    </message>
    <message>
        <source>%1 %2 is the device IP of %3</source>
        <translation>%1 %2 是 %3 的设备 IP</translation>
    </message>
    <message>
        <source>device network: gateway</source>
        <translation>设备网络：网关</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is not an IPv4 address</source>
        <translation>%1“%2”不是 IPv4 地址</translation>
    </message>
    <message>
        <source>%1 %2 lies in %3, where no device IP is; a gateway must be inside the segment of the devices it serves</source>
        <translation>%1 %2 位于 %3，其中没有设备 IP；网关必须位于其所服务设备的网段内</translation>
    </message>
    <message>
        <source>%1 %2 is a second gateway for segment %3 (gateways[%4] is %5); give one per segment</source>
        <translation>%1 %2 是网段 %3 的第二个网关（gateways[%4] 为 %5）；每个网段只能有一个</translation>
    </message>
    <message>
        <source>%1: segment %2 has no gateway in device_network.gateways; a routed device network gives every device segment one</source>
        <translation>%1：网段 %2 在 device_network.gateways 中没有网关；路由式设备网络需要为每个设备网段指定一个</translation>
    </message>
    <message>
        <source>device network: %1 detect IPs for %2 gateways; detect_ips[i] is what the devices behind gateways[i] detect (leave it empty to detect the gateways)</source>
        <translation>设备网络：%2 个网关对应了 %1 个检测 IP；detect_ips[i] 是 gateways[i] 后面的设备要检测的地址（留空则检测网关）</translation>
    </message>
    <message>
        <source>device network: detect IP</source>
        <translation>设备网络：检测 IP</translation>
    </message>
    <message>
        <source>%1 %2 lies in %3, outside every device segment, and no gateway routes to it; give device_network.gateways or a detect IP inside a device segment</source>
        <translation>%1 %2 位于 %3，不在任何设备网段内，也没有网关通往它；请设置 device_network.gateways，或使用设备网段内的检测 IP</translation>
    </message>
    <message>
        <source>%1 %2 is a second detect IP for segment %3; give one per segment</source>
        <translation>%1 %2 是网段 %3 的第二个检测 IP；每个网段只能有一个</translation>
    </message>
    <message>
        <source>device network: %1 segments given for %2 servers; an ascend910b project gives none, one shared by every server, or one per server</source>
        <translation>设备网络：%2 台服务器给出了 %1 个网段；ascend910b 项目可以不给、给一个所有服务器共用的网段，或每台服务器一个</translation>
    </message>
    <message>
        <source>device network: segment %1 (%2) has no gateway; the servers&apos; devices lie in %3 segments (%4), which reach each other only through a router: set device_network.gateways, one per segment (clusterwiz-cli plan --fill-gateways fills them), or plan one shared segment</source>
        <translation>设备网络：网段 %1（%2）没有网关；服务器的设备分布在 %3 个网段（%4），只能经路由器互通：请设置 device_network.gateways，每个网段一个（clusterwiz-cli plan --fill-gateways 可自动填写），或规划一个共用网段</translation>
    </message>
    <message>
        <source>device_network.segments[%1] sets %2 for %3</source>
        <translation>device_network.segments[%1] 为 %3 设定了 %2</translation>
    </message>
    <message>
        <source>every server</source>
        <translation>所有服务器</translation>
    </message>
    <message>
        <source>device %1 of %2 is in %3</source>
        <translation>%2 的设备 %1 在 %3</translation>
    </message>
    <message>
        <source>%1 device %2: %3 is in segment %4 but %5; on an Atlas A2 (910B) server all device IPs must be in one segment</source>
        <translation>%1 设备 %2：%3 在网段 %4，但%5；Atlas A2（910B）服务器的所有设备 IP 必须在同一网段</translation>
    </message>
    <message>
        <source>%1 is not between %2 and %3</source>
        <translation>%1 不在 %2 到 %3 之间</translation>
    </message>
    <message>
        <source>launch: restart.max_restarts %1</source>
        <translation>launch：restart.max_restarts %1</translation>
    </message>
    <message>
        <source>launch: restart.backoff_s %1</source>
        <translation>launch：restart.backoff_s %1</translation>
    </message>
    <message>
        <source>launch: restart.min_servers %1 (the project has %2 servers; 0 means all of them)</source>
        <translation>launch：restart.min_servers %1（项目有 %2 台服务器；0 表示全部）</translation>
    </message>
    <message>
        <source>launch: restart.supervisor &quot;%1&quot; is not a server of the project</source>
        <translation>launch：restart.supervisor“%1”不是项目中的服务器</translation>
    </message>
    <message>
        <source>launch: %1 is set for each attempt by the supervisor: remove it</source>
        <translation>launch：%1 由监管进程为每次尝试设置：请删除它</translation>
    </message>
    <message>
        <source>launch: %1 changes when an attempt leaves a server out (restart.drop_failed_servers): train.sh sets it per attempt, remove it</source>
        <translation>launch：当某次尝试排除服务器时 %1 会改变（restart.drop_failed_servers）：train.sh 为每次尝试设置它，请删除它</translation>
    </message>
    <message>
        <source>devices %1 and %2</source>
        <translation>设备 %1 和 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; contains a control character or a comma</source>
        <translation>“%1”含有控制字符或逗号</translation>
    </message>
    <message>
        <source>&quot;%1&quot; contains a &quot;.&quot; or &quot;..&quot; part</source>
        <translation>“%1”含有“.”或“..”路径段</translation>
    </message>
    <message>
        <source>the container always uses the host&apos;s network: bridge networking breaks HCCL, NCCL and gloo rendezvous, which need the host&apos;s addresses</source>
        <translation>容器始终使用主机网络：桥接网络会破坏 HCCL、NCCL 和 gloo 的汇合，它们需要主机的地址</translation>
    </message>
    <message>
        <source>set container.privileged to true to ask for a privileged container</source>
        <translation>如需特权容器，请将 container.privileged 设为 true</translation>
    </message>
    <message>
        <source>the name is container.name</source>
        <translation>名称由 container.name 设定</translation>
    </message>
    <message>
        <source>the container keeps the server&apos;s hostname</source>
        <translation>容器保留服务器的主机名</translation>
    </message>
    <message>
        <source>shared memory is container.shm_size (empty: the host&apos;s IPC)</source>
        <translation>共享内存由 container.shm_size 设定（为空：使用主机的 IPC）</translation>
    </message>
    <message>
        <source>a container on the host&apos;s network publishes no ports</source>
        <translation>使用主机网络的容器不发布端口</translation>
    </message>
    <message>
        <source>clusterwiz starts the container detached and removes it with `container down`</source>
        <translation>clusterwiz 以后台方式启动容器，并用 `container down` 删除它</translation>
    </message>
    <message>
        <source>mounts the host&apos;s whole file system; mount the folders the job needs</source>
        <translation>挂载了主机的整个文件系统；请只挂载作业需要的目录</translation>
    </message>
    <message>
        <source>would hide the container&apos;s %1</source>
        <translation>会遮住容器的 %1</translation>
    </message>
    <message>
        <source>mounts a second folder at %1</source>
        <translation>在 %1 又挂载了一个目录</translation>
    </message>
    <message>
        <source>container: %1 %2</source>
        <translation>container：%1 %2</translation>
    </message>
    <message>
        <source>is empty; name the training image (for example &quot;ascendhub.huawei.com/public-ascendhub/ascend-pytorch:24.0.RC1&quot;)</source>
        <translation>为空；请填写训练镜像（例如“ascendhub.huawei.com/public-ascendhub/ascend-pytorch:24.0.RC1”）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an image reference ([registry/]name[:tag][@sha256:digest], lowercase name)</source>
        <translation>“%1”不是镜像引用（[registry/]name[:tag][@sha256:digest]，名称小写）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a container name (2 to 128 letters, digits, &apos;_&apos;, &apos;.&apos; or &apos;-&apos;, starting with a letter or digit)</source>
        <translation>“%1”不是容器名称（2 到 128 个字母、数字、“_”、“.”或“-”，以字母或数字开头）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a size such as 16g, 512m (empty: the host&apos;s IPC namespace)</source>
        <translation>“%1”不是 16g、512m 这样的大小（为空：使用主机的 IPC 命名空间）</translation>
    </message>
    <message>
        <source>%1 is %2&apos;s own SSH port; the container shares the host&apos;s network, so its sshd needs another free port (the vendor&apos;s guide uses 12345)</source>
        <translation>%1 是 %2 自己的 SSH 端口；容器共用主机网络，其 sshd 需要另一个空闲端口（厂商指南使用 12345）</translation>
    </message>
    <message>
        <source>%1 is also launch.master_port; the master&apos;s rendezvous would find the port taken</source>
        <translation>%1 同时是 launch.master_port；主节点汇合时会发现该端口已被占用</translation>
    </message>
    <message>
        <source>%1 lies in the HCCL port range %2-%3, which HCCL listens on</source>
        <translation>%1 位于 HCCL 监听的端口范围 %2-%3 内</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not HOST:CONTAINER or HOST:CONTAINER:ro (absolute paths)</source>
        <translation>“%1”不是 HOST:CONTAINER 或 HOST:CONTAINER:ro（绝对路径）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; %2</source>
        <translation>“%1”%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an option of run; the image is container.image</source>
        <translation>“%1”不是 run 的选项；镜像由 container.image 设定</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is set by clusterwiz: %2</source>
        <translation>“%1”由 clusterwiz 设定：%2</translation>
    </message>
    <message>
        <source>%1 die %2 (NPU %3)</source>
        <translation>%1 die %2（NPU %3）</translation>
    </message>
    <message>
        <source>super_pods are for Atlas A3 (ascend910_93) SuperPoD networking, not %1; remove them</source>
        <translation>super_pods 仅用于 Atlas A3（ascend910_93）超节点组网，不适用于 %1；请删除</translation>
    </message>
    <message>
        <source>%1: %2 are for Atlas A3 (ascend910_93), not %3; remove them</source>
        <translation>%1：%2 仅用于 Atlas A3（ascend910_93），不适用于 %3；请删除</translation>
    </message>
    <message>
        <source>%1 super pods or more; a cluster has at most %2 servers</source>
        <translation>超节点数为 %1 或更多；一个集群最多 %2 台服务器</translation>
    </message>
    <message>
        <source>super pod %1: super_pod_id &quot;%2&quot; must be 1 to %3 printable characters</source>
        <translation>超节点 %1：super_pod_id “%2”必须为 1 到 %3 个可打印字符</translation>
    </message>
    <message>
        <source>super pod %1: super_pod_id &quot;%2&quot; is already the id of super pod %3; super pod ids are unique</source>
        <translation>超节点 %1：super_pod_id “%2”已是超节点 %3 的标识；超节点标识必须唯一</translation>
    </message>
    <message>
        <source>super pod &quot;%1&quot; lists no servers</source>
        <translation>超节点“%1”未列出任何服务器</translation>
    </message>
    <message>
        <source>super pod &quot;%1&quot;: &quot;%2&quot; is not the name of a server</source>
        <translation>超节点“%1”：“%2”不是任何服务器的名称</translation>
    </message>
    <message>
        <source>super pod &quot;%1&quot;: server %2 is already in super pod &quot;%3&quot;; each server is in exactly one</source>
        <translation>超节点“%1”：服务器 %2 已属于超节点“%3”；每台服务器只能属于一个超节点</translation>
    </message>
    <message>
        <source>%1 is in no super pod; with super_pods set, each server is in exactly one</source>
        <translation>%1 不属于任何超节点；设置 super_pods 后，每台服务器必须恰好属于一个超节点</translation>
    </message>
    <message>
        <source>%1: super pod &quot;%2&quot; is split: its servers must follow each other in launch order (the master first, then the servers in project order), because HCCL needs the servers of one super pod together and rank ids run server by server</source>
        <translation>%1：超节点“%2”被拆开了：其服务器在启动顺序（先主节点，再按项目顺序）中必须相邻，因为 HCCL 要求同一超节点的服务器配置在一起，且 rank 编号按服务器依次排列</translation>
    </message>
    <message>
        <source>%1: no super_device_ids for its %2 dies; rank table 1.2 needs each die&apos;s SDID (npu-smi info -t spod-info -i NPU -c CHIP)</source>
        <translation>%1：其 %2 个 die 没有 super_device_ids；rank table 1.2 需要每个 die 的 SDID（npu-smi info -t spod-info -i NPU -c CHIP）</translation>
    </message>
    <message>
        <source>%1: %2 super_device_ids for %3 dies (super_device_ids[k] belongs to devices[k])</source>
        <translation>%1：%3 个 die 却有 %2 个 super_device_ids（super_device_ids[k] 对应 devices[k]）</translation>
    </message>
    <message>
        <source>%1: super_device_id &quot;%2&quot; is not a whole number from 0 to 4294967295</source>
        <translation>%1：super_device_id “%2”不是 0 到 4294967295 之间的整数</translation>
    </message>
    <message>
        <source>%1: super_device_id %2 is already that of %3; an SDID is unique inside its super pod</source>
        <translation>%1：super_device_id %2 已被 %3 使用；SDID 在所属超节点内必须唯一</translation>
    </message>
    <message>
        <source>%1: %2 lists %3 ports for %4 dies (one per die, in the order of devices) or none</source>
        <translation>%1：%2 为 %4 个 die 列出了 %3 个端口（应每个 die 一个，按 devices 顺序，或者不列）</translation>
    </message>
    <message>
        <source>%1: %2 %3 is not a port (1-65535)</source>
        <translation>%1：%2 %3 不是端口号（1-65535）</translation>
    </message>
    <message>
        <source>%1: host_port %2 is already that of die %3; every die of one server needs its own host_port</source>
        <translation>%1：host_port %2 已被 die %3 使用；同一服务器的每个 die 需要各自的 host_port</translation>
    </message>
    <message>
        <source>%1: backup_device_port %2 is the device_port of die %3, its backup NIC; one NIC needs different ports as primary and as backup</source>
        <translation>%1：backup_device_port %2 是其备用网卡 die %3 的 device_port；同一网卡作为主网卡与备网卡时端口号不能相同</translation>
    </message>
    <message>
        <source>device network: %1 segments given; an ascend910_93 project gives none or two (segments[0] for die 0 of every NPU, segments[1] for die 1)</source>
        <translation>设备网络：给出了 %1 个网段；ascend910_93 项目不给或给两个（segments[0] 用于每个 NPU 的 die 0，segments[1] 用于 die 1）</translation>
    </message>
    <message>
        <source>device network: segments 0 and 1 are both %1; the two dies of one NPU need different segments</source>
        <translation>设备网络：网段 0 和 1 都是 %1；同一 NPU 的两个 die 需要不同网段</translation>
    </message>
    <message>
        <source>%1: %2 is not in segment %3, which device_network.segments[%4] sets for that die of every NPU</source>
        <translation>%1：%2 不在网段 %3 中，而 device_network.segments[%4] 为每个 NPU 的该 die 指定了这个网段</translation>
    </message>
    <message>
        <source>%1: %2 is in segment %3 like die %4 of the same NPU (%5); the two dies of one Atlas A3 NPU must be in different segments (hccn_tool ping between them fails otherwise)</source>
        <translation>%1：%2 与同一 NPU 的 die %4（%5）同在网段 %3；Atlas A3 同一 NPU 的两个 die 必须配置不同网段的 IP（否则 hccn_tool ping 不通）</translation>
    </message>
    <message>
        <source>%1 device %2: is not an Atlas A3 die (0-15, two per NPU)</source>
        <translation>%1 设备 %2：不是 Atlas A3 的 die（0-15，每个 NPU 两个）</translation>
    </message>
    <message>
        <source>launch: mode no-ranktable forms the job from the CM_* variables, which CANN supports on the Atlas training series and Atlas A2 only, not on Atlas A3 (ascend910_93); use ranktable (rank table 1.2 with super_pods, else 1.0), launch (torchrun with torch_npu) or msrun (MindSpore)</source>
        <translation>launch：no-ranktable 模式用 CM_* 环境变量组建作业，CANN 只在 Atlas 训练系列产品和 Atlas A2 上支持它们，不支持 Atlas A3（ascend910_93）；请改用 ranktable（有 super_pods 时为 rank table 1.2，否则为 1.0）、launch（torchrun 与 torch_npu）或 msrun（MindSpore）</translation>
    </message>
    <message>
        <source>clusterwiz reads the job id</source>
        <translation>clusterwiz 需要读取作业 ID</translation>
    </message>
    <message>
        <source>the job&apos;s nodes are the project&apos;s servers</source>
        <translation>作业的节点就是项目中的服务器</translation>
    </message>
    <message>
        <source>the job runs and logs in launch.workdir</source>
        <translation>作业在 launch.workdir 中运行并写日志</translation>
    </message>
    <message>
        <source>the job runs train.sbatch</source>
        <translation>作业运行 train.sbatch</translation>
    </message>
    <message>
        <source>set launch.slurm.partition</source>
        <translation>请设置 launch.slurm.partition</translation>
    </message>
    <message>
        <source>set launch.slurm.account</source>
        <translation>请设置 launch.slurm.account</translation>
    </message>
    <message>
        <source>set launch.slurm.time</source>
        <translation>请设置 launch.slurm.time</translation>
    </message>
    <message>
        <source>set launch.slurm.qos</source>
        <translation>请设置 launch.slurm.qos</translation>
    </message>
    <message>
        <source>set launch.slurm.gres</source>
        <translation>请设置 launch.slurm.gres</translation>
    </message>
    <message>
        <source>launch: slurm.%1 &quot;%2&quot; is not a Slurm name (letters, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;, and &apos;,&apos; between names)</source>
        <translation>launch：slurm.%1“%2”不是 Slurm 名称（字母、数字、“_”、“.”、“-”，多个名称之间用“,”分隔）</translation>
    </message>
    <message>
        <source>launch: slurm.time &quot;%1&quot; is not a Slurm time limit (minutes, HH:MM:SS, D-HH:MM:SS or UNLIMITED)</source>
        <translation>launch：slurm.time“%1”不是 Slurm 时间限制（分钟数、HH:MM:SS、D-HH:MM:SS 或 UNLIMITED）</translation>
    </message>
    <message>
        <source>launch: slurm.gres &quot;%1&quot; is not a list of NAME[:TYPE][:COUNT] (gpu:8, npu:16)</source>
        <translation>launch：slurm.gres“%1”不是 NAME[:TYPE][:COUNT] 的列表（gpu:8、npu:16）</translation>
    </message>
    <message>
        <source>launch: slurm.sbatch_args[%1] %2</source>
        <translation>launch：slurm.sbatch_args[%1] %2</translation>
    </message>
    <message>
        <source>launch: slurm.sbatch_args[%1] &quot;%2&quot; is not an option of sbatch (write --option=value as one word)</source>
        <translation>launch：slurm.sbatch_args[%1]“%2”不是 sbatch 的选项（请把 --option=value 写成一个词）</translation>
    </message>
    <message>
        <source>launch: slurm.sbatch_args[%1] &quot;%2&quot;: %3</source>
        <translation>launch：slurm.sbatch_args[%1]“%2”：%3</translation>
    </message>
    <message>
        <source>launch: slurm.login &quot;%1&quot; is neither a server of the project nor a host: %2</source>
        <translation>launch：slurm.login“%1”既不是项目中的服务器，也不是主机：%2</translation>
    </message>
    <message>
        <source>launch: scheduler slurm starts torchrun on every node (mode launch); mode %1 under srun is not built yet</source>
        <translation>launch：slurm 调度方式在每个节点上启动 torchrun（launch 模式）；在 srun 下运行 %1 模式尚未实现</translation>
    </message>
    <message>
        <source>launch: scheduler slurm does not restart a job yet; set restart.max_restarts to 0</source>
        <translation>launch：slurm 调度方式暂不支持重启作业；请把 restart.max_restarts 设为 0</translation>
    </message>
    <message>
        <source>launch: scheduler slurm runs the job on the nodes themselves; remove the container section</source>
        <translation>launch：slurm 调度方式直接在节点上运行作业；请删除 container 部分</translation>
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
    <message>
        <source>Open the Run page with a recorded run (nothing runs).</source>
        <translation>打开“运行”页，显示一次录制的运行（不会运行任何作业）。</translation>
    </message>
    <message>
        <source>The project does not reach the Run page.</source>
        <translation>此项目无法进入“运行”页。</translation>
    </message>
    <message>
        <source>Recorded run</source>
        <translation>录制的运行</translation>
    </message>
</context>
</TS>
