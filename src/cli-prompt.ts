// Reading answers for the CLI: a visible line, or a secret typed without echo. When stdin is not
// a terminal (a pipe), lines are read from it in order, so scripts can feed passwords safely.

import { createInterface } from 'node:readline';

let piped: AsyncIterator<string> | undefined;

async function nextPipedLine(): Promise<string> {
  piped ??= createInterface({ input: process.stdin, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const { value, done } = await piped.next();
  if (done) throw new Error('No more input on stdin');
  return value;
}

export async function readLine(question: string): Promise<string> {
  if (!process.stdin.isTTY) return nextPipedLine();
  process.stderr.write(question);
  return nextPipedLine();
}

export async function readSecret(question: string): Promise<string> {
  if (!process.stdin.isTTY) return nextPipedLine();
  process.stderr.write(question);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          done();
          process.stderr.write('\n');
          return resolve(value);
        }
        if (char === '\u0003') {
          done();
          process.stderr.write('\n');
          return reject(new Error('Cancelled'));
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on('data', onData);
  });
}
