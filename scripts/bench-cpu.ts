/**
 * CPU per request from workerd's V8 profiler (the Worker's inspector), for the bench and `npm run profile`:
 * the samples the Worker's isolate was busy, over the requests asked one at a time. Nothing in the
 * Worker's code takes part (no timer in production code): the inspector is the bench's Worker's only.
 * D1's SQLite runs outside the Worker's isolate, as in production, where it is not the Worker's CPU either.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A DevTools protocol session on the Worker's inspector. */
export async function inspect(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { id: string; webSocketDebuggerUrl?: string }[];
  const target = targets.find((t) => t.id.includes("sannidhi")) ?? targets[0];
  if (!target) throw new Error("profile: no Worker to inspect");
  const socket = new WebSocket(target.webSocketDebuggerUrl ?? `ws://127.0.0.1:${port}/${target.id}`);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      next += 1;
      pending.set(next, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Microseconds the isolate was busy in a profile (idle and the program itself aside). */
export function busyMicros(profile: Profile) {
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === "(idle)" || n.callFrame.functionName === "(program)").map((n) => n.id),
  );
  return profile.samples.reduce((sum, node, index) => (idle.has(node) ? sum : sum + (profile.timeDeltas[index] ?? 0)), 0);
}

/** CPU milliseconds per request of `ask`, asked `requests` times one after another under the profiler (after 5 warm-ups). */
export async function cpuPerRequest(port: number, ask: () => Promise<void>, requests: number) {
  for (let i = 0; i < 5; i++) await ask();
  const inspector = await inspect(port);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.send("Profiler.start");
  for (let i = 0; i < requests; i++) await ask();
  const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
  await inspector.send("Profiler.disable");
  inspector.close();
  return Number((busyMicros(profile) / requests / 1000).toFixed(2));
}

/**
 * The workerd processes this Node process started (Miniflare's), children and grandchildren.
 * Linux only (ps and /proc); empty elsewhere.
 */
export function workerdPids(): number[] {
  const found: number[] = [];
  const walk = (pid: number) => {
    let children = "";
    try {
      children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
    } catch {
      return; // ps exits 1 when a process has no children
    }
    for (const child of children.split("\n").map(Number).filter(Boolean)) {
      found.push(child);
      walk(child);
    }
  };
  walk(process.pid);
  return found.filter((pid) => existsSync(`/proc/${pid}/comm`) && readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("workerd"));
}

/**
 * Nanoseconds these processes' threads have run on a core (/proc/<pid>/task/<tid>/schedstat): the Worker, D1's
 * object and its SQLite, HTTP. Time spent waiting for a core is not in it, so unlike the V8 sampler's wall-clock
 * deltas it holds on a busy box (seen at load average 9–10: repeated runs within ~5%, the sampler's within ~2×).
 */
function cpuNanos(pids: number[]): number {
  let sum = 0;
  for (const pid of pids)
    for (const task of readdirSync(`/proc/${pid}/task`))
      sum += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
  return sum;
}

/** workerd's own CPU milliseconds per request of `ask`, asked `requests` times one after another (after 20 warm-ups); null off Linux. */
export async function workerdCpuPerRequest(ask: () => Promise<void>, requests: number): Promise<number | null> {
  const pids = workerdPids();
  if (!pids.length) return null;
  for (let i = 0; i < 20; i++) await ask();
  const before = cpuNanos(pids);
  for (let i = 0; i < requests; i++) await ask();
  return Number(((cpuNanos(pids) - before) / requests / 1e6).toFixed(3));
}
