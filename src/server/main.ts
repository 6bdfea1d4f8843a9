import { setFlagsFromString } from 'node:v8';

// Start-up builds what lives as long as the process (routes, schemas, prepared statements), so each
// scavenge then finds most of the young generation alive, and V8 answers by growing its semi-spaces to
// their 16 MB maximum and keeping them: 14 MB of an idle server's memory for nothing. Growth is
// held while the server starts and handed back to V8 (its default factor, 2) once it listens, so the
// young generation then sizes itself to the requests it serves. Measured in docs/performance.md.
setFlagsFromString('--semi-space-growth-factor=1');
await import('./serve.ts');
setFlagsFromString('--semi-space-growth-factor=2');
