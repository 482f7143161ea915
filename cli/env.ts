/**
 * Options from the environment: every option of a command that takes a value can also be set
 * by an environment variable `RESALE_KIT_<COMMAND>_<OPTION>` (upper case, dashes as
 * underscores), e.g. `RESALE_KIT_MOCK_PORT=4010`, `RESALE_KIT_MOCK_RATE_LIMIT_STORE=redis://redis:6379`,
 * `RESALE_KIT_CONFORMANCE_BASE_URL`, `RESALE_KIT_PROXY_UPSTREAM`. A flag on the command line
 * wins over the variable, the variable over the default (commander's `Option.env`); the
 * defaults stay where they are defined (mocks/options.ts, conformance/options.ts). Options
 * that already name a variable keep it (`RESALE_KIT_API_KEY`, `RESALE_KIT_FREE_KEY`).
 * `--help` lists each option's variable. The container image sets `RESALE_KIT_MOCK_HOST` and
 * `RESALE_KIT_PROXY_HOST` to `0.0.0.0` this way. An empty variable counts as unset.
 */
import type { Command } from 'commander';

/** The environment variable of an option of a command: `RESALE_KIT_MOCK_RATE_LIMIT` for `mock --rate-limit`. */
export const envNameOf = (command: string, long: string): string => `RESALE_KIT_${command}_${long.replace(/^--/, '')}`.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/**
 * Gives every value-taking option of `command` (not `--help`, `--version` or plain switches) its
 * environment variable, unless it has one.
 * @returns the same command.
 */
export function withEnvironment(command: Command): Command {
  for (const option of command.options) {
    if (option.envVar !== undefined || option.long === undefined || !(option.required || option.optional)) continue;
    const name = envNameOf(command.name(), option.long);
    option.env(name);
    // commander listens for an option's variable only when it is set before addOption: listen here as it would.
    command.on(`optionEnv:${option.name()}`, (text: string) => {
      // An empty variable (`RESALE_KIT_MOCK_PORT=`, a blank line of a compose file) counts as unset.
      if (text === '') return;
      const key = option.attributeName();
      let value: unknown = text;
      if (option.parseArg) {
        try {
          value = option.parseArg(text, command.getOptionValueSource(key) === 'default' ? undefined : command.getOptionValue(key));
        } catch (err) {
          command.error(`error: option '${option.flags}' value from env '${name}' is invalid. ${(err as Error).message}`, { exitCode: 2, code: 'commander.invalidArgument' });
        }
      }
      command.setOptionValueWithSource(key, value, 'env');
    });
  }
  return command;
}
