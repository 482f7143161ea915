import { OpticEngine, readContract } from './dist/contract/diff/index.js';
try { const r = await new OpticEngine().diff(readContract('openapi.yaml'), readContract('/tmp/d32/new.yaml')); console.log(r.length, r.slice(0,3)); } catch (e) { console.log(e.stack); }
