import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';

/**
 * The fenced code blocks of language `lang` (` ```ts `, ` ```sh `) in a Markdown file, in order,
 * without their fences. Throws naming the file and the language when it has none, so a README
 * that lost its example fails the test that runs it instead of passing with nothing to run.
 */
export function readmeBlocks(readmePath: string, lang: string): string[] {
  const blocks = readFileSync(readmePath, 'utf8')
    .split(`\`\`\`${lang}\n`)
    .slice(1)
    .map((rest) => rest.split('```')[0] ?? '');
  if (blocks.length === 0) throw new Error(`${readmePath} has no \`\`\`${lang} block`);
  return blocks;
}

/** What an example printed: one entry per `console.log` call, holding that call's arguments. */
export type PrintedLines = unknown[][];

/** Options of {@link runReadmeExample}. */
export interface ReadmeExampleOptions {
  /**
   * The package folder the example runs in: the example is written below it (in its git-ignored
   * `.tmp/`), so its imports resolve as they do for that package.
   */
  readonly packageDir: string;
  /** The Markdown file; default `<packageDir>/README.md`. */
  readonly readme?: string;
  /** Which ` ```ts ` block, counted from 0; default the first. */
  readonly block?: number;
  /**
   * Rewrites the code before it runs, e.g. to print what a bare expression of the example
   * returns. The example must still be recognisable: rewrite lines, do not replace them.
   */
  readonly transform?: (code: string) => string;
}

let runs = 0;

/**
 * Runs a README's TypeScript example as written, in this test's process, and returns what it
 * printed with `console.log` (nothing reaches the terminal). The example is imported as a module,
 * so top-level `await` works and a throw fails the test with the example's own error.
 */
export async function runReadmeExample(options: ReadmeExampleOptions): Promise<PrintedLines> {
  const readme = options.readme ?? join(options.packageDir, 'README.md');
  const index = options.block ?? 0;
  const code = readmeBlocks(readme, 'ts')[index];
  if (code === undefined) throw new Error(`${readme} has no \`\`\`ts block number ${index}`);
  runs += 1;
  const scratch = join(options.packageDir, '.tmp', `readme-${process.pid}-${runs}`);
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, 'readme-example.ts');
  writeFileSync(file, options.transform === undefined ? code : options.transform(code));
  const printed: PrintedLines = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
    printed.push(values);
  });
  try {
    await import(file);
  } finally {
    log.mockRestore();
    rmSync(scratch, { recursive: true, force: true });
  }
  return printed;
}
