/**
 * The code tool's sandboxes through the real tool path (runCodeTool → worker pool → QuickJS /
 * Pyodide): what works, and a corpus of escape attempts that must each fail cleanly with a clear
 * error. The pools are the process's own: one QuickJS and one Pyodide worker for this file (a
 * Python timeout replaces its worker, so that test boots a second one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import type { ToolSpec } from '../../graph/schema';
import { runCodeTool } from './code-tool';
import { closeSandboxPools, sandboxPool } from './pool';

type CodeSpec = Extract<ToolSpec, { type: 'code' }>;
const js = (code: string, more: Partial<CodeSpec> = {}): CodeSpec => ({ type: 'code', language: 'javascript', code, ...more });
const py = (code: string, more: Partial<CodeSpec> = {}): CodeSpec => ({ type: 'code', language: 'python', code, ...more });
const signal = () => new AbortController().signal;

async function ok(spec: CodeSpec, args: unknown = {}) {
  const out = await runCodeTool(spec, args, { signal: signal() });
  return JSON.parse(out.output) as { result: unknown; stdout?: string };
}

/** The call fails with a tool_error whose message matches `message` and whose details.code is `code`. */
async function refused(spec: CodeSpec, message: RegExp, code?: string) {
  let caught: unknown;
  try {
    await runCodeTool(spec, {}, { signal: signal() });
  } catch (err) {
    caught = err;
  }
  expect(caught, `expected ${spec.language} code to fail: ${spec.code}`).toBeInstanceOf(AppError);
  const err = caught as AppError;
  expect(err.code).toBe('tool_error');
  expect(err.message).toMatch(message);
  if (code) expect((err.details as { code?: string }).code).toBe(code);
  return err;
}

beforeAll(async () => {
  await Promise.all([sandboxPool('javascript').warm(), sandboxPool('python').warm()]);
}, 120_000);
afterAll(() => closeSandboxPools());

describe('the code tool runs', () => {
  it('a JavaScript reduce, with args in and console output captured', async () => {
    expect(await ok(js('[1, 2, 3, 4].reduce((a, b) => a + b, 0)'))).toEqual({ result: 10 });
    expect(await ok(js('console.log("n =", args.n, { a: 1 }); args.n * 2'), { n: 21 })).toEqual({ result: 42, stdout: 'n = 21 {"a":1}\n' });
    expect(await ok(js('function total({ xs }) { return xs.reduce((a, b) => a + b, 0) }', { function: 'total' }), { xs: [5, 6] })).toEqual({ result: 11 });
    expect(await ok(js('(async () => { await null; return { done: true } })()'))).toEqual({ result: { done: true } });
  });

  it('Python: sum(range(10)) is 45, args in, print captured, a function with keyword arguments', async () => {
    expect(await ok(py('sum(range(10))'))).toEqual({ result: 45 });
    expect(await ok(py('print("hello", args["who"])\n{"len": len(args["who"])}'), { who: 'ada' })).toEqual({ result: { len: 3 }, stdout: 'hello ada\n' });
    expect(await ok(py('import json, math, re\ndef area(r):\n    return round(math.pi * r * r, 2)\n', { function: 'area' }), { r: 2 })).toEqual({ result: 12.57 });
  });

  it('errors of the code itself are clear: name, message and the line', async () => {
    await refused(js('let x = 1;\nnull.boom'), /TypeError: .*null/, 'code_error');
    const err = await refused(py('x = 1\nraise ValueError("bad input")'), /ValueError: bad input \(line 2\)/, 'code_error');
    expect((err.details as { line?: number }).line).toBe(2);
    await refused(py('def f(:\n  pass'), /SyntaxError/, 'code_error');
    await refused(py('object()'), /the result is not JSON/, 'code_error');
  });
});

describe('escape attempts fail cleanly (JavaScript, QuickJS)', () => {
  const corpus: Array<[string, string, RegExp, string?]> = [
    ['process', 'process.env', /ReferenceError: .*process/],
    ['require', 'require("fs").readFileSync("/etc/passwd", "utf8")', /ReferenceError: .*require/],
    ['globalThis.constructor', 'globalThis.constructor.constructor("return process")().env', /ReferenceError: .*process/],
    ['prototype walk to Function', '({}).__proto__.constructor.constructor("return this")().process.mainModule', /TypeError: .*undefined/],
    ['dynamic import', 'import("fs")', /fs|module|import/i],
    ['fetch', 'fetch("http://169.254.169.254/")', /ReferenceError: .*fetch/],
    ['quickjs-libc os/std', 'os.exec(["ls"])', /ReferenceError: .*os/],
    ['WebAssembly', 'WebAssembly.compile(new Uint8Array(8))', /ReferenceError: .*WebAssembly/],
  ];
  for (const [what, code, message] of corpus) {
    it(what, async () => {
      await refused(js(code), message, 'code_error');
    });
  }

  it('an infinite loop ends at the time limit', async () => {
    await refused(js('while (true) {}', { timeout_s: 0.5 }), /time limit was reached after 0.5 s/, 'code_timeout');
    expect(await ok(js('1 + 1'))).toEqual({ result: 2 }); // the worker still answers
  });

  it('a huge allocation ends at the memory limit', async () => {
    await refused(js('const s = "x".repeat(1e6); const a = []; while (true) a.push(s + a.length);', { memory_mb: 16, timeout_s: 30 }), /memory limit was reached \(16 MiB\)/, 'code_memory');
    await refused(js('const a = []; while (true) a.push([a.length, { n: a.length }]);', { memory_mb: 16, timeout_s: 30 }), /memory limit was reached/, 'code_memory');
  }, 60_000);

  it('deep recursion ends at the stack limit', async () => {
    await refused(js('function f(n) { return f(n + 1) + 1 }\nf(0)'), /stack|recursion/i, 'code_recursion');
  });

  it('a stdout flood ends at the stdout limit', async () => {
    await refused(js('while (true) console.log("x".repeat(1000))'), /stdout is limited/);
  });

  it('prototype pollution does not outlive its call', async () => {
    await ok(js('Object.prototype.polluted = "yes"; Array.prototype.map = null; 1'));
    expect(await ok(js('[({}).polluted ?? null, typeof [].map]'))).toEqual({ result: [null, 'function'] });
  });
});

describe('escape attempts fail cleanly (Python, Pyodide)', () => {
  const corpus: Array<[string, string, RegExp]> = [
    ['import os', 'import os\nos.listdir("/")', /ImportError: import of 'os' is not allowed/],
    ['open /etc/passwd', 'open("/etc/passwd").read()', /PermissionError: file access is not available/],
    ['import js', 'import js\njs.process.env', /ImportError: import of 'js' is not allowed/],
    ['pyodide.http', 'from pyodide.http import pyfetch', /ImportError: import of 'pyodide.http' is not allowed/],
    ['subprocess', 'import subprocess\nsubprocess.run(["ls"])', /ImportError: import of 'subprocess' is not allowed/],
    ['socket', 'import socket\nsocket.create_connection(("example.com", 80))', /ImportError: import of 'socket' is not allowed/],
    ['__import__', '__import__("os").system("ls")', /ImportError: import of 'os' is not allowed/],
    ['ctypes', 'import ctypes', /ImportError: import of 'ctypes' is not allowed/],
    ['sys.modules', 'import sys\nsys.modules["os"]', /ImportError: import of 'sys' is not allowed/],
    // Past the import guard (it is a courtesy layer: the boundary is WebAssembly and this thread's empty JS globals).
    [
      'real import of js past the guard',
      'imp = __import__.__globals__["_real_import"]\nimp("js").process',
      /ModuleNotFoundError|AttributeError/,
    ],
    [
      'real os past the guard: the host file system is not there',
      'imp = __import__.__globals__["_real_import"]\nimp("os").stat("/etc/passwd")',
      /FileNotFoundError/,
    ],
    [
      'a JS function reached through pyodide.ffi cannot make code from strings',
      'imp = __import__.__globals__["_real_import"]\nffi = imp("pyodide.ffi", fromlist=["to_js"])\nffi.to_js([1]).constructor.constructor("return process")()',
      /code generation is not available/,
    ],
    [
      'pyodide_js (the API object, with the file systems) is gone',
      'imp = __import__.__globals__["_real_import"]\nimp("pyodide_js")._module.FS',
      /ModuleNotFoundError|ImportError/,
    ],
  ];
  for (const [what, code, message] of corpus) {
    it(what, async () => {
      await refused(py(code), message, 'code_error');
    });
  }

  it('a huge allocation ends at the memory limit (MemoryError, the worker lives on)', async () => {
    await refused(py('chunks = []\nwhile True:\n    chunks.append(bytearray(10_000_000))', { memory_mb: 128 }), /memory limit was reached \(128 MiB\)/, 'code_memory');
    expect(await ok(py('sum(range(10))'))).toEqual({ result: 45 });
  });

  it('deep recursion is a RecursionError', async () => {
    await refused(py('def f(n):\n    return f(n + 1) + 1\nf(0)'), /maximum recursion depth exceeded/, 'code_recursion');
  });

  it('a stdout flood ends at the stdout limit', async () => {
    await refused(py('while True:\n    print("x" * 1000)'), /stdout is limited/, 'code_stdout');
  });

  it('sockets past the guard reach no host', async () => {
    await refused(py('imp = __import__.__globals__["_real_import"]\ns = imp("socket").socket()\ns.connect(("127.0.0.1", 22))'), /OSError: .*unreachable/, 'code_error');
  });

  // These two replace the worker (a Pyodide boot each): last in the file.
  it('an infinite loop ends at the time limit (the worker is terminated and replaced)', async () => {
    await refused(py('while True:\n    pass', { timeout_s: 1 }), /time limit was reached after 1 s/, 'code_timeout');
  }, 120_000);

  it('os.system past the guard: the Node modules Pyodide holds refuse, in the replacement worker', async () => {
    await refused(py('imp = __import__.__globals__["_real_import"]\nimp("os").system("echo escaped > /tmp/switchyard-escape")'), /the sandbox refused: .*not available in the sandbox/, 'code_sandbox_failed');
  }, 120_000);
});
