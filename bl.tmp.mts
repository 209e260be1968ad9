import { listFigures } from './bench/lists.ts';
await listFigures(console.log, ['postgres']);
process.exit(0);
