// What a server process and everything it started cost, read from /proc (Linux), for
// `npm run bench`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** A process and all its descendants. */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i += 1) {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${pids[i]}/task`);
    } catch {
      // gone
    }
    for (const task of tasks) {
      try {
        const kids = fs.readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8').trim();
        if (kids) pids.push(...kids.split(/\s+/).map(Number));
      } catch {
        // gone
      }
    }
  }
  return [...new Set(pids)];
}

/**
 * CPU time (user + system, ms) of a process and all its descendants, those that ended too: a
 * process that ends passes its time on to its parent once the parent reaps it (cutime, cstime),
 * so a server whose workers come and go (PostgreSQL's connections) is counted whole.
 */
export function cpuMs(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, and cutime, cstime: its children's that it reaped.
      total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone
    }
  }
  return (total * 1000) / CLK_TCK;
}

/** Resident memory (bytes) of a process and all its descendants. */
export function rssBytes(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const kib = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      total += Number(kib ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * CPU time (ms, to the nanosecond) a process's threads have run so far, from the scheduler's
 * account of each (/proc/pid/task/tid/schedstat): for short slices of a server's work, where
 * `cpuMs`'s clock ticks (10 ms) would be most of what is measured. Threads that ended are not
 * counted, nor are child processes: for a server that runs in one process (the web server).
 */
export function runMs(pid: number): number {
  let ns = 0;
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return NaN; // gone
  }
  for (const task of tasks) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // ended meanwhile
    }
  }
  return ns / 1e6;
}
