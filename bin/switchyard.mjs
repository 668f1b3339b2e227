#!/usr/bin/env node
/**
 * The `switchyard` command (package.json "bin"; `npx switchyard` inside the repository): runs the
 * TypeScript CLI (cli/main.ts) through tsx, with the repository's tsconfig for its `@/` imports.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
register({ tsconfig: join(root, 'tsconfig.json') });
const { main } = await import(pathToFileURL(join(root, 'cli', 'main.ts')).href);
process.exitCode = await main(process.argv.slice(2));
