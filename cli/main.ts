/**
 * The `resale-kit` command line: `resale-kit mock` runs the mock server; `resale-kit conformance`
 * judges a server against the contract; `resale-kit verify` verifies a conformance certificate;
 * `resale-kit wait` waits until a server answers; `resale-kit diff` reports breaking changes between two contracts;
 * `resale-kit compat` checks a recording's consumers against a proposed contract.
 * Usage errors exit 2.
 */
import { Command } from 'commander';
import { withoutUserinfo } from '../contract/index.js';
import { TOOL_VERSION } from '../generated/version.js';
import { compatCommand } from './compat-command.js';
import { conformanceCommand } from './conformance-command.js';
import { diffCommand } from './diff-command.js';
import { withEnvironment } from './env.js';
import { mockCommand } from './mock-command.js';
import { proxyCommand } from './proxy-command.js';
import { verifyCommand } from './verify-command.js';
import { waitCommand } from './wait-command.js';

// A reader that stops early (`| head -1`) is not an error: stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

/**
 * A usage error as printed: commander quotes the argument it refused (`argument 'KEY=Gold' is
 * invalid`, `command-argument value 'URL' is invalid`, `value 'KEY' from env 'VAR' is invalid`),
 * which may be a key, a header value or a URL with a password; the argument is left out (each parser's own message says what is wrong without it) and any URL's userinfo removed
 * (docs/threat-model.md, class S "secrets in output").
 */
const usageErrorText = (text: string): string =>
  withoutUserinfo(text.replace(/ argument '(?:[^']|'(?! is invalid))*' is invalid/g, ' argument is invalid').replace(/ value '(?:[^']|'(?! is invalid| from env '))*'( from env '[^']*')? is invalid/g, ' value$1 is invalid'));

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
