import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/workspace.js';

/** Every file the repository holds (tracked or about to be: `git ls-files` with untracked, not ignored). */
function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return output
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(repoRoot, file)))
    .filter((file) => !/\.(png|jpe?g|gif|ico|tgz|gz|zip|wasm|woff2?)$/i.test(file));
}

const files = repositoryFiles();
const texts = new Map(files.map((file) => [file, readFileSync(join(repoRoot, file), 'utf8')]));
const self = relative(repoRoot, new URL(import.meta.url).pathname);

/** The lines of `text` that match `pattern`, as `file:line: text`. */
function findings(pattern: RegExp, skip: (file: string) => boolean = () => false): string[] {
  const found: string[] = [];
  for (const [file, text] of texts) {
    if (file === self || skip(file)) continue;
    text.split('\n').forEach((line, index) => {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

describe('the repository refers to nothing outside it', () => {
  it('reads a real set of files', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/interfaces.md');
    expect(files.length).toBeGreaterThan(100);
  });

  it('names no design file kept elsewhere (DESIGN.md) and no sibling folder (../shared)', () => {
    expect(findings(/DESIGN\.md|\.\.\/shared\b/)).toEqual([]);
  });

  it('holds no absolute path into this machine: not the checkout, nor anything that exists beside it', () => {
    // Example paths in tests and docs (`/work/space`, `/home/me/project`) name nothing real; a path
    // that exists on the machine that wrote it (the checkout, a sibling folder) is a reference.
    // The system temp folder is no sibling worth naming: a checkout cloned there (as CI does) would
    // otherwise count an example path such as `/tmp/x` as real whenever some process made one.
    const machineRoots = [repoRoot, dirname(repoRoot)].filter(
      (root) => root !== sep && realpathSync(root) !== realpathSync(tmpdir()),
    );
    const found: string[] = [];
    for (const [file, text] of texts) {
      if (file === self) continue;
      for (const root of machineRoots) {
        const pattern = new RegExp(`${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[\\w.@+-]+`, 'g');
        for (const match of text.matchAll(pattern)) {
          if (match[0].startsWith(repoRoot) || existsSync(match[0])) found.push(`${file}: ${match[0]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('links in Markdown resolve to files inside the repository', () => {
    const broken: string[] = [];
    for (const [file, text] of texts) {
      if (!file.endsWith('.md')) continue;
      const prose = text.replace(/```[\s\S]*?```/g, '');
      for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1] as string;
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const path = resolve(repoRoot, dirname(file), decodeURIComponent(target.split('#')[0] as string));
        if (!path.startsWith(repoRoot + sep) && path !== repoRoot)
          broken.push(`${file}: ${target} leaves the repository`);
        else if (!existsSync(path)) broken.push(`${file}: ${target} does not exist`);
      }
    }
    expect(broken).toEqual([]);
  });
});
