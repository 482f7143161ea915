/**
 * Consumer projects for the package tests: the packed tarball (`npm pack`, as users get it)
 * extracted into `<tmp>/node_modules/resale-kit`, next to links to the dependencies it
 * declares and the tools a consumer uses, all from this checkout's node_modules. Offline and
 * repeatable: nothing is fetched. Projects live under the system temp directory, so nothing
 * of this repository is on their resolution path but what is linked: a dependency the package
 * forgot to declare fails to resolve, as it would for a user.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (with a trailing slash). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };

/** Packs the package once (dist/ is built by the test set-up) and returns the tarball's path. */
export function pack(): string {
  const out = mkdtempSync(join(tmpdir(), 'resale-kit-pack-'));
  const json = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [info] = JSON.parse(json) as { filename: string }[];
  return join(out, info?.filename ?? `${pkg.name}-${pkg.version}.tgz`);
}

/** What a consumer project has besides the package and its declared dependencies. */
export interface ConsumerOptions {
  /** `module` or `commonjs` (package.json `type`). */
  type?: 'module' | 'commonjs';
  /** Which msw the project has: the 2.x of this checkout, the 3.x (`msw3` alias), or none. */
  msw?: 'msw' | 'msw3' | false;
  /** Tools and other packages to link from this checkout's node_modules. */
  link?: string[];
  /** Files to write: path relative to the project, and text. */
  files?: Record<string, string>;
}

const link = (dir: string, name: string, source = name): void => {
  const target = join(dir, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', source), target, 'dir');
};

/** Creates a consumer project of the packed tarball; returns its directory. */
export function consumer(tarball: string, name: string, o: ConsumerOptions = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `resale-kit-consumer-${name}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, type: o.type ?? 'module' }, null, 2));
  const target = join(dir, 'node_modules', 'resale-kit');
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  for (const dep of Object.keys(pkg.dependencies)) link(dir, dep);
  if (o.msw !== false) link(dir, 'msw', o.msw ?? 'msw');
  for (const tool of o.link ?? []) link(dir, tool);
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync('../resale-kit/dist/cli/bin.js', join(dir, 'node_modules', '.bin', 'resale-kit'));
  chmodSync(join(target, 'dist', 'cli', 'bin.js'), 0o755);
  for (const [path, text] of Object.entries(o.files ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
