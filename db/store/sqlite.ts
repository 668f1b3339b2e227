/**
 * The embedded store: the async repositories over better-sqlite3, whose calls are synchronous and
 * short (one local file, WAL). Each method runs the synchronous query of db/graphs.ts,
 * db/auth-users.ts or db/auth-keys.ts (the run path: sqlite-runs.ts) and hands its result (or its error) back as a promise.
 */
import 'server-only';
import * as graphs from '../graphs';
import * as keys from '../auth-keys';
import * as users from '../auth-users';
import type { Store } from './ports';
import { later, sqliteCheckpoints, sqliteJournal, sqliteRunEvents, sqliteRuns, sqliteSteps } from './sqlite-runs';

export function sqliteStore(): Store {
  return {
    dialect: 'sqlite',
    graphs: {
      list: later(() => graphs.listGraphs()),
      get: later((id: string) => graphs.getGraph(id)),
      getByName: later((name: string) => graphs.getGraphByName(name)),
      find: later((idOrName: string) => graphs.findGraph(idOrName)),
      create: later(graphs.createGraph),
      update: later(graphs.updateGraph),
      saveEdit: later(graphs.saveGraphEdit),
      saveDraft: later(graphs.saveGraphDraft),
      saveNamedVersion: later(graphs.saveNamedVersion),
      delete: later(graphs.deleteGraph),
      import: later(graphs.importGraph),
      uniqueName: later((base: string) => graphs.uniqueGraphName(base)),
    },
    versions: {
      list: later((graphId: string) => graphs.listGraphVersions(graphId)),
      get: later((graphId: string, version: number) => graphs.getGraphVersion(graphId, version)),
    },
    users: {
      count: later(users.countUsers),
      list: later(users.listUsers),
      get: later(users.getUser),
      create: later(users.createUser),
      setRole: later(users.setUserRole),
      delete: later(users.deleteUser),
    },
    apiKeys: {
      insert: later(keys.insertApiKey),
      list: later(keys.listApiKeys),
      get: later(keys.getApiKey),
      setBudget: later(keys.setApiKeyBudget),
      spend: later(keys.apiKeySpend),
      delete: later(keys.deleteApiKey),
      findByHash: later(keys.findApiKey),
    },
    runs: sqliteRuns,
    events: sqliteRunEvents,
    checkpoints: sqliteCheckpoints,
    journal: sqliteJournal,
    steps: sqliteSteps,
  };
}
