import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * CPU seconds of processes, from Linux's /proc: what tells a run held up by
 * other work on the machine from one that did more work itself.
 */

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

interface ProcessStat {
  pid: number;
  ppid: number;
  /** Its own user and system time. */
  own: number;
  /** The user and system time of its children that ended and were waited for. */
  reaped: number;
}

function statOf(pid: string): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name may hold spaces and parentheses: the fields start after its last `)`, with the state.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ').map(Number);
    const [ppid, utime, stime, cutime, cstime] = [fields[1], fields[11], fields[12], fields[13], fields[14]].map((value) => value ?? 0) as [number, number, number, number, number];
    return { pid: pid === 'self' ? process.pid : Number(pid), ppid, own: (utime + stime) / TICKS_PER_SECOND, reaped: (cutime + cstime) / TICKS_PER_SECOND };
  } catch {
    // Ended between the listing and the read.
    return undefined;
  }
}

/** A process's name for the CPU split: the script a Node process runs (past its loader options), else its program. */
function nameOf(pid: number): string {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return String(pid);
  }
  const [program = String(pid), ...rest] = args;
  let name = program;
  if (basename(program) === 'node') {
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i] ?? '';
      if (arg === '--import' || arg === '--require' || arg === '-r') i++;
      else if (!arg.startsWith('-')) {
        name = arg;
        break;
      }
    }
  }
  const parts = name.split('/');
  const src = parts.lastIndexOf('src');
  // `local-stack/start.ts` rather than a bare `start.ts`: the workspace says whose process it is.
  return src > 0 ? [parts[src - 1], ...parts.slice(src + 1)].join('/') : basename(name);
}

/** What this process's ended children (a direct ffmpeg run) have used so far. */
export const reapedCpuOfThisProcess = (): number => statOf('self')?.reaped ?? 0;

export interface StackCpu {
  /** The worker's ffmpeg and ffprobe runs. */
  media: number;
  /** The worker's own Node process. */
  worker: number;
  /** Everything else of the stack: the S3, SQS and DynamoDB emulators, the local gateway and its handlers. */
  rest: number;
  /** `rest` by process name: where the stack's own CPU goes. */
  restBy: Record<string, number>;
}

/** CPU seconds the stack's process tree has used so far, split as StackCpu says. */
export function stackCpu(stackPid: number, workerPid: number): StackCpu {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(statOf)
    .filter((stat): stat is ProcessStat => stat !== undefined);
  const children = new Map<number, ProcessStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const total = (stat: ProcessStat): number => stat.own + stat.reaped + (children.get(stat.pid) ?? []).reduce((sum, child) => sum + total(child), 0);
  const cpu: StackCpu = { media: 0, worker: 0, rest: 0, restBy: {} };
  const visit = (stat: ProcessStat): void => {
    if (stat.pid === workerPid) {
      cpu.worker += stat.own;
      cpu.media += stat.reaped + (children.get(stat.pid) ?? []).reduce((sum, child) => sum + total(child), 0);
      return;
    }
    cpu.rest += stat.own + stat.reaped;
    const name = nameOf(stat.pid);
    cpu.restBy[name] = (cpu.restBy[name] ?? 0) + stat.own + stat.reaped;
    for (const child of children.get(stat.pid) ?? []) visit(child);
  };
  const root = stats.find((stat) => stat.pid === stackPid);
  if (root) visit(root);
  return cpu;
}

export const cpuSince = (before: StackCpu, after: StackCpu): StackCpu => ({
  media: after.media - before.media,
  worker: after.worker - before.worker,
  rest: after.rest - before.rest,
  restBy: Object.fromEntries(Object.entries(after.restBy).map(([name, used]) => [name, used - (before.restBy[name] ?? 0)])),
});
