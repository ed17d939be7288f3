import { parseCommand, USAGE, UsageError } from './args.js';
import { runCommand } from './commands/run.js';

/** Run the CLI; resolves with the exit code once the servers stop (on SIGINT/SIGTERM). */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let cmd: ReturnType<typeof parseCommand>;
  try {
    cmd = parseCommand(argv, env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`stowage: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (cmd.command === 'help') {
    console.log(USAGE);
    return 0;
  }
  let running: Awaited<ReturnType<typeof runCommand>>;
  try {
    running = await runCommand(cmd, env, (line) => console.log(line));
  } catch (err) {
    console.error(`stowage: ${(err as Error).message}`);
    return 1;
  }
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await running.close();
  return 0;
}
