import { listFigures } from './bench/lists.ts';
await listFigures(console.log, [process.argv[2] as 'postgres' | 'pglite']);
