/** Where the tests read the API description and the production note (copies in spec/, see spec/README.md). */
import { fileURLToPath } from 'node:url';

/** The API description (the authority). */
export const DESCRIPTION_PATH = fileURLToPath(new URL('../../spec/resale-market-data-api.md', import.meta.url));
/** The production behaviour note. */
export const PRODUCTION_NOTE_PATH = fileURLToPath(new URL('../../spec/production-behaviour.md', import.meta.url));
