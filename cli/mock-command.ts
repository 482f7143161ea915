/**
 * `resale-kit mock` / `npm start`: runs the mock server. Flags map one to one onto
 * {@link MockOptions}; defaults come from mocks/options.ts.
 */
import cluster from 'node:cluster';
import { Command, Option } from 'commander';
import { deprecationHeadersOf, printableUrl } from '../contract/index.js';
import { readContract } from '../contract/diff/index.js';
import { byteSize, collected, wholeNumber, wrapped } from './args.js';
import { distinctOutputs } from './outputs.js';
import { checkReadyFile, removeReadyFile, writeReadyFile } from './ready-file.js';
import { onStopSignals } from './signals.js';
import { SERVING_HEAP_FLAGS } from './serving-thread.js';
import { terminalLines, terminalSafe } from '../conformance/index.js';
import { HAR_MAX_BYTES, loadHar } from '../traffic/index.js';
import { serveClusterLimits } from '../mocks/http/limit-stores.js';
import { cachedWorld, parseWorldCache, snapshotReadable, worldCacheFolder } from './world-cache.js';
import {
  CLI_PORT,
  createMockServer,
  mockDefaults,
  MUTANTS,
  mutantNamed,
  OptionError,
  parseKey,
  parseLatency,
  parseNow,
  parseRateLimit,
  parseRateLimitStore,
  rateLimitStoreOf,
  resolveMockOptions,
  WORLD_CACHE_MIN,
  shownKey,
  type MockOptions,
  type MockServer,
  type Tier,
} from '../mocks/index.js';

/**
 * `--deprecations FILE`: the deprecated operations of a contract copy and the headers the mock
 * sends for them (contract/deprecation.ts). Issue 32.
 * @throws Error when the file cannot be read or is not an OpenAPI 3.x document (a usage error, exit 2).
 */
function deprecationsFrom(file: string): NonNullable<MockOptions['deprecations']> {
  const found = deprecationHeadersOf(readContract(file).document);
  return [...found].map(([operationId, headers]) => ({ operationId, headers }));
}

/** Builds the `mock` command. */
export function mockCommand(): Command {
  const d = mockDefaults();
  return new Command('mock')
    .description('Run the mock server of the Resale Market Data API: all eight operations over one seeded, consistent data world.')
    .addOption(new Option('-p, --port <port>', 'TCP port to listen on (0 picks a free port)').default(CLI_PORT).argParser(wholeNumber('--port')))
    .addOption(new Option('--host <host>', 'interface to listen on').default(d.host))
    .addOption(new Option('-s, --seed <seed>', 'seed of the data world: the same seed, clock and size give byte-identical responses').default(d.seed))
    .addOption(new Option('--now <time>', 'the clock, ISO 8601 UTC (e.g. 2026-01-15T00:00:00Z); sales lie before it').default('start of the current UTC day').argParser(wrapped(parseNow)))
    .addOption(new Option('-n, --products <count>', 'products per marketplace (1 to 2000000)').default(d.products).argParser(wholeNumber('--products')))
    .addOption(new Option('--public-url <url>', 'origin written into $schema and image URLs (default http://HOST:PORT)'))
    .addOption(new Option('--key <key=tier>', 'add an API key with its tier, KEY=TIER with TIER one of Free, Starter, Pro, Enterprise (required); repeatable').argParser(collected(parseKey)))
    .addOption(new Option('--workers <n>', 'processes serving the port (node:cluster); each holds its own copy of the world').default(d.workers).argParser(wholeNumber('--workers')))
    .addOption(new Option('--response-cache <n>', 'finished answers kept for replay (0 turns the cache off)').default(d.responseCache).argParser(wholeNumber('--response-cache')))
    .addOption(new Option('--cors-origin <origin>', 'Access-Control-Allow-Origin of every answer: * or one origin such as http://localhost:5173').default(d.corsOrigin))
    .addOption(new Option('--latency <min..max>', 'extra latency of every API answer in ms, drawn from the seeded sequence, e.g. 50..400').argParser(wrapped(parseLatency)))
    .addOption(
      new Option('--error-rate <share>', 'share of API requests answered with an error from --error-statuses, e.g. 0.05').default(d.errorRate).argParser(
        wrapped((t: string) => {
          if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(t)) throw new OptionError(`--error-rate must be a share from 0 to 1 such as 0.05, got ${JSON.stringify(t)}`);
          return Number(t);
        }),
      ),
    )
    .addOption(new Option('--error-statuses <list>', 'statuses the error rate draws from, comma-separated').default(d.errorStatuses.join(',')).argParser((t: string) => t))
    .addOption(
      new Option('--rate-limit <n/unit>', 'requests per key per window, e.g. 640/min, for the whole server (all --workers); callers without a configured key share one window; over it, 429 with Retry-After').argParser(
        wrapped(parseRateLimit),
      ),
    )
    .addOption(
      new Option(
        '--rate-limit-store <store>',
        'where --rate-limit counts: memory (this process), cluster (the primary, for all --workers; the default with --workers) or redis://HOST:PORT (shared by replicas; if Redis is away each process counts alone until it is back)',
      ).argParser(wrapped(parseRateLimitStore)),
    )
    .addOption(new Option('--mutant <name>', 'run a mutant: the mock with one rule broken, to see what a failing conformance run looks like'))
    .addOption(
      new Option(
        '--deprecations <openapi.yaml>',
        'announce the deprecated operations of this contract copy (deprecated: true, x-deprecated-at, x-sunset, x-successor) with Deprecation, Sunset and Link headers; the mock still serves its built-in contract',
      ).argParser(wrapped(deprecationsFrom)),
    )
    .addOption(new Option('--list-mutants', 'list the mutants with the rule each breaks, and exit'))
    .addOption(new Option('--replay <file.har>', 'serve the answers recorded in a HAR file (resale-kit proxy --record) for recorded requests; others get a 404 problem'))
    .addOption(new Option('--max-har-bytes <size>', 'with --replay: largest recording read, e.g. 512M (larger ones are refused)').default(HAR_MAX_BYTES, '64M').argParser(byteSize('--max-har-bytes')))
    .addOption(new Option('--replay-fallback', 'with --replay: answer unrecorded requests from the seeded world'))
    .addOption(new Option('--ready-file <path>', 'once listening, write the URL to this file (removed at stop): scripts wait for it, or use resale-kit wait URL'))
    .addOption(
      new Option(
        '--world-cache <folder>',
        `where to keep world snapshots between starts, so a large world starts in about a second: auto (the user's cache folder, $XDG_CACHE_HOME/resale-kit or ~/.cache/resale-kit, from ${WORLD_CACHE_MIN} products per marketplace), a folder (at any size) or off; never with --data`,
      )
        .default(d.worldCache)
        .argParser(wrapped(parseWorldCache)),
    )
    .addOption(new Option('--data <file>', 'products you define (YAML or JSON; schema: mocks/data/products-file.schema.json): added to or replacing products of the world, the rest of their fields drawn; checked at start'))
    .action(
      async (flags: {
        port: number;
        host: string;
        seed: string;
        now: number | string;
        products: number;
        publicUrl?: string;
        key?: [string, Tier][];
        mutant?: string;
        deprecations?: MockOptions['deprecations'];
        listMutants?: boolean;
        workers: number;
        responseCache: number;
        corsOrigin: string;
        latency?: { min: number; max: number };
        errorRate: number;
        errorStatuses: string;
        rateLimit?: { count: number; windowMs: number };
        rateLimitStore?: MockOptions['rateLimitStore'];
        replay?: string;
        maxHarBytes: number;
        replayFallback?: boolean;
        data?: string;
        worldCache: string;
        readyFile?: string;
      }) => {
        try {
          // The ready file is written, then removed at stop: never one of the files the mock reads.
          distinctOutputs(
            [['--ready-file', flags.readyFile]],
            [
              ['--data', flags.data],
              ['--deprecations', typeof flags.deprecations === 'string' ? flags.deprecations : undefined],
              ['--replay', flags.replay],
            ],
          );
          checkReadyFile(flags.readyFile);
        } catch (err) {
          process.stderr.write(terminalLines(`error: ${(err as Error).message}\n`));
          process.exit(2);
        }
        if (flags.listMutants) {
          for (const m of MUTANTS) process.stdout.write(`${m.name.padEnd(28)} ${m.description} (caught by ${m.kills.join(', ')})\n`);
          return;
        }
        const options: Partial<MockOptions> = {
          port: flags.port,
          host: flags.host,
          seed: /^\d+$/.test(flags.seed) ? Number(flags.seed) : flags.seed,
          now: typeof flags.now === 'number' ? flags.now : undefined,
          products: flags.products,
          publicUrl: flags.publicUrl,
          keys: { ...d.keys, ...Object.fromEntries(flags.key ?? []) },
          mutant: flags.mutant,
          deprecations: flags.deprecations,
          workers: flags.workers,
          responseCache: flags.responseCache,
          corsOrigin: flags.corsOrigin,
          latency: flags.latency,
          errorRate: flags.errorRate,
          errorStatuses: String(flags.errorStatuses).split(',').filter(Boolean).map(Number),
          rateLimit: flags.rateLimit,
          rateLimitStore: flags.rateLimitStore,
          replayFallback: flags.replayFallback === true,
          data: flags.data,
          worldCache: flags.worldCache,
        };
        if (flags.replay) {
          try {
            const loaded = loadHar(flags.replay, { maxBytes: flags.maxHarBytes });
            if (loaded.skipped > 0) process.stderr.write(terminalLines(`warning: --replay: ${loaded.skipped} entries of ${flags.replay} skipped:\n  ${loaded.warnings.join('\n  ')}\n`));
            options.replay = loaded;
          } catch (err) {
            process.stderr.write(terminalLines(`error: --replay: ${(err as Error).message}\n`));
            process.exit(2);
          }
        }
        await runMock(options, flags.readyFile);
      },
    );
}

async function runMock(options: Partial<MockOptions>, readyFile?: string): Promise<void> {
  if (cluster.isPrimary) {
    // Every option is checked before a world is built or a worker is forked (`--workers 65` used to fork 65 workers to refuse it in each).
    try {
      resolveMockOptions(options);
      // The core looks the mutant up once the world is built: an unknown name is refused before (attacker 9, finding 12).
      mutantNamed(options.mutant);
    } catch (err) {
      if (!(err instanceof OptionError)) throw err;
      process.stderr.write(terminalLines(`error: ${err.message}\n`));
      process.exit(2);
    }
  }
  const workers = options.workers ?? 1;
  if (workers > 1 && cluster.isPrimary) return runPrimary(options, workers, readyFile);
  const quiet = cluster.isWorker;
  // A replacement worker takes the port the first ones got (with --port 0 a new bind would pick another).
  const given = process.env[WORKER_PORT];
  if (quiet && given !== undefined && /^\d+$/.test(given)) options = { ...options, port: Number(given) };
  const started = performance.now();
  if (!quiet) process.stderr.write(`Building the data world (${options.products} products per marketplace)... `);
  let mock: MockServer;
  let kept = '';
  try {
    const cached = worldFromCache(options, (line) => void process.stderr.write(terminalLines(`\nwarning: ${line}\n`)));
    if (cached) {
      options = { ...options, world: cached.world };
      kept = cached.how === 'restored' ? ' (restored from the world cache)' : cached.kept ? ` (its snapshot is kept in ${cached.file} for the next start)` : '';
      // Workers say it too: a snapshot the primary wrote that a worker cannot use is worth a line.
      if (cached.warning !== undefined) process.stderr.write(terminalLines(`\nwarning: ${cached.warning}\n`));
    }
    mock = createMockServer(options);
  } catch (err) {
    if (!quiet) process.stderr.write('failed\n');
    if (err instanceof OptionError) {
      // A data file's member names and values are the user's text: never written raw to the terminal.
      process.stderr.write(terminalLines(`error: ${err.message}\n`));
      process.exit(2);
    }
    throw err;
  }
  if (!quiet) process.stderr.write(terminalLines(`done in ${Math.round(performance.now() - started)} ms${kept}\n`));
  let listening: Awaited<ReturnType<MockServer['listen']>>;
  try {
    listening = await mock.listen();
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const hint = e.code === 'EADDRINUSE' ? ' (the port is in use: pick another with --port, or stop the other server)' : '';
    process.stderr.write(terminalLines(`error: cannot listen on ${mock.core.options.host}:${mock.core.options.port}: ${e.message}${hint}\n`));
    process.exit(2);
  }
  const { server, url } = listening;
  const stop = (): void => {
    if (!quiet) removeReadyFile(readyFile);
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  // Stoppable before it says it is ready: a signal sent on the banner or the ready file stops it cleanly (attacker 9, finding 5).
  onStopSignals(stop, 'once');
  if (quiet) process.send?.({ type: 'listening', url, banner: banner(mock, url, workers) });
  else {
    process.stdout.write(banner(mock, url, 1));
    if (readyFile !== undefined) ready(readyFile, url);
  }
}

/**
 * The world of these options from `--world-cache` (cli/world-cache.ts), or undefined when no cache
 * applies (`off`, a data file, a small world under `auto`).
 * @throws OptionError for options the mock refuses (as `createMockServer` would).
 */
function worldFromCache(options: Partial<MockOptions>, note: (line: string) => void): ReturnType<typeof cachedWorld> | undefined {
  const o = resolveMockOptions(options);
  if (o.data !== undefined) {
    if (o.worldCache !== 'auto' && o.worldCache !== 'off') note('--world-cache is not used with --data: a world with products you define is drawn at every start');
    return undefined;
  }
  const folder = worldCacheFolder(o.worldCache, o.products);
  if (folder === undefined) {
    if (o.worldCache === 'auto' && o.products >= WORLD_CACHE_MIN) note('no world snapshot is kept: neither XDG_CACHE_HOME nor HOME is an absolute path (name a folder with --world-cache DIR, or say off)');
    return undefined;
  }
  // A cluster worker restores what the primary wrote; it never writes (the primary does, once).
  return cachedWorld({ seed: o.seed, now: o.now, products: o.products, publicUrl: o.publicUrl }, folder, !cluster.isWorker);
}

/** Writes the ready file, or stops with exit 2 when it cannot be written. */
function ready(path: string, url: string): void {
  try {
    writeReadyFile(path, url);
  } catch (err) {
    process.stderr.write(terminalLines(`error: ${(err as Error).message}\n`));
    process.exit(2);
  }
}

/**
 * The start-up message: URL, keys, an example curl, and what the mock serves besides its world
 * (a recording, a data file, a mutant). README and docs/mock.md show it (test/docs/samples.test.ts).
 * @param url the URL it listens on; `workers` the processes serving it.
 */
export function banner(mock: MockServer, url: string, workers: number): string {
  const o = mock.core.options;
  const keys = Object.entries(o.keys)
    .map(([k, t]) => `${shownKey(k)} (${t})`)
    .join(', ');
  const example = mock.core.world.a.slugOf(mock.core.world.searchA(undefined)[0] ?? 0);
  return [
    `resale-kit mock listening on ${url}${/^(0\.0\.0\.0|::|\[::\])$/.test(o.host) ? ` (and every interface: --host ${o.host})` : ''}${workers > 1 ? ` (${workers} workers)` : ''}`,
    ...(o.rateLimit ? [`  rate limit ${o.rateLimit.count} per ${o.rateLimit.windowMs / 1000} s per key, counted in ${printableUrl(rateLimitStoreOf(o))}`] : []),
    `  seed ${terminalSafe(JSON.stringify(o.seed))}, clock ${new Date(o.now).toISOString()}, ${o.products} products per marketplace`,
    `  API keys: ${keys}`,
    // Replaying without the fallback, every unrecorded request is a 404: no URL of the seeded world is offered (newcomer 2, finding 8).
    ...(o.replay && !o.replayFallback
      ? []
      : [
          `  try: curl -g -H 'Authorization: Bearer demo-premium' '${url}/v3/market_a/products/${example}?display[variants]=true'`,
          `  index of operations and schemas: ${url}/`,
          `  edge cases and edge answers (Prefer: example=<name>): ${url}/fixtures`,
        ]),
    ...(o.replay
      ? [
          `  replaying ${terminalSafe(JSON.stringify(o.replay.source))}: recorded requests get their recorded answers, others ${o.replayFallback ? 'an answer from the seeded world' : 'a 404 problem (not-recorded): add --replay-fallback to answer them from the seeded world'}`,
        ]
      : []),
    ...(o.data ? [`  products defined in ${terminalSafe(typeof o.data === 'string' ? o.data : o.data.name)}: ${mock.core.world.definedCount} (search, look up and sell like the others)`] : []),
    ...(o.mutant ? [`  MUTANT ${o.mutant}: ${MUTANTS.find((m) => m.name === o.mutant)?.description ?? ''} (this mock breaks the contract on purpose)`] : []),
    '',
  ].join('\n');
}

/** The environment variable that gives a replacement worker the port the first workers listen on. */
const WORKER_PORT = 'RESALE_KIT_WORKER_PORT';

/** Workers replaced in one minute before the primary gives up (a crash loop). */
const MAX_RESTARTS = 10;

/** node:cluster primary: forks the workers (they share the port), prints the banner once all listen, replaces a worker that ends. */
async function runPrimary(options: Partial<MockOptions>, workers: number, readyFile?: string): Promise<void> {
  const started = performance.now();
  // With a world cache, the primary builds a missing snapshot once, so that the workers restore it instead of each building the world.
  let how = 'building the data world';
  try {
    const o = resolveMockOptions(options);
    const folder = o.data === undefined ? worldCacheFolder(o.worldCache, o.products) : undefined;
    if (folder !== undefined) {
      how = 'restoring the data world from the world cache';
      const worldOptions = { seed: o.seed, now: o.now, products: o.products, publicUrl: o.publicUrl };
      if (!snapshotReadable(worldOptions, folder)) {
        process.stderr.write(`Building the data world (${options.products} products per marketplace) and its snapshot for the workers... `);
        const cached = cachedWorld(worldOptions, folder);
        process.stderr.write(`done in ${Math.round(performance.now() - started)} ms\n`);
        if (cached.warning !== undefined) process.stderr.write(terminalLines(`warning: ${cached.warning}\n`));
        if (!cached.kept) how = 'building the data world';
      }
    }
  } catch (err) {
    if (!(err instanceof OptionError)) throw err;
    // The workers report it.
  }
  process.stderr.write(`Starting ${workers} workers, each ${how} (${options.products} products per marketplace)... `);
  if (options.rateLimit && rateLimitStoreOf({ rateLimitStore: options.rateLimitStore, workers }) === 'cluster') await serveClusterLimits();
  let listening = 0;
  let stopping = false;
  let port: string | undefined;
  const fork = (): void => {
    const worker = cluster.fork(port === undefined ? {} : { [WORKER_PORT]: port });
    worker.on('message', (msg: { type?: string; banner?: string; url?: string }) => {
      if (msg.type !== 'listening') return;
      if (port === undefined && msg.url) port = /:(\d+)$/.exec(msg.url)?.[1];
      if (listening >= workers) return;
      listening++;
      if (listening === workers) {
        process.stderr.write(`done in ${Math.round(performance.now() - started)} ms\n`);
        process.stdout.write(msg.banner ?? '');
        if (readyFile !== undefined && msg.url) ready(readyFile, msg.url);
      }
    });
  };
  // Each worker's heap is made for serving at its start (cli/serving-thread.ts).
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...SERVING_HEAP_FLAGS] });
  for (let i = 0; i < workers; i++) fork();
  // A worker that ends once all listen (a crash, kill -9, out of memory) is replaced: the other
  // workers keep the port answering meanwhile. A crash loop (more than MAX_RESTARTS in a minute)
  // stops the server with exit 1 rather than spinning. Before all listen, an ending worker (an
  // option it refused, a port in use) stops the server with its exit code.
  const restarts: number[] = [];
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (listening < workers) {
      process.stderr.write(`error: worker ${worker.process.pid} ended with ${how} before it could serve\n`);
      for (const w of Object.values(cluster.workers ?? {})) w?.kill();
      process.exit(code === 2 ? 2 : 1);
    }
    const now = Date.now();
    while (restarts.length > 0 && now - (restarts[0] as number) > 60_000) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      process.stderr.write(`error: worker ${worker.process.pid} ended with ${how}; ${MAX_RESTARTS} workers were replaced in the last minute, so the server stops (a crash loop)\n`);
      for (const w of Object.values(cluster.workers ?? {})) w?.kill();
      process.exit(1);
    }
    restarts.push(now);
    process.stderr.write(`warning: worker ${worker.process.pid} ended with ${how}; starting a new one (the other workers keep serving)\n`);
    fork();
  });
  const stop = (): void => {
    stopping = true;
    removeReadyFile(readyFile);
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 200);
  };
  onStopSignals(stop, 'once');
}
