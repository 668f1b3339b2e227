/**
 * The Python sandbox's worker thread (lib/tools/code/pool.ts starts it): Pyodide (CPython compiled to
 * WebAssembly), loaded from node_modules/pyodide (never a CDN), hardened once after boot:
 *  - the `js` module is an object holding nothing (jsglobals); `js`, `pyodide_js`, `pyodide.http`,
 *    are dropped from sys.modules, and user code may not import them, nor os, sys,
 *    subprocess, socket, ctypes, gc, importlib... (a guard on __import__ for the tool's own code);
 *  - `open` refuses (Python's files live in Emscripten's in-memory FS anyway; no host directory is
 *    mounted and NODEFS is removed);
 *  - this thread's JavaScript globals that reach out (process, fetch, WebSocket, ...) are deleted
 *    and code generation from strings (eval, the Function constructors) throws, so a JS object that
 *    leaks into Python leads nowhere;
 *  - wasm memory growth beyond the cap fails (MemoryError in Python).
 * The time limit is the pool's: it terminates this thread.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';

const { indexURL, memoryBytes } = workerData;

// Memory cap: Emscripten grows the heap through WebAssembly.Memory#grow; refuse growth beyond the cap.
const grow = WebAssembly.Memory.prototype.grow;
let memoryCap = memoryBytes;
Object.defineProperty(WebAssembly.Memory.prototype, 'grow', {
  value: function (delta) {
    if ((this.buffer.byteLength / 65536 + delta) * 65536 > memoryCap) throw new RangeError('sandbox memory limit');
    return grow.call(this, delta);
  },
});

let out = { text: '', max: 0, overflow: false };
const write = (s) => {
  if (out.text.length + s.length > out.max) {
    out.text += s.slice(0, Math.max(0, out.max - out.text.length));
    out.overflow = true;
    throw new Error('stdout limit reached');
  }
  out.text += s;
};

const timers = { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t) };
const py = await loadPyodide({ indexURL, jsglobals: timers, env: { HOME: '/home/sandbox' }, stdout: () => {}, stderr: () => {}, checkAPIVersion: true });
py.setStdout({ write: (buf) => (write(new TextDecoder().decode(buf)), buf.length) });
py.setStderr({ write: (buf) => (write(new TextDecoder().decode(buf)), buf.length) });

// No host file system: Emscripten's NODEFS would mount a host directory.
delete py.FS.filesystems.NODEFS;
py.mountNodeFS = () => {
  throw new Error('not in the sandbox');
};

const HARDEN = String.raw`
import builtins, sys, json, traceback
_BLOCKED = {'os', 'posix', 'nt', 'sys', 'subprocess', '_posixsubprocess', 'socket', '_socket', 'ssl', 'select', 'selectors',
            'js', 'pyodide', 'pyodide_js', '_pyodide', '_pyodide_core', 'micropip', 'ctypes', '_ctypes', 'gc', 'importlib',
            'imp', 'builtins', 'io', '_io', 'shutil', 'pathlib', 'tempfile', 'glob', 'fcntl', 'resource', 'pty', 'signal',
            'threading', '_thread', 'multiprocessing', 'urllib', 'http', 'ftplib', 'smtplib', 'asyncio', 'marshal',
            'pickle', 'inspect', 'code', 'codeop', 'runpy', 'zipimport', 'pkgutil', 'sysconfig', 'site', 'webbrowser', 'mmap', 'ftplib'}
for _m in [m for m in list(sys.modules) if m in ('js', 'pyodide_js') or m.startswith('pyodide.http')]:
    sys.modules.pop(_m, None)
try:
    import _pyodide._importhook as _ih
    for _attr in ('jsfinder',):
        _f = getattr(_ih, _attr, None)
        if _f is not None and hasattr(_f, 'jsproxies'):
            _f.jsproxies.clear()
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != 'JsFinder']
except Exception:
    pass
_real_import = builtins.__import__
def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    caller = globals if globals is not None else sys._getframe(1).f_globals
    if caller.get('__name__') == '__tool__':
        top = name.split('.')[0]
        if level or top in _BLOCKED or top.startswith('_'):
            raise ImportError(f"import of '{name}' is not allowed in the sandbox")
    return _real_import(name, globals, locals, fromlist, level)
builtins.__import__ = _guarded_import
def _no_open(*a, **k):
    raise PermissionError('file access is not available in the sandbox')
_SAFE_BUILTINS = {k: v for k, v in builtins.__dict__.items() if k not in ('open', 'breakpoint', 'input', 'exit', 'quit', 'help', 'copyright', 'credits', 'license')}
_SAFE_BUILTINS['open'] = _no_open
sys.setrecursionlimit(800)

def __sandbox_run(code, fn, args_json):
    from pyodide.code import eval_code
    args = json.loads(args_json)
    g = {'__name__': '__tool__', '__builtins__': dict(_SAFE_BUILTINS), 'args': args}
    try:
        value = eval_code(code, g, filename='<tool>')
        if fn:
            f = g.get(fn)
            if not callable(f):
                raise NameError(f"the code does not define function '{fn}'")
            value = f(**args) if isinstance(args, dict) else f(args)
        try:
            return json.dumps({'ok': True, 'result': json.dumps(value, allow_nan=False)})
        except (TypeError, ValueError) as e:
            return json.dumps({'ok': False, 'name': 'TypeError', 'message': f'the result is not JSON: {e}'})
    except BaseException as e:
        tb = traceback.extract_tb(e.__traceback__)
        line = next((fr.lineno for fr in reversed(tb) if fr.filename == '<tool>'), None)
        msg = str(e) if not isinstance(e, SyntaxError) else f'{e.msg} (line {e.lineno})'
        return json.dumps({'ok': False, 'name': type(e).__name__, 'message': msg, 'line': line})
`;
const hidden = py.globals.get('dict')();
py.runPython(HARDEN, { globals: hidden });
const run = hidden.get('__sandbox_run');

// Nothing in this thread reaches out any more. Pyodide's runtime keeps Node modules it loaded at boot
// (child_process for os.system, net/tls sockets, ws, fs for NODEFS): every function of those modules
// is replaced with one that throws, in this thread only (a worker has its own module instances).
const refuse = (what) =>
  function refused() {
    throw new Error(`${what} is not available in the sandbox`);
  };
const require = createRequire(import.meta.url);
const NODE_MODULES = ['child_process', 'fs', 'fs/promises', 'net', 'tls', 'dgram', 'dns', 'dns/promises', 'http', 'https', 'http2', 'worker_threads', 'cluster', 'vm', 'inspector', 'v8', 'os', 'module'];
const modules = NODE_MODULES.map((name) => [`node:${name}`, require(`node:${name}`)]);
try {
  modules.push(['ws', require('ws')]);
} catch {
  // not installed: nothing to close
}
for (const [name, mod] of modules) {
  for (const key of Object.getOwnPropertyNames(mod)) {
    const d = Object.getOwnPropertyDescriptor(mod, key);
    if (d && typeof d.value === 'function' && (d.writable || d.configurable)) {
      try {
        Object.defineProperty(mod, key, { value: refuse(`${name}.${key}`), writable: false, configurable: false });
      } catch {
        // leave it
      }
    }
  }
}
syncBuiltinESMExports();
for (const key of ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'kill', 'chdir', 'abort', 'setuid', 'setgid', 'seteuid', 'setegid', 'setgroups', 'initgroups', 'openStdin', 'reallyExit', '_kill']) {
  if (typeof process[key] === 'function') {
    try {
      Object.defineProperty(process, key, { value: refuse(`process.${key}`), writable: false, configurable: false });
    } catch {
      // leave it
    }
  }
}

// Then delete the globals that could reach out, and stop code generation from strings.
for (const name of ['process', 'fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'BroadcastChannel', 'MessageChannel', 'Worker', 'require', 'module', 'Deno', 'Bun', 'navigator', 'importScripts']) {
  try {
    delete globalThis[name];
  } catch {
    // not configurable: leave it
  }
}
const noCodegen = function () {
  throw new EvalError('code generation is not available in the sandbox');
};
for (const proto of [Function.prototype, Object.getPrototypeOf(async function () {}), Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(async function* () {})]) {
  Object.defineProperty(proto, 'constructor', { value: noCodegen, writable: false, configurable: false });
}
// The global Function stays (Pyodide calls through Function.prototype.apply) but nothing reachable names it.
globalThis.eval = noCodegen;

parentPort.on('message', (job) => {
  out = { text: '', max: job.maxStdout, overflow: false };
  memoryCap = job.memoryBytes;
  let reply;
  try {
    const r = JSON.parse(run(job.code, job.fn ?? null, job.argsJson));
    if (r.ok) reply = { ok: true, resultJson: r.result };
    else {
      let kind = 'error';
      if (r.name === 'MemoryError') kind = 'memory';
      else if (r.name === 'RecursionError') kind = 'recursion';
      else if (out.overflow) kind = 'stdout';
      const message =
        kind === 'memory' ? 'the memory limit was reached' : kind === 'stdout' ? `stdout is limited to ${job.maxStdout} characters` : r.message;
      reply = { ok: false, error: { kind, name: r.name, message, ...(r.line ? { line: r.line } : {}) } };
    }
  } catch (err) {
    // The interpreter itself failed (a fatal error): the pool replaces this thread.
    reply = { ok: false, error: { kind: 'fatal', name: 'SandboxError', message: `the sandbox refused: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}` }, recycle: true };
  }
  parentPort.postMessage({ id: job.id, ...reply, stdout: out.text });
});
parentPort.postMessage({ ready: true });
