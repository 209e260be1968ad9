#!/usr/bin/env node
// The `waymark` command: runs the server compiled to JavaScript (build/, compiled first when its
// TypeScript sources changed). WAYMARK_TSX=1 runs the sources through tsx instead, for development.
if (process.env.WAYMARK_TSX === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./cli.ts');
} else {
  process.setSourceMapsEnabled(true);
  const { compileIfNeeded, entry } = await import('./compile.mjs');
  await compileIfNeeded((message) => process.stderr.write(`${message}\n`));
  await import(entry);
}
