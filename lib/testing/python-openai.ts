/**
 * The official Python `openai` client for interop tests: a virtual environment under
 * node_modules/.cache with `openai` installed by pip from the machine's configured package index,
 * created once and reused. `pythonOpenAI()` answers the venv's python, or why it is unavailable
 * (no python3, no venv module, or pip could not reach an index).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const VENV = path.resolve('node_modules', '.cache', 'switchyard-python-openai');

export type PythonOpenAI = { python: string } | { unavailable: string };

function run(cmd: string, args: string[]): void {
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
}

function failure(err: unknown): string {
  const e = err as { stderr?: Buffer; message?: string };
  return (e.stderr?.toString().trim().split('\n').slice(-3).join(' ') || e.message || String(err)).slice(0, 400);
}

export function pythonOpenAI(): PythonOpenAI {
  const python = path.join(VENV, 'bin', 'python');
  if (existsSync(python)) {
    try {
      run(python, ['-c', 'import openai']);
      return { python };
    } catch {
      /* a half-made venv: install again below */
    }
  }
  try {
    mkdirSync(path.dirname(VENV), { recursive: true });
    run('python3', ['-m', 'venv', VENV]);
  } catch (err) {
    return { unavailable: `python3 -m venv failed: ${failure(err)}` };
  }
  try {
    run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', 'openai']);
    run(python, ['-c', 'import openai']);
    return { python };
  } catch (err) {
    return { unavailable: `pip install openai failed: ${failure(err)}` };
  }
}
