#!/usr/bin/env node
// The `resale-kit` command: registers tsx so the TypeScript sources run as they are, then
// hands over to the CLI (cli/main.ts). `resale-kit --help` lists the commands.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
