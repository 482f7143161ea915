#!/usr/bin/env node
/**
 * The `resale-kit` command, compiled to `dist/cli/bin.js` (the package's `bin`): plain
 * JavaScript, no TypeScript loader. `resale-kit --help` lists the commands.
 */
import './main.js';
