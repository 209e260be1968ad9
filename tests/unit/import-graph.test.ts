import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of the tree, as madge reads it (TypeScript, tsconfig.json, type imports
 * included), folded into its top-level folders: no two folders may import each other, directly or
 * round a longer loop. The layers (docs/decisions.md, "Import boundaries" and "core/ below
 * resources/"): core, then resources and brands, then server on one side and providers, src and
 * custom-pages on the other. A lazy import() is not an edge: the shell reaches its feature pages so
 * (eslint.config.js), a route table, not a layer.
 */
const FOLDERS = ['core', 'resources', 'brands', 'server', 'src', 'providers', 'custom-pages'];
const root = process.cwd();

type Edges = Map<string, Map<string, string[]>>;

/** Folder → folder, with the file imports behind each edge. */
async function folderEdges(): Promise<Edges> {
  const graph = await madge(FOLDERS, {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, 'tsconfig.json'),
    detectiveOptions: {
      ts: { skipTypeImports: false, skipAsyncImports: true },
      tsx: { skipTypeImports: false, skipAsyncImports: true },
    },
  });
  const edges: Edges = new Map();
  const folderOf = (file: string) => file.split('/')[0]!;
  for (const [file, imports] of Object.entries(graph.obj())) {
    for (const imported of imports) {
      const [from, to] = [folderOf(file), folderOf(imported)];
      if (from === to || !FOLDERS.includes(to)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const targets = edges.get(from)!;
      targets.set(to, [...(targets.get(to) ?? []), `${file} → ${imported}`]);
    }
  }
  return edges;
}

/** Every loop of folders (each once, from its first folder in FOLDERS' order), as its folders in order. */
function folderLoops(edges: Edges): string[][] {
  const loops: string[][] = [];
  const walk = (start: string, pathSoFar: string[]) => {
    for (const next of edges.get(pathSoFar.at(-1)!)?.keys() ?? []) {
      if (next === start) loops.push([...pathSoFar, start]);
      else if (!pathSoFar.includes(next) && FOLDERS.indexOf(next) > FOLDERS.indexOf(start))
        walk(start, [...pathSoFar, next]);
    }
  };
  for (const start of FOLDERS) walk(start, [start]);
  return loops;
}

/** A loop with the file imports behind each of its edges (a few of each). */
function describeLoop(loop: string[], edges: Edges): string {
  const steps = loop.slice(0, -1).map((from, i) => {
    const behind = edges.get(from)!.get(loop[i + 1]!)!;
    const shown = behind.slice(0, 5).map((edge) => `    ${edge}`);
    if (behind.length > 5) shown.push(`    … and ${behind.length - 5} more`);
    return [`  ${from}/ → ${loop[i + 1]}/ (${behind.length} imports)`, ...shown].join('\n');
  });
  return [`${loop.join(' → ')}:`, ...steps].join('\n');
}

describe('the import graph', () => {
  it('has no loop between top-level folders', { timeout: 180_000 }, async () => {
    const edges = await folderEdges();
    // the graph was read: the server and the console both stand on the shared folders
    expect([...(edges.get('server')?.keys() ?? [])]).toEqual(expect.arrayContaining(['core', 'resources']));
    expect([...(edges.get('src')?.keys() ?? [])]).toEqual(expect.arrayContaining(['core', 'resources', 'providers']));
    const loops = folderLoops(edges);
    expect(loops.map((loop) => describeLoop(loop, edges)).join('\n\n')).toBe('');
  });

  it('finds a loop when there is one, and names the imports behind it', () => {
    const edges: Edges = new Map([
      ['core', new Map([['resources', ['core/a.ts → resources/b.ts']]])],
      ['resources', new Map([['core', ['resources/b.ts → core/c.ts']]])],
      ['server', new Map([['core', ['server/d.ts → core/c.ts']]])],
    ]);
    const loops = folderLoops(edges);
    expect(loops).toEqual([['core', 'resources', 'core']]);
    expect(describeLoop(loops[0]!, edges)).toContain('core/a.ts → resources/b.ts');
  });
});
