/**
 * The JavaScript sandbox's worker thread (lib/tools/code/pool.ts starts it): each job runs in a fresh
 * QuickJS runtime (WebAssembly) with a memory limit, a stack limit and an interrupt deadline. The
 * runtime holds only ECMAScript built-ins plus `args` and a `console` whose output is captured: no
 * process, require, import, fetch, timers or file access exist inside it.
 */
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

const QuickJS = await getQuickJS();

/** What a QuickJS error says, as plain data. */
function describe(vm, handle) {
  const err = vm.dump(handle);
  if (err && typeof err === 'object') return { name: String(err.name ?? 'Error'), message: String(err.message ?? JSON.stringify(err)) };
  // No memory left even for the error object: QuickJS throws null.
  if (err === null || err === undefined) return { name: 'InternalError', message: 'out of memory' };
  return { name: 'Error', message: String(err) };
}

function runJob(job) {
  const { code, fn, argsJson, timeoutMs, memoryBytes, maxStdout } = job;
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(256 * 1024);
  let timedOut = false;
  const deadline = shouldInterruptAfterDeadline(Date.now() + timeoutMs);
  runtime.setInterruptHandler((rt) => (timedOut = timedOut || deadline(rt)));
  const vm = runtime.newContext();
  let stdout = '';
  let stdoutTruncated = false;
  const handles = [];
  const keep = (h) => (handles.push(h), h);
  try {
    const write = (...parts) => {
      const line = parts
        .map((h) => (vm.typeof(h) === 'string' ? vm.getString(h) : JSON.stringify(vm.dump(h)) ?? String(vm.dump(h))))
        .join(' ');
      if (stdout.length + line.length + 1 > maxStdout) {
        stdout += (line + '\n').slice(0, Math.max(0, maxStdout - stdout.length));
        stdoutTruncated = true;
        throw new Error('stdout limit reached');
      }
      stdout += line + '\n';
    };
    const consoleObj = keep(vm.newObject());
    for (const name of ['log', 'info', 'warn', 'error', 'debug']) {
      const f = vm.newFunction(name, (...parts) => {
        try {
          write(...parts);
        } catch (e) {
          return { error: vm.newError({ name: 'RangeError', message: `stdout is limited to ${maxStdout} characters` }) };
        }
      });
      vm.setProp(consoleObj, name, f);
      f.dispose();
    }
    vm.setProp(vm.global, 'console', consoleObj);
    const argsStr = keep(vm.newString(argsJson));
    vm.setProp(vm.global, '__args_json', argsStr);
    const setup = vm.evalCode('globalThis.args = JSON.parse(globalThis.__args_json); delete globalThis.__args_json;', 'setup.js');
    if (setup.error) {
      const e = describe(vm, setup.error);
      setup.error.dispose();
      return { ok: false, error: { kind: 'error', ...e }, stdout };
    }
    setup.value.dispose();

    let res = vm.evalCode(code, 'tool.js');
    if (!res.error && fn) {
      const target = keep(vm.getProp(vm.global, fn));
      res.value.dispose();
      if (vm.typeof(target) !== 'function') return { ok: false, error: { kind: 'error', name: 'TypeError', message: `the code does not define function "${fn}"` }, stdout };
      const a = keep(vm.getProp(vm.global, 'args'));
      res = vm.callFunction(target, vm.undefined, a);
    }
    if (!res.error) {
      // An async result: run its jobs (the interrupt deadline still applies) and take its value.
      const first = vm.getPromiseState(res.value);
      if (!(first.type === 'fulfilled' && first.notAPromise)) {
        runtime.executePendingJobs();
        const after = vm.getPromiseState(res.value);
        res.value.dispose();
        if (after.type === 'pending') return { ok: false, error: { kind: 'error', name: 'Error', message: 'the result is a promise that never settles' }, stdout };
        res = after.type === 'rejected' ? { error: after.error } : { value: after.value };
      }
    }
    if (res.error) {
      const e = describe(vm, res.error);
      res.error.dispose();
      return { ok: false, error: classify(e, timedOut, stdoutTruncated), stdout };
    }
    const json = keep(vm.getProp(keep(vm.getProp(vm.global, 'JSON')), 'stringify'));
    const str = vm.callFunction(json, vm.undefined, res.value);
    res.value.dispose();
    if (str.error) {
      const e = describe(vm, str.error);
      str.error.dispose();
      return { ok: false, error: { kind: 'error', name: e.name, message: `the result is not JSON: ${e.message}` }, stdout };
    }
    const text = vm.typeof(str.value) === 'string' ? vm.getString(str.value) : 'null';
    str.value.dispose();
    return { ok: true, resultJson: text, stdout };
  } finally {
    for (const h of handles) if (h.alive) h.dispose();
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      // A runtime that ran out of memory may not free cleanly; the pool replaces this worker.
      parentPort.postMessage({ recycle: true });
    }
  }
}

function classify(e, timedOut, stdoutTruncated) {
  if (timedOut || e.message === 'interrupted') return { kind: 'timeout', name: 'TimeoutError', message: 'the time limit was reached' };
  if (/out of memory/i.test(e.message)) return { kind: 'memory', name: 'MemoryError', message: 'the memory limit was reached' };
  if (/stack overflow/i.test(e.message) || e.name === 'InternalError' && /recursion|stack/i.test(e.message)) return { kind: 'recursion', name: 'RangeError', message: 'the stack limit was reached (too deep a recursion)' };
  if (stdoutTruncated) return { kind: 'stdout', name: 'RangeError', message: e.message };
  return { kind: 'error', ...e };
}

parentPort.on('message', (job) => {
  let out;
  try {
    out = runJob(job);
  } catch (err) {
    out = { ok: false, error: { kind: 'error', name: 'SandboxError', message: err instanceof Error ? err.message : String(err) }, stdout: '' };
  }
  parentPort.postMessage({ id: job.id, ...out });
});
parentPort.postMessage({ ready: true });
