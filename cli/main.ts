/**
 * The switchyard CLI (bin/switchyard.mjs runs this through tsx). Works on files without a server
 * (validate, run, test) and against a server by URL and API key (push, pull, cassette).
 */
import { parseArgs } from 'node:util';
import { cassetteCommand } from './cassette';
import { consoleOutput, type Output } from './output';
import { expandFiles } from './files';
import { pullCommand, pushCommand } from './remote';
import { runCommand } from './run';
import { testCommand } from './test';
import { validateFiles } from './validate';

export const USAGE = `Usage: switchyard <command> [options]

  validate FILES…                 check graph (and *.test.yaml) files; problems as file:line:col; exit 1 if any is invalid
  run FILE [--input TEXT]         run a graph here with the OpenAI client (OPENAI_API_KEY / OPENAI_BASE_URL),
      [--inputs JSON] [--base-url URL] [--api-key KEY] [--connection NAME=URL]…
                                  printing the trace; exit 0 succeeded, 1 failed, 3 paused
  test [GLOB…] [--junit FILE]     run graph tests (default **/*.test.yaml); exit 1 if any fails
  push FILES… --server URL [--key KEY]      import graph files into a server (a new version if the name exists)
  pull NAME --server URL [--key KEY] [--out FILE]   a server's graph as YAML (stdout or --out)
  cassette RUN_ID --server URL [--api-key KEY] [-o FILE]   a run's recorded model and tool calls as a
                                  cassette file for graph tests (cassette: FILE); stdout or -o
  (--key and --api-key are the same for push, pull and cassette; default env SWITCHYARD_API_KEY)
`;

export async function main(argv: readonly string[], out: Output = consoleOutput): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const { values, positionals } = parseArgs({
      args: [...rest],
      allowPositionals: true,
      options: {
        input: { type: 'string', short: 'i' },
        inputs: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        connection: { type: 'string', multiple: true },
        junit: { type: 'string' },
        server: { type: 'string' },
        key: { type: 'string' },
        out: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help || !command || command === 'help' || command === '--help' || command === '-h') {
      out.log(USAGE);
      return command && command !== 'help' && command !== '--help' && command !== '-h' && !values.help ? 2 : 0;
    }
    const remote = { server: values.server, key: values.key ?? values['api-key'], out: values.out };
    switch (command) {
      case 'validate':
        return validateFiles(expandFiles(positionals), out);
      case 'run':
        return await runCommand(positionals[0], { input: values.input, inputs: values.inputs, baseUrl: values['base-url'], apiKey: values['api-key'], connections: values.connection }, out);
      case 'test':
        return await testCommand(positionals, { junit: values.junit }, out);
      case 'push':
        return await pushCommand(expandFiles(positionals), remote, out);
      case 'pull':
        return await pullCommand(positionals[0], remote, out);
      case 'cassette':
        return await cassetteCommand(positionals[0], remote, out);
      default:
        out.err(`switchyard: unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (err) {
    out.err(`switchyard ${command}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
}
