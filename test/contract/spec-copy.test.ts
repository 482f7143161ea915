/**
 * The description and the production note are kept in `spec/` so that every test that reads them
 * runs on a clean checkout (no skip in CI). Where the originals exist beside the repository
 * (`../shared/`), the copies must equal them byte for byte; elsewhere the copies are the sources.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_PATH, PRODUCTION_NOTE_PATH } from '../helpers/spec.js';

const ORIGINALS: [string, string][] = [
  [DESCRIPTION_PATH, fileURLToPath(new URL('../../../shared/api/resale-market-data-api.md', import.meta.url))],
  [PRODUCTION_NOTE_PATH, fileURLToPath(new URL('../../../shared/notes/production-behaviour.md', import.meta.url))],
];

describe('spec/ holds the sources', () => {
  it.each(ORIGINALS)('%s exists and is the description or the note', (copy) => {
    expect(readFileSync(copy, 'utf8')).toMatch(/^# /);
  });
  it.each(ORIGINALS)('%s equals its original where the original exists', (copy, original) => {
    // On a machine without ../shared (CI's clean checkout), the copy is the source: nothing to compare.
    if (!existsSync(original)) return;
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(original, 'utf8'));
  });
});
