// "The commit before": another revision checked out into a temporary git worktree (its
// node_modules a symlink to this one's, or its own when its package-lock.json differs), so a bench can run its server beside this one's,
// interleaved (A B A B) on the same machine in the same hour.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

export interface Code {
  /** "before" (the other revision) or "after" (this tree). */
  label: 'before' | 'after';
  /** The tree's root: the server is started from here. */
  dir: string;
  /** The revision, short. */
  rev: string;
}

const git = (args: string[], cwd = process.cwd()) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** This tree, and (when `rev` is given) that revision in a temporary worktree; `remove` takes the worktree away. */
export function codesToCompare(rev: string | undefined): { codes: Code[]; remove: () => void } {
  const here = process.cwd();
  const head =
    git(['rev-parse', '--short', 'HEAD']) + (git(['status', '--porcelain', '--untracked-files=no']) ? '+' : '');
  const after: Code = { label: 'after', dir: here, rev: head };
  if (!rev) return { codes: [after], remove: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-before-'));
  git(['worktree', 'add', '--detach', dir, rev]);
  const remove = () => {
    // a symlink is removed, not followed; an installation of its own goes with the worktree
    const modules = path.join(dir, 'node_modules');
    const linked = fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    fs.rmSync(modules, { force: true, recursive: !linked });
    git(['worktree', 'remove', '--force', dir]);
  };
  try {
    // a revision with other dependencies (a package added or removed) gets its own installation
    const lock = (root: string) => fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    if (lock(dir) === lock(here)) fs.symlinkSync(path.join(here, 'node_modules'), path.join(dir, 'node_modules'));
    else {
      console.log(`${rev}'s package-lock.json differs from this tree's: npm ci in its worktree`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    const before: Code = { label: 'before', dir, rev: git(['rev-parse', '--short', 'HEAD'], dir) };
    // each tree's server compiled now, not while a round's clock runs
    for (const code of [before, after])
      execFileSync(process.execPath, ['server/compile.mjs'], { cwd: code.dir, stdio: 'inherit' });
    return { codes: [before, after], remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** The databases a bench runs on: `BENCH_KINDS` (comma-separated, e.g. `postgres`), else `defaults`. */
export const kindsToRun = <K extends string>(defaults: readonly K[]): readonly K[] =>
  (process.env.BENCH_KINDS?.split(',') as K[] | undefined) ?? defaults;
