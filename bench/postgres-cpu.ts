/**
 * The CPU time of a local PostgreSQL cluster (Linux /proc), so bench/load.ts can put the database's
 * CPU per run next to the server's: on SQLite the database work is inside the server process, on
 * Postgres most of it is in the cluster's processes. The postmaster (found by its `-p <port>`
 * argument) plus its live children (backends, checkpointer, WAL writer, …) plus the children it
 * has already reaped (its cutime + cstime), so a backend that exits between two readings is not lost.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { procCpuMs, USER_HZ } from './spawn-server';

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, ms. */
  ownMs: number;
  /** cutime + cstime (reaped children), ms. */
  childrenMs: number;
}

function stat(pid: number): ProcStat | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    // After the command: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    const ms = (ticks: number) => (ticks * 1000) / USER_HZ;
    return { pid, ppid: Number(f[1]), ownMs: procCpuMs(pid), childrenMs: ms(Number(f[13]) + Number(f[14])) };
  } catch {
    return null; // gone meanwhile
  }
}

const pids = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);

/** The pid of the postmaster listening on `port`; throws when there is none. */
export function postmasterPid(port: number): number {
  for (const pid of pids()) {
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!argv[0]?.endsWith('/postgres')) continue;
    const line = ` ${argv.join(' ')} `;
    if (line.includes(` -p ${port} `)) return pid;
  }
  throw new Error(`no postmaster with -p ${port} in /proc`);
}

/** The cluster's CPU time so far in ms: the postmaster, its live children and those it reaped. */
export function clusterCpuMs(postmaster: number): number {
  const root = stat(postmaster);
  if (!root) throw new Error(`the postmaster ${postmaster} is gone`);
  let total = root.ownMs + root.childrenMs;
  for (const pid of pids()) {
    if (pid === postmaster) continue;
    const s = stat(pid);
    if (s?.ppid === postmaster) total += s.ownMs;
  }
  return total;
}
