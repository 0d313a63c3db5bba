import fg from 'fast-glob';
import { fillBucket } from '/work/h39/test/helpers/r2-bucket.js';
const site = '/work/sets/M-new';
const files = await fg(['api/public/dataset/**'], { cwd: site, dot: true, onlyFiles: true });
const started = Date.now();
await fillBucket(site, '/tmp/h39-load/state/v3/r2', files);
console.log(`filled ${files.length} listing pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
