#!/usr/bin/env node
/**
 * The `resale-kit` command, compiled to `dist/cli/bin.js` (the package's `bin`): plain
 * JavaScript, no TypeScript loader. `resale-kit --help` lists the commands. A mock in one process
 * serves from a thread with its own heap settings, started from this file (cli/serving-thread.ts);
 * every other command runs here.
 */
import { isServingThread, relayOutput, serveFromThread, servesFromThread } from './serving-thread.js';

const args = process.argv.slice(2);
// Under a TypeScript loader (`tsx cli/bin.ts`), a thread would start without it: the sources serve on the main thread.
const fromSources = import.meta.url.endsWith('.ts');
if (isServingThread()) relayOutput();
// serveFromThread is false when no thread can be started (node's permission model): the command runs here then.
const threaded = !fromSources && servesFromThread(args, process.env) && serveFromThread(new URL(import.meta.url), args);
if (!threaded) await import('./main.js');
