/**
 * The layer rules of Switchyard (README, "Layout of the repository"), checked by `npm run lint:deps`
 * (the first step of `npm test`). Imports point down the layers:
 *
 *   app  ->  components, lib/server  ->  lib/runtime  ->  lib/engine, lib/llm, lib/tools, db
 *   cli  ->  lib/runtime, lib/engine, lib/llm, lib/tools          (the CLI sits where a route handler does)
 *   everything  ->  lib/contracts, lib/graph, lib/errors
 *
 * `lib/engine` and `lib/graph` are pure (no framework, no I/O, no database); `components` (browser
 * code) reach the server only through HTTP, so they import lib/contracts and lib/graph, never the
 * server layers; `db` knows only the contracts, the graph model and the error type; `cli/` (the
 * `switchyard` command) works on files over lib/ directly and reaches a server only over HTTP, and
 * nothing imports it. No import cycles.
 * Type-only imports count (tsPreCompilationDeps).
 */
const NODE_IO = '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dns|dns/promises|dgram|tls|cluster|worker_threads|readline|os|vm|inspector|repl)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'components-not-to-server',
      comment: 'components/ is browser code: it talks to the server over HTTP (lib/contracts) and may use lib/graph, never lib/engine, lib/runtime, lib/llm, lib/tools or db.',
      severity: 'error',
      from: { path: '^components/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(lib/(engine|runtime|llm|tools)|db)/' },
    },
    {
      name: 'components-tests-only-to-test-servers',
      comment: 'A component test may start the real API to check a form model against it, through the test harnesses in lib/runtime/testing only, never the server layers themselves.',
      severity: 'error',
      from: { path: '^components/.*\\.test\\.tsx?$' },
      to: { path: '^(lib/(engine|runtime|llm|tools)|db)/', pathNot: '^lib/runtime/testing/' },
    },
    {
      name: 'pure-core-no-framework',
      comment: 'lib/engine and lib/graph are pure TypeScript: no next, react or @xyflow/react.',
      severity: 'error',
      from: { path: '^lib/(engine|graph)/' },
      to: { path: '^node_modules/(next|react|react-dom|@xyflow/react)/' },
    },
    {
      name: 'pure-core-no-io',
      comment: 'lib/engine and lib/graph do no I/O: no node:fs, net, http(s), child_process, dns, ... (the runtime passes ports in). Their tests may read fixture files.',
      severity: 'error',
      from: { path: '^lib/(engine|graph)/', pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['core'], path: NODE_IO },
    },
    {
      name: 'pure-core-no-db-or-runtime',
      comment: 'lib/engine and lib/graph know nothing of the database or the runtime that wires them.',
      severity: 'error',
      from: { path: '^lib/(engine|graph)/' },
      to: { path: '^(db|lib/runtime|lib/server)/' },
    },
    {
      name: 'db-only-to-contracts-graph-errors',
      comment: 'db/ may import from lib/ only lib/contracts, lib/graph and lib/errors.ts.',
      severity: 'error',
      from: { path: '^db/', pathNot: '\\.test\\.ts$' },
      to: { path: '^lib/', pathNot: '^lib/(contracts/|graph/|errors\\.ts$)' },
    },
    {
      name: 'cli-over-lib-only',
      comment: 'cli/ (the switchyard command) runs graphs over lib/ directly, like a route handler, and talks to a server only over HTTP (cli/remote.ts): never app/, components/, the route helpers of lib/server or the store (db/). Its tests start servers through the harnesses in lib/runtime/testing.',
      severity: 'error',
      from: { path: '^cli/' },
      to: { path: '^(app|components|db|lib/server)/' },
    },
    {
      name: 'cli-never-reaches-the-store',
      comment: 'switchyard validate / run / test / cassette work on files in the process, with no database: nothing the CLI loads (not even through lib/runtime) opens db/ or the route helpers. Its tests may (they start a real server).',
      severity: 'error',
      from: { path: '^cli/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(db|lib/server)/', reachable: true },
    },
    {
      name: 'nothing-imports-cli',
      comment: 'cli/ is a top layer (like app/): only bin/ starts it; lib/, db/, app/ and components/ never import it.',
      severity: 'error',
      from: { pathNot: '^(cli|bin)/' },
      to: { path: '^cli/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles: a cycle means two modules are one room, or one of them is in the wrong layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.next|bench/results|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
