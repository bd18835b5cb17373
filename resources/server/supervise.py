# SPDX-License-Identifier: GPL-3.0-or-later
import datetime, json, os, re, signal, subprocess, sys, tempfile, time

RUN_ID_RULE = re.compile(r"\A[A-Za-z0-9_][A-Za-z0-9._-]{0,63}\Z")
NAME_RULE = re.compile(r"\A[A-Za-z0-9_][A-Za-z0-9._-]*\Z")
STOP_CODES = (129, 130, 137, 143)  # ended by a stop signal: victims, not causes
stopping = False


def now():
    return time.time()


def iso(t):
    if not t:
        return ""
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%S.") + "%03dZ" % int((t % 1) * 1000)


def clock(t):
    return time.strftime("%H:%M:%S", time.localtime(t))


def say(text):
    print("%s clusterwiz supervisor: %s" % (clock(now()), text), flush=True)


def on_signal(number, frame):
    global stopping
    stopping = True


def nap(seconds):
    """Sleeps, but returns early (False) when the supervisor is asked to stop."""
    end = now() + seconds
    while not stopping and now() < end:
        time.sleep(min(0.2, max(0.0, end - now())))
    return not stopping


# ---- the servers ---------------------------------------------------------------------------

class Server:
    def __init__(self, plan, index):
        self.name = plan["name"]
        if not NAME_RULE.match(self.name):
            raise SystemExit("clusterwiz supervisor: bad server name in the plan")
        self.index = index                    # place in the plan (launch order)
        self.project_index = plan["project_index"]
        self.devices = int(plan["devices"])
        self.target = plan["target"]          # user@host_ip, or host_ip
        self.port = str(int(plan["port"]))
        # The run folder as shell words: these two around the run id.
        self.dir_before, self.dir_after = plan["run_dir_before"], plan["run_dir_after"]


class Shell:
    """Runs shell scripts on the servers with bash (as the client's commands run in a login
    shell): on its own server directly, on the others through ssh with the servers' own keys
    and known_hosts (BatchMode: never a prompt). The script goes on stdin, so nothing in it
    needs quoting for a second shell."""

    def __init__(self, me):
        self.me = me
        self.mux = tempfile.mkdtemp(prefix="cwsup-")

    def argv(self, server):
        if server.name == self.me:
            return ["bash", "-s"]
        # StrictHostKeyChecking=yes: a host key must be in known_hosts already (the known-hosts
        # check and fix), whatever the server's ssh config says.
        return ["ssh", "-T", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes",
                "-o", "ConnectTimeout=%d" % CONFIG["connect_timeout_s"],
                "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=2",
                "-o", "ControlMaster=auto", "-o", "ControlPersist=30",
                "-o", "ControlPath=" + os.path.join(self.mux, "%C"),
                "-p", server.port, "--", server.target, "bash -s"]

    def run_all(self, jobs, timeout):
        """jobs: [(server, script)]; returns [(code, out, err)] in the same order. Code 255 is
        ssh's own failure (or no answer in time): the server was not reached."""
        started = []
        for server, script in jobs:
            try:
                process = subprocess.Popen(self.argv(server), stdin=subprocess.PIPE,
                                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            except OSError as error:
                started.append((None, str(error)))
                continue
            # Scripts are far smaller than a pipe's buffer: written at once, so every server
            # runs its script while the next one is started.
            try:
                process.stdin.write(script.encode())
                process.stdin.close()
            except OSError:
                pass
            process.stdin = None  # communicate() below only reads
            started.append((process, ""))
        deadline = now() + timeout
        results = []
        for process, error in started:
            if process is None:
                results.append((255, "", error))
                continue
            try:
                out, err = process.communicate(timeout=max(0.1, deadline - now()))
                results.append((process.returncode, out.decode(errors="replace"),
                                err.decode(errors="replace")))
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
                results.append((255, "", "no answer within %d s" % timeout))
        return results

    def close(self, servers):
        """Ends the shared connections (a request to the local master process only)."""
        for server in servers:
            if server.name == self.me:
                continue
            try:
                subprocess.run(["ssh", "-o", "ControlPath=" + os.path.join(self.mux, "%C"),
                                "-O", "exit", "-p", server.port, server.target],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=10)
            except (OSError, subprocess.SubprocessError):
                pass
        try:
            for name in os.listdir(self.mux):
                os.unlink(os.path.join(self.mux, name))
            os.rmdir(self.mux)
        except OSError:
            pass


def last_line(text):
    lines = [line.strip() for line in text.replace("\r", "").split("\n") if line.strip()]
    return lines[-1] if lines else "no output"


def unreached(code):
    return code == 255


# ---- one poll of a server, and the attempt's state from every server's -------------------

def parse_poll(text):
    poll = {"reached": True, "error": "", "exits": [], "started": 0, "alive": 0}
    for line in text.split("\n"):
        words = line.split()
        if len(words) >= 2 and words[0] == "started":
            poll["started"] = to_int(words[1], 0)
        elif len(words) >= 2 and words[0] == "alive":
            poll["alive"] = to_int(words[1], 0)
        elif len(words) >= 3 and words[0] == "exit":
            rank, code = to_int(words[1], None), to_int(words[2], None)
            if rank is None or code is None or rank < 0:
                continue
            poll["exits"].append({"rank": rank, "code": code,
                                  "time": to_float(words[3] if len(words) > 3 else "0"),
                                  "log_time": to_float(words[4] if len(words) > 4 else "0")})
    return poll


def to_int(text, fallback):
    try:
        value = int(text, 10)
    except ValueError:
        return fallback
    return value if -2 ** 31 <= value < 2 ** 31 else fallback


def to_float(text):
    try:
        value = float(text)
    except ValueError:
        return 0.0
    return value if value == value and abs(value) != float("inf") else 0.0


def failed_before(a, b):
    if (a["code"] in STOP_CODES) != (b["code"] in STOP_CODES):
        return a["code"] not in STOP_CODES
    time_a = a["log_time"] if a["log_time"] > 0 else a["time"]
    time_b = b["log_time"] if b["log_time"] > 0 else b["time"]
    return time_a < time_b


def evaluate(servers, polls):
    """The attempt's state from one poll of each of its servers, as the client judges a run
    (launch/RunStatus.cpp, evaluateRun): servers in plan order, polls parallel to them."""
    by_project = sorted(range(len(servers)), key=lambda i: servers[i].project_index)
    first, first_server, exited_ok, alive, missing = None, None, 0, 0, []
    for i in by_project:
        poll = polls[i]
        if not poll["reached"]:
            missing.append(i)
            continue
        alive += poll["alive"]
        for exit in poll["exits"]:
            if exit["code"] == 0:
                exited_ok += 1
            elif first is None or failed_before(exit, first):
                first, first_server = exit, i
    if first is not None:
        return {"state": "failed", "server": first_server, "rank": first["rank"],
                "code": first["code"]}
    if missing or alive > 0:
        return {"state": "running"}
    expected = sum(server.devices for server in servers)
    if exited_ok >= expected:
        return {"state": "finished"}
    for i, server in enumerate(servers):
        codes = sum(1 for exit in polls[i]["exits"] if exit["code"] == 0)
        if codes < server.devices:
            return {"state": "failed", "server": i, "rank": -1, "code": -1}
    return {"state": "failed", "server": None, "rank": -1, "code": -1}


def same_way_key(attempt):
    """What makes two failures "the same": the server, the rank, the exit code and the last
    line of its log with every number taken out (a step or an address may differ)."""
    failure = attempt.get("failure")
    if not failure or failure["rank"] < 0:
        return None
    line = last_line("\n".join(failure["last_lines"])) if failure["last_lines"] else ""
    return (tuple(attempt["servers"]), failure["server"], failure["rank"], failure["exit_code"],
            re.sub(r"[0-9]+", "#", line))


# ---- the supervisor ------------------------------------------------------------------------

class Supervisor:
    def __init__(self, run_id):
        self.run_id = run_id
        self.plan = [Server(entry, i) for i, entry in enumerate(CONFIG["servers"])]
        self.me = CONFIG["supervisor"]
        self.shell = Shell(self.me)
        restart = CONFIG["restart"]
        self.max_attempts = restart["max_restarts"] + 1
        self.drop = restart["drop_failed_servers"]
        self.min_servers = restart["min_servers"] or len(self.plan)
        self.backoff = restart["backoff_s"]
        self.attempts = []
        self.left_out = []  # [{"server", "reason", "since"}], for the rest of the run
        self.state = {"clusterwiz_supervisor": 1, "run_id": run_id, "state": "starting",
                      "attempt": 0, "max_attempts": self.max_attempts, "next_attempt_at": "",
                      "updated_at": "", "message": "", "attempts": self.attempts}
        me = self.server(self.me)
        self.state_path = self.run_dir_of(me) + "/" + CONFIG["state_file"]

    def server(self, name):
        for server in self.plan:
            if server.name == name:
                return server
        raise SystemExit("clusterwiz supervisor: %s is not a server of the plan" % name)

    def run_dir_of(self, server):
        # Only the supervisor's own folder is needed as a path here; the scripts get shell words.
        return CONFIG["log_root"] + "/" + self.run_id + "/" + server.name

    def dir_line(self, server, attempt=None):
        line = "d=" + server.dir_before + self.run_id + server.dir_after
        if attempt:
            line += "/attempt-%d" % attempt
        return line + "\ncw_run=" + self.run_id + "\n"

    def save(self, phase=None, message=None):
        if phase:
            self.state["state"] = phase
        if message is not None:
            self.state["message"] = message
        self.state["updated_at"] = iso(now())
        temporary = self.state_path + ".tmp"
        with open(temporary, "w") as out:
            json.dump(self.state, out, separators=(",", ":"))
        os.replace(temporary, self.state_path)

    # -- one attempt ----------------------------------------------------------------------

    def start(self, number, servers):
        names = " ".join(server.name for server in servers)
        env = ("CLUSTERWIZ_RUN_ID=%s CLUSTERWIZ_RESTART_COUNT=%d CLUSTERWIZ_ATTEMPT_SERVERS='%s'"
               % (self.run_id, number - 1, names))
        starters = servers[:1] if CONFIG["start_on_master_only"] else servers
        jobs = []
        for node_rank, server in enumerate(starters):
            node = "" if CONFIG["start_on_master_only"] else " CLUSTERWIZ_NODE_RANK=%d" % node_rank
            jobs.append((server, self.dir_line(server, number) + CONFIG["start_before"] + env +
                         node + CONFIG["start_after"]))
        results = self.shell.run_all(jobs, CONFIG["command_timeout_s"])
        failed = {}
        for (server, _), (code, out, err) in zip(jobs, results):
            if code != 0:
                failed[server.name] = ("unreachable: " if unreached(code) else "") + \
                    last_line(err + out)
        return failed

    def poll(self, number, servers):
        jobs = [(server, self.dir_line(server) + "r=$d/attempt-%d\n" % number + CONFIG["poll"])
                for server in servers]
        polls = []
        for code, out, err in self.shell.run_all(jobs, CONFIG["command_timeout_s"]):
            if code != 0:
                polls.append({"reached": False, "error": last_line(err + out), "exits": [],
                              "started": 0, "alive": 0})
            else:
                polls.append(parse_poll(out))
        return polls

    def stop_on(self, servers):
        """The gang stop: everything of the run on every reachable server of `servers`."""
        if not servers:
            return
        if CONFIG["note_helpers"]:
            self.shell.run_all([(s, self.dir_line(s) + CONFIG["note_helpers"]) for s in servers],
                               CONFIG["command_timeout_s"])
        self.shell.run_all([(s, self.dir_line(s) + CONFIG["stop"]) for s in servers],
                           CONFIG["command_timeout_s"] + CONFIG["stop_grace_s"])

    def tail(self, number, server, rank):
        name = "rank%d.log" % rank if rank >= 0 else "launch.log"
        script = self.dir_line(server, number) + 'tail -n %d -- "$d/%s" 2>/dev/null\n' % (
            CONFIG["failure_lines"], name)
        code, out, _ = self.shell.run_all([(server, script)], CONFIG["command_timeout_s"])[0]
        return [line for line in out.split("\n") if line][-CONFIG["failure_lines"]:] \
            if code == 0 else []

    def watch(self, number, servers, record):
        """Polls the attempt's servers until it finished, failed, lost a server or the supervisor
        is stopped. Returns the outcome ("finished", "failed", "stopped")."""
        unreachable_since = {}
        while True:
            if not nap(CONFIG["poll_interval_s"]):
                return "stopped"
            polls = self.poll(number, servers)
            if stopping:
                return "stopped"
            verdict = evaluate(servers, polls)
            lost = []
            for server, poll in zip(servers, polls):
                if poll["reached"]:
                    unreachable_since.pop(server.name, None)
                    continue
                since = unreachable_since.setdefault(server.name, now())
                if now() - since >= CONFIG["lost_after_s"]:
                    lost.append((server, since, poll["error"]))
            if verdict["state"] == "finished":
                return "finished"
            if verdict["state"] == "failed":
                failed = servers[verdict["server"]] if verdict["server"] is not None else None
                record["failure"] = {
                    "server": failed.name if failed else "", "rank": verdict["rank"],
                    "exit_code": verdict["code"],
                    "last_lines": self.tail(number, failed, verdict["rank"]) if failed else []}
                if verdict["rank"] >= 0:
                    record["message"] = "rank %d on %s failed first, exit code %d" % (
                        verdict["rank"], failed.name, verdict["code"])
                else:
                    record["message"] = "the job ended on %s before all its ranks recorded " \
                                        "an exit code" % (failed.name if failed else "a server")
                return "failed"
            if lost:
                record["lost"] = [{"server": server.name, "reason": "unreachable: " + error,
                                   "since": iso(since)} for server, since, error in lost]
                record["message"] = "; ".join(
                    "%s lost: unreachable since %s (%s)" % (server.name, clock(since), error)
                    for server, since, error in lost)
                return "failed"

    # -- between attempts -----------------------------------------------------------------

    def health(self, servers):
        """Reach, then the accelerator and device-link checks of check.sh, on every server at
        once. Returns {name: reason} for the servers that are unreachable or unhealthy."""
        jobs = []
        for server in servers:
            script = "true\n"
            if CONFIG["health_after"]:
                script = CONFIG["health_before"] + str(server.index) + CONFIG["health_after"]
            jobs.append((server, script))
        bad = {}
        for server, (code, out, err) in zip(servers,
                                              self.shell.run_all(jobs, CONFIG["health_timeout_s"])):
            if unreached(code):
                bad[server.name] = "unreachable: " + last_line(err + out)
            elif code == 1:
                failures = [line[7:] for line in out.split("\n") if line.startswith("[FAIL] ")]
                bad[server.name] = "unhealthy: " + ("; ".join(failures) or last_line(out))
        return bad

    def choose(self, candidates, lost):
        """The servers of the next attempt, or (None, why) when no attempt can start now.
        `lost`: servers the last attempt lost, with the time they stopped answering."""
        bad = self.health(candidates)
        if not bad:
            return candidates, ""
        reasons = "; ".join("%s %s" % item for item in bad.items())
        healthy = [server for server in candidates if server.name not in bad]
        if not self.drop:
            return None, reasons + " (drop_failed_servers is off)"
        if len(healthy) < self.min_servers:
            return None, "%s: %d of %d servers left, min_servers is %d" % (
                reasons, len(healthy), len(self.plan), self.min_servers)
        lost_since = {entry["server"]: entry["since"] for entry in lost}
        for name, reason in bad.items():
            since = lost_since.get(name, iso(now())) if reason.startswith("unreachable") \
                else iso(now())
            self.left_out.append({"server": name, "reason": reason, "since": since})
            say("leaving %s out: %s" % (name, reason))
        return healthy, ""

    # -- the run --------------------------------------------------------------------------

    def finish(self, phase, message, code):
        say(message)
        self.state["next_attempt_at"] = ""
        self.save(phase, message)
        # Processes of earlier attempts on servers left out, if any came back.
        self.stop_on([self.server(entry["server"]) for entry in self.left_out])
        self.shell.close(self.plan)
        return code

    def run(self):
        candidates = list(self.plan)
        previous_key = None
        self.save("starting")
        for number in range(1, self.max_attempts + 1):
            record = {"attempt": number, "servers": [], "left_out": [], "started_at": iso(now()),
                      "ended_at": "", "state": "running", "message": ""}
            self.state["attempt"] = number
            lost_before = self.attempts[-1].get("lost", []) if self.attempts else []
            servers, why = candidates, ""
            if number > 1:
                self.save("health", "attempt %d: checking the servers" % number)
                servers, why = self.choose(candidates, lost_before)
                if stopping:
                    return self.finish("stopped", "stopped before attempt %d" % number, 0)
            record["left_out"] = list(self.left_out)
            self.attempts.append(record)
            if servers is None:
                record.update(servers=[s.name for s in candidates], state="not-started",
                              ended_at=iso(now()), message="not started: " + why)
                say("attempt %d of %d %s" % (number, self.max_attempts, record["message"]))
                outcome = "failed"
            else:
                if self.drop:
                    candidates = servers
                record["servers"] = [s.name for s in servers]
                say("attempt %d of %d on %s" % (number, self.max_attempts,
                                                 ", ".join(record["servers"])))
                self.save("running", "")
                failed = self.start(number, servers)
                if failed:
                    record["message"] = "; ".join("start failed on %s: %s" % item
                                                  for item in failed.items())
                    record["lost"] = [{"server": name, "reason": why, "since": iso(now())}
                                      for name, why in failed.items()
                                      if why.startswith("unreachable")]
                    outcome = "failed"
                else:
                    outcome = self.watch(number, servers, record)
                # The gang stop, on every server that still answers (a lost one would only make
                # it wait); nothing is left of a finished attempt either.
                lost = {entry["server"] for entry in record.get("lost", [])}
                self.stop_on([server for server in servers if server.name not in lost])
                record["state"] = outcome
                record["ended_at"] = iso(now())
            if outcome == "finished":
                record["message"] = "every rank exited 0"
                return self.finish("finished", "attempt %d finished: every rank exited 0" % number,
                                   0)
            if outcome == "stopped" or stopping:
                record["state"] = "stopped"
                return self.finish("stopped", "stopped during attempt %d" % number, 0)
            say("attempt %d failed: %s" % (number, record["message"]))
            key = same_way_key(record)
            if key is not None and key == previous_key and not record.get("lost"):
                failure = record["failure"]
                return self.finish(
                    "failed", "rank %d on %s failed the same way in attempts %d and %d (exit code "
                    "%d: %s): not restarting" % (failure["rank"], failure["server"], number - 1,
                                                 number, failure["exit_code"],
                                                 last_line("\n".join(failure["last_lines"]))), 1)
            previous_key = key
            if number == self.max_attempts:
                return self.finish("failed", "attempt %d of %d failed (%s); no restarts left" % (
                    number, self.max_attempts, record["message"]), 1)
            self.state["next_attempt_at"] = iso(now() + self.backoff)
            self.save("backoff", "attempt %d failed: %s" % (number, record["message"]))
            if not nap(self.backoff):
                return self.finish("stopped", "stopped before attempt %d" % (number + 1), 0)
            self.state["next_attempt_at"] = ""
        return self.finish("failed", "no attempts left", 1)


def evaluate_stdin():
    """Test hook: one poll per server on stdin (JSON), the verdict on stdout (JSON)."""
    data = json.load(sys.stdin)
    servers, polls = [], []
    for i, entry in enumerate(data["servers"]):
        server = Server({"name": entry["name"], "project_index": entry["project_index"],
                         "devices": entry["devices"], "target": "", "port": 22,
                         "run_dir_before": "", "run_dir_after": ""}, i)
        servers.append(server)
        if entry["reached"]:
            polls.append(parse_poll(entry["output"]))
        else:
            polls.append({"reached": False, "error": "", "exits": [], "started": 0, "alive": 0})
    verdict = evaluate(servers, polls)
    if verdict.get("server") is not None:
        verdict["server"] = servers[verdict["server"]].name
    json.dump(verdict, sys.stdout)
    print()
    return 0


def main():
    if sys.argv[1:] == ["--evaluate"]:
        return evaluate_stdin()
    if sys.argv[1:] == ["--config"]:  # test hook: the plan as this program read it
        json.dump(CONFIG, sys.stdout)
        return 0
    run_id = os.environ.get("CLUSTERWIZ_SUPERVISOR_RUN", "")
    if not RUN_ID_RULE.match(run_id):
        print("clusterwiz supervisor: CLUSTERWIZ_SUPERVISOR_RUN must hold the run id (letters, "
              "digits, '.', '_', '-', not first)", file=sys.stderr)
        return 2
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, on_signal)
    return Supervisor(run_id).run()


if __name__ == "__main__":
    sys.exit(main())
