/**
 * The `resale-kit` command line: `resale-kit mock` runs the mock server. Usage errors exit 2.
 */
import { Command } from 'commander';
import { mockCommand } from './mock-command.js';

const program = new Command('resale-kit')
  .description('Contract-first mock server and conformance kit for the Resale Market Data API')
  .showHelpAfterError()
  .exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : 2);
  });
program.addCommand(mockCommand());
await program.parseAsync(process.argv);
