import { openCommandContext } from '../command-context.js';
import { Transcript } from '../transcript.js';
import type { CommandRuntime, CommonFlags } from './command-runtime.js';

/** What `search <query>` does (defined in search-command.ts). */
export async function searchCommand(
  runtime: CommandRuntime,
  query: string,
  flags: CommonFlags,
): Promise<void> {
  const context = await openCommandContext(
    flags,
    new Transcript(runtime.io.stderr),
    undefined,
    runtime.io.stderr,
  );
  try {
    const result = context.session.registry.search(query);
    const matches = result.matches.map((tool) => ({
      name: tool.name,
      kind: tool.kind,
      source: tool.source.type,
      description: tool.description.short,
    }));
    if (flags.json === true) {
      runtime.io.stdout.write(
        `${JSON.stringify({ kind: result.kind, matches, missing: result.missing, suggestions: result.suggestions })}\n`,
      );
      return;
    }
    const lines = matches.map(
      (match) => `${match.name.padEnd(40)} ${match.kind.padEnd(10)} ${match.description}`,
    );
    if (result.missing.length > 0) lines.push(`not found: ${result.missing.join(', ')}`);
    if (lines.length === 0) {
      const hint = result.suggestions.length > 0 ? `; did you mean ${result.suggestions.join(', ')}?` : '';
      lines.push(`no tools match ${JSON.stringify(query)}${hint}`);
    }
    runtime.io.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await context.close();
  }
}
