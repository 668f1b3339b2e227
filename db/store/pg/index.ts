/** The native Postgres store: every converted repository over the Pool (db/store/ports.ts). */
import 'server-only';
import type { Store } from '../ports';
import { pgApiKeys, pgUsers } from './auth';
import { pgGraphs, pgGraphVersions } from './graphs';

export function postgresStore(): Store {
  return { dialect: 'postgres', graphs: pgGraphs, versions: pgGraphVersions, users: pgUsers, apiKeys: pgApiKeys };
}
