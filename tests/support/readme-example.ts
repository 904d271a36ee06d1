import { builtinModules } from 'node:module';

/** What a package README tells a user to install, type and run for its example. */
export interface ReadmeExample {
  /** Every package of every `npm install` line of its `sh` blocks, dev ones included. */
  readonly installs: readonly string[];
  /** The first `ts` block of its `## Example` section: the example a user saves and runs. */
  readonly source: string;
  /** The file name the README tells the user to save it as (`Save as \`example.mts\``). */
  readonly fileName: string;
  /** The `npx tsc …` line the README gives for type-checking it, split on spaces. */
  readonly typeCheck: readonly string[] | undefined;
}

/** The fenced blocks of a Markdown text, with their language tag. */
function fencedBlocks(markdown: string): Array<{ language: string; body: string; start: number }> {
  const blocks: Array<{ language: string; body: string; start: number }> = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown)) {
    blocks.push({ language: match[1] ?? '', body: match[2] ?? '', start: match.index });
  }
  return blocks;
}

/** Reads the example a README gives; throws naming what the README lacks. */
export function readReadmeExample(markdown: string, readme: string): ReadmeExample {
  const blocks = fencedBlocks(markdown);
  const installs = blocks
    .filter((block) => block.language === 'sh')
    .flatMap((block) => block.body.split('\n'))
    .filter((line) => /^npm (install|i) /.test(line))
    .flatMap((line) => line.replace(/#.*$/, '').trim().split(/\s+/).slice(2))
    .filter((word) => !word.startsWith('-'));
  const section = markdown.indexOf('\n## Example');
  if (section === -1) throw new Error(`${readme} has no "## Example" section.`);
  const example = blocks.find((block) => block.language === 'ts' && block.start > section);
  if (example === undefined) throw new Error(`${readme}'s "## Example" section has no ts block.`);
  const prose = markdown.slice(section, example.start);
  const fileName = /Save as\s+`([\w.-]+)`/.exec(prose)?.[1];
  if (fileName === undefined) throw new Error(`${readme} does not say what to save its example as.`);
  const typeCheck = /^npx (tsc .+)$/m.exec(markdown)?.[1]?.trim().split(/\s+/);
  return { installs, source: example.body, fileName, typeCheck };
}

/** The package a bare import specifier names (`ai/test` -> `ai`, `@a/b/c` -> `@a/b`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The packages a source imports, Node's built-ins left out. */
export function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(/^\s*import\s[^;]*?from\s+'([^']+)'/gm)].map(
    (match) => match[1] ?? '',
  );
  return [
    ...new Set(
      specifiers
        .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
        .map(packageOf),
    ),
  ].sort();
}

/**
 * The `// -> …` comments of an example: what it says each `console.log` prints. A trailing
 * `...` (or `...` inside) stands for output left out, so each part around it is expected in turn.
 */
export function expectedOutputs(source: string): string[][] {
  return [...source.matchAll(/\/\/ -> (.+)$/gm)].map((match) =>
    (match[1] ?? '')
      .split('...')
      .map((part) => part.trim().replace(/,$/, ''))
      .filter((part) => part !== '' && part !== ']' && part !== '}'),
  );
}
