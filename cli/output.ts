/** Where the CLI writes: stdout and stderr, replaceable in tests. */
export interface Output {
  log(line: string): void;
  err(line: string): void;
}

export const consoleOutput: Output = {
  log: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};
