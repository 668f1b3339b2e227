/** bench/postgres-cpu.ts against a real PostgreSQL cluster: finds its postmaster, counts its backends' CPU. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '@/lib/testing/on-postgres';
import { freePort } from '@/lib/testing/free-port';
import { clusterCpuMs, postmasterPid } from './postgres-cpu';

const server = await onPostgres();

describe.runIf(server && process.platform === 'linux')('the Postgres cluster\'s CPU', () => {
  it('finds the postmaster by its port and counts the CPU of a backend, also after it exited', async () => {
    const pid = postmasterPid(server!.port);
    // The store's Pool (migrated on open), one connection of it: a backend of this cluster.
    const { getPgPool } = await import('@/db/client');
    const client = await (await getPgPool()).connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = rows[0].pid;
    const before = clusterCpuMs(pid);
    // Enough work in the backend to cost several clock ticks of CPU (a count, not a duration, is asserted).
    await client.query('SELECT count(*) FROM generate_series(1, 3000000) AS s WHERE s % 7 = 0');
    const after = clusterCpuMs(pid);
    expect(after).toBeGreaterThan(before);
    // Closed (the connection destroyed, not returned to the Pool): its backend exits; once the
    // postmaster has reaped it (a zombie stays in /proc until then) its CPU is in the postmaster's cutime.
    client.release(true);
    await expect.poll(() => existsSync(`/proc/${backend}`), { timeout: 30_000, interval: 50 }).toBe(false);
    expect(clusterCpuMs(pid)).toBeGreaterThanOrEqual(after - 10); // a tick either way for the readings' rounding
  });

  it('says so when no postmaster listens on the port (no made-up zero)', async () => {
    const port = await freePort();
    expect(() => postmasterPid(port)).toThrow(/no postmaster/);
  });
});
