/**
 * The `resale-kit` command line: `resale-kit mock` runs the mock server; `resale-kit conformance`
 * judges a server against the contract; `resale-kit verify` verifies a conformance certificate;
 * `resale-kit wait` waits until a server answers; `resale-kit diff` reports breaking changes between two contracts;
 * `resale-kit compat` checks a recording's consumers against a proposed contract.
 * Usage errors exit 2.
 */
import { Command } from 'commander';
import { TOOL_VERSION } from '../generated/version.js';
import { compatCommand } from './compat-command.js';
import { conformanceCommand } from './conformance-command.js';
import { diffCommand } from './diff-command.js';
import { withEnvironment } from './env.js';
import { mockCommand } from './mock-command.js';
import { exitOnOutputErrors } from './output-errors.js';
import { proxyCommand } from './proxy-command.js';
import { usageErrorText } from './usage-text.js';
import { verifyCommand } from './verify-command.js';
import { waitCommand } from './wait-command.js';

exitOnOutputErrors();

/** Usage errors exit 2 (commander's default is 1); --help and --version exit 0; errors printed by {@link usageErrorText}. */
const usageExit = (cmd: Command): Command =>
  cmd
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(usageErrorText(text)) })
    .exitOverride((err) => {
      process.exit(err.exitCode === 0 ? 0 : 2);
    });

const program = usageExit(new Command('resale-kit').version(TOOL_VERSION).description('Contract-first mock server and conformance kit for the Resale Market Data API'));
program.addCommand(usageExit(withEnvironment(mockCommand())));
program.addCommand(usageExit(withEnvironment(conformanceCommand())));
program.addCommand(usageExit(withEnvironment(proxyCommand())));
program.addCommand(usageExit(withEnvironment(verifyCommand())));
program.addCommand(usageExit(withEnvironment(waitCommand())));
program.addCommand(usageExit(withEnvironment(diffCommand())));
program.addCommand(usageExit(withEnvironment(compatCommand())));
await program.parseAsync(process.argv);
