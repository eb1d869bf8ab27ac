import { CliError } from './admins';

export interface PromptIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WritableStream;
}

/** Reads one line from a TTY in raw mode without echoing it. Ctrl-C or Ctrl-D aborts. */
export function promptHidden(question: string, { stdin, stdout }: PromptIo): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new CliError('Cancelled.'));
        if (char === '\u007f' || char === '\b') answer = [...answer].slice(0, -1).join('');
        else if (char >= ' ') answer += char;
      }
    };
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/**
 * The new admin's password: ADMIN_PASSWORD when set (for scripts), else asked
 * twice on the terminal without echo. Without either there is no safe way to
 * get it (never as a command-line argument, which other users can see).
 */
export async function readAdminPassword(env: NodeJS.ProcessEnv, io: PromptIo): Promise<string> {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  if (!io.stdin.isTTY) throw new CliError('Set ADMIN_PASSWORD or run the command in a terminal to type the password.');
  const password = await promptHidden('Password (8-128 characters): ', io);
  if ((await promptHidden('Repeat the password: ', io)) !== password) throw new CliError('The passwords do not match.');
  return password;
}
