/**
 * The `resale-kit` command line: `resale-kit mock` runs the mock server. Usage errors exit 2.
 */
import { Command } from 'commander';
import { mockCommand } from './mock-command.js';

/** Usage errors exit 2 (commander's default is 1); --help and --version exit 0. */
const usageExit = (cmd: Command): Command =>
  cmd.showHelpAfterError().exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : 2);
  });

const program = usageExit(new Command('resale-kit').description('Contract-first mock server and conformance kit for the Resale Market Data API'));
program.addCommand(usageExit(mockCommand()));
await program.parseAsync(process.argv);
