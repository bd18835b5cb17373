// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Stable check ids: the check table (checks/CheckTable.h), the C++ catalogue, check.sh's
// output lines, the CLI (`fix PROJECT CHECK_ID`), the GUI and the tests key on them.

namespace cw::check {

inline constexpr char kSsh[] = "ssh";                  // reachable, host key, login
inline constexpr char kHostname[] = "hostname";        // distinct hostnames (OpenMPI)
inline constexpr char kHostIp[] = "host-ip";           // host_ip is an address of the server
inline constexpr char kAccelerator[] = "accelerator";  // NPUs/GPUs present and healthy
inline constexpr char kDeviceIps[] = "device-ips";     // planned vs actual (ascend910)
inline constexpr char kDeviceLinks[] = "device-links"; // hccn_tool -link -g UP
inline constexpr char kDeviceNetHealth[] = "device-net-health"; // hccn_tool -net_health -g
inline constexpr char kDeviceTls[] = "device-tls"; // hccn_tool -tls -g the same everywhere
inline constexpr char kDeviceProcesses[] = "device-processes"; // no process holds an NPU yet
inline constexpr char kPython[] = "python-torch";              // launch.python runs, torch imports
inline constexpr char kMpirun[] = "mpirun";                    // mpirun mode: mpirun present
inline constexpr char kMsrun[] = "msrun";                      // msrun mode: msrun present
inline constexpr char kCannEnv[] = "cann-env";                 // env_setup files present
inline constexpr char kPaths[] = "paths";                      // workdir and entry exist
inline constexpr char kSshd[] = "sshd";                        // sshd running
inline constexpr char kFirewallPorts[] = "firewall-ports";     // rules let the job's ports in
inline constexpr char kMasterPortFree[] = "master-port-free";  // nothing listens there yet
inline constexpr char kHcclPortsFree[] = "hccl-ports-free";    // ascend910: HCCL range unused
inline constexpr char kHcclPortsReserved[] = "hccl-ports-reserved"; // kept from ephemeral ports
inline constexpr char kMasterPortReach[] = "master-port-reachable"; // active connect test
inline constexpr char kPeerLogin[] = "peer-login";   // mpirun: master -> server by key
inline constexpr char kKnownHosts[] = "known-hosts"; // mpirun: master knows its key
inline constexpr char kVersions[] = "versions";      // same driver, CANN, python, packages
inline constexpr char kSuperPods[] = "super-pods";   // A3: a pod inside one physical SuperPoD
inline constexpr char kShmSize[] = "shm-size";       // /dev/shm of 1 GiB or more
inline constexpr char kMemlock[] = "memlock";        // ulimit -l unlimited (RDMA pins memory)
inline constexpr char kOpenFiles[] = "open-files";   // ulimit -n of 65536 or more (DataLoader)
inline constexpr char kMunge[] = "munge";            // slurm: munge -n | unmunge succeeds
inline constexpr char kSlurmNode[] = "slurm-node";   // slurm: the node's State takes jobs
inline constexpr char kMasterResolves[] = "master-resolves"; // master's hostname not 127.x
inline constexpr char kClockSkew[] = "clock-skew"; // every clock within 1 s of the master's

} // namespace cw::check
