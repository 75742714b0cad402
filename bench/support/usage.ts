// What a server under test costs across a phase of the benchmark, measured the same way for every server
// (inboxd, the bare smtp-server, Haraka, MailDev): the CPU time (user + system) of its process tree — the
// process, all its threads, and every descendant — read from /proc/<pid>/stat, and the peak of the tree's
// summed resident set, sampled every 100 ms. Linux only; elsewhere the meter reads zeros.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime of every thread of the process, in clock ticks (children that exited are not in it). */
  cpuTicks: number;
  /** Resident pages. */
  rssPages: number;
}

/**
 * Parses /proc/<pid>/stat. The command name (field 2) is in parentheses and may itself hold spaces and
 * parentheses, so the fields are counted from the last `)`.
 */
export function parseProcStat(text: string): ProcStat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  const pid = Number(text.slice(0, open).trim());
  // After the name: field 3 (state) is index 0, so field N is index N - 3.
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (n: number) => {
    const value = Number(rest[n - 3]);
    if (!Number.isFinite(value)) throw new Error(`field ${n} of /proc/${pid}/stat is not a number`);
    return value;
  };
  return { pid, ppid: field(4), cpuTicks: field(14) + field(15), rssPages: field(24) };
}

function sysconf(name: string, fallback: number): number {
  const result = spawnSync('getconf', [name], { encoding: 'utf8' });
  const value = Number(result.stdout?.trim());
  return result.status === 0 && Number.isFinite(value) && value > 0 ? value : fallback;
}

let ticksPerSecond: number | undefined;
let pageBytes: number | undefined;
/** Clock ticks a second of /proc/<pid>/stat (USER_HZ). */
export const clock = (): number => (ticksPerSecond ??= sysconf('CLK_TCK', 100));
const pageSize = () => (pageBytes ??= sysconf('PAGESIZE', 4096));

function readStat(pid: number): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined; // gone meanwhile
  }
}

/** The children of `pid` from every thread's /proc/<pid>/task/<tid>/children. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
        if (child !== '') out.push(Number(child));
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** The stats of `root` and all its descendants at this moment. */
export function treeStats(root: number): ProcStat[] {
  const stats: ProcStat[] = [];
  const queue = [root];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const stat = readStat(pid);
    if (stat === undefined) continue;
    stats.push(stat);
    queue.push(...childrenOf(pid));
  }
  return stats;
}

export interface Usage {
  /** CPU seconds (user + system) the tree spent during the phase. */
  cpuSeconds: number;
  /** The largest summed RSS of the tree seen during the phase, in bytes (shared pages count once per process). */
  peakRssBytes: number;
  /** Processes seen in the tree. */
  processes: number;
  seconds: number;
  /** Of `seconds`, how long the tree kept working after the load ended (see `stopWhenIdle`). */
  settleSeconds: number;
}

/**
 * CPU between two snapshots of a tree, by pid: a process seen only in the later one counts from zero (it
 * started during the phase); one gone by then counts up to its last sample (its final ticks are lost, so
 * the meter samples often).
 */
export function cpuBetween(first: Map<number, number>, last: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of last) ticks += Math.max(0, now - (first.get(pid) ?? 0));
  return ticks;
}

export interface UsageMeter {
  stop(): Usage;
  /**
   * Goes on metering until the tree is idle (at most one clock tick of CPU in 300 ms) or `maxMs` pass, then
   * stops: work a server does after its 250 (MailDev parses and stores after it) is counted too.
   */
  stopWhenIdle(maxMs?: number): Promise<Usage>;
}

/** Starts metering the tree under `root`; `stop()` returns what it used since. */
export function meterUsage(root: number, intervalMs = 100): UsageMeter {
  const started = performance.now();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let peakPages = 0;
  let ticksNow = 0;
  const sample = (initial: boolean) => {
    const stats = treeStats(root);
    let pages = 0;
    for (const s of stats) {
      pages += s.rssPages;
      if (initial) first.set(s.pid, s.cpuTicks);
      last.set(s.pid, s.cpuTicks);
    }
    peakPages = Math.max(peakPages, pages);
    ticksNow = cpuBetween(first, last);
  };
  sample(true);
  const timer = setInterval(() => sample(false), intervalMs);
  let settleSeconds = 0;
  const stop = (): Usage => {
    clearInterval(timer);
    sample(false);
    return {
      cpuSeconds: cpuBetween(first, last) / clock(),
      peakRssBytes: peakPages * pageSize(),
      processes: last.size,
      seconds: (performance.now() - started) / 1000,
      settleSeconds,
    };
  };
  return {
    stop,
    async stopWhenIdle(maxMs = 15_000) {
      const loadEnded = performance.now();
      sample(false);
      const window: number[] = [ticksNow];
      while (performance.now() - loadEnded < maxMs) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        sample(false);
        window.push(ticksNow);
        if (window.length > 4) window.shift();
        if (window.length === 4 && window[3]! - window[0]! <= 1) break;
      }
      settleSeconds = Math.round(performance.now() - loadEnded - (window.length === 4 ? 300 : 0)) / 1000;
      return stop();
    },
  };
}
