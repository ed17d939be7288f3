export { type Command, parseCommand, USAGE, UsageError } from './args.js';
export { runCommand } from './commands/run.js';
export { main } from './main.js';
