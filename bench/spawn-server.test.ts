/** The server CPU clock of bench/load.ts: /proc/<pid>/stat read as ms, the same clock as process.cpuUsage. */
import { describe, expect, it } from 'vitest';
import { procCpuMs } from './spawn-server';

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

describe.runIf(process.platform === 'linux')('procCpuMs', () => {
  it('reads a process\'s user + system CPU time from /proc in ms: the same clock as process.cpuUsage, to a tick', () => {
    const start = ownCpuMs();
    let x = 0;
    while (ownCpuMs() - start < 100) x += Math.sqrt(x + 1); // some CPU time to see
    const before = ownCpuMs();
    const read = procCpuMs(process.pid);
    const after = ownCpuMs();
    expect(x).toBeGreaterThan(0);
    // /proc counts in ticks (10 ms at USER_HZ 100): allow two of them either side.
    expect(read).toBeGreaterThanOrEqual(before - 20);
    expect(read).toBeLessThanOrEqual(after + 20);
  });

  it('throws for a process that does not exist (no made-up zero)', () => {
    expect(() => procCpuMs(2 ** 22 + 12345)).toThrow(/ENOENT/);
  });
});
