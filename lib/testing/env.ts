/**
 * Environment variables for a test: `setEnv` sets them (undefined removes one) and returns the
 * function that puts back exactly what was there before, removed ones included. Every test or
 * test harness that changes process.env goes through it and calls the restore in a finally/afterAll.
 */
type Vars = Record<string, string | undefined>;

function apply(vars: Vars): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

export function setEnv(vars: Vars): () => void {
  const before: Vars = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  apply(vars);
  return () => apply(before);
}
