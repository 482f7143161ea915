/**
 * `resale-kit verify cert.json [--public-key key.pub] [--har run.har] [--contract openapi.yaml]`:
 * verifies a conformance certificate offline (conformance/certificate/verify.ts) and prints what
 * it found, the verdict and the waived checks. Exit codes (a public interface): 0 valid,
 * 1 invalid (tampered, signed by another key, another contract or suite, another HAR),
 * 2 usage (a file that cannot be read or is not JSON, a signed certificate without --public-key).
 * Every line printed is made terminal-safe: a certificate's text is data.
 */
import { Command, Option } from 'commander';
import { contractFileDigest, loadPublicKey, terminalLines, terminalSafe, UsageError, verifyCertificateText, type VerifyInputs } from '../conformance/index.js';
import { InputFileError, readInputFile, readInputText } from '../contract/input-file.js';
import { HAR_MAX_BYTES } from '../traffic/index.js';
import { byteSize } from './args.js';

/** Certificates larger than this (bytes) are refused unread. */
export const MAX_CERTIFICATE_BYTES = 16 * 1024 * 1024;

/** Exit codes of `resale-kit verify`. */
export const VERIFY_EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

/** Builds the `verify` command. */
export function verifyCommand(): Command {
  return new Command('verify')
    .description('Verify a conformance certificate offline: its signature, that its contract and suite are this installed version, and its HAR; prints the verdict and waived checks. Exit 0 valid, 1 invalid, 2 usage.')
    .argument('<certificate>', 'the certificate file (resale-kit conformance --certificate FILE)')
    .addOption(new Option('--public-key <key.pub>', "the signer's public key (Ed25519 or ECDSA P-256, PEM); required for a signed certificate"))
    .addOption(new Option('--har <run.har>', 'the recording of the run (conformance --record): checked against the digest the certificate holds'))
    .addOption(new Option('--max-har-bytes <size>', 'with --har: largest recording read, e.g. 512M (larger ones, and files that are not regular files, are refused)').default(HAR_MAX_BYTES, '64M').argParser(byteSize('--max-har-bytes')))
    .addOption(new Option('--contract <openapi.yaml>', 'compare with this contract instead of the one of this installed resale-kit'))
    .action(async (file: string, flags: { publicKey?: string; har?: string; maxHarBytes: number; contract?: string }) => {
      // One line per call: a certificate's text cannot start a line of its own (a forged "VALID").
      const print = (text: string): boolean => process.stdout.write(`${terminalSafe(text)}\n`);
      try {
        let text: string;
        try {
          // A certificate is a few hundred KB; a huge file is not one (and is not read whole).
          // Only a regular file of at most MAX_CERTIFICATE_BYTES, read from the descriptor it checked (a link to /dev/zero or a FIFO is refused).
          text = readInputText(file, MAX_CERTIFICATE_BYTES);
        } catch (e) {
          if (e instanceof UsageError) throw e;
          throw new UsageError(`cannot read the certificate ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})${e instanceof InputFileError ? ': not a certificate' : ''}`);
        }
        try {
          JSON.parse(text);
        } catch {
          throw new UsageError(`${file} is not JSON: give a certificate written by resale-kit conformance --certificate`);
        }
        const inputs: VerifyInputs = {};
        if (flags.publicKey) inputs.publicKey = await loadPublicKey(flags.publicKey);
        if (flags.contract) inputs.contract = contractFileDigest(flags.contract);
        if (flags.har) {
          try {
            // Bounded, and a regular file only: /dev/zero or a FIFO is refused, not read without end.
            inputs.har = { path: flags.har, bytes: readInputFile(flags.har, flags.maxHarBytes) };
          } catch (e) {
            if (e instanceof InputFileError) throw new UsageError(`--har: cannot read ${flags.har}: ${e.message}${/larger/.test(e.message) ? ' (raise --max-har-bytes)' : ''}`);
            throw new UsageError(`--har: cannot read ${flags.har} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
          }
        }
        // Strict parse (repeated members make it invalid): conformance/strict-json.ts.
        const result = await verifyCertificateText(text, inputs);
        print(`certificate: ${file}`);
        for (const line of result.lines) print(line);
        if (result.valid) print('VALID');
        else {
          print(`INVALID: ${result.problems.length} problem(s)`);
          for (const p of result.problems) print(`  - ${p}`);
        }
        process.exitCode = result.valid ? VERIFY_EXIT.valid : VERIFY_EXIT.invalid;
      } catch (e) {
        if (e instanceof UsageError) {
          process.stderr.write(terminalLines(`error: ${e.message}\n`));
          process.exit(VERIFY_EXIT.usage);
        }
        throw e;
      }
    });
}
