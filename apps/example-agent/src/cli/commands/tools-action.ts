import type { ToolMode } from '@toolwright/registry';
import type { ProviderTarget } from '@toolwright/validation';
import type { ProviderId } from '../../providers/model-provider.js';
import { describeCatalog, formatCatalog } from '../catalog-view.js';
import { openCommandContext } from '../command-context.js';
import { providerToolsPayload } from '../provider-tools-payload.js';
import { Transcript } from '../transcript.js';
import type { CommandRuntime, CommonFlags } from './command-runtime.js';

/** The schema dialect each provider receives. */
const PROVIDER_TARGETS: Readonly<Record<ProviderId, ProviderTarget>> = {
  anthropic: 'anthropic',
  'openai-chat': 'openai-chat',
  'openai-responses': 'openai-responses',
  gemini: 'gemini',
  'openai-compatible': 'openai-chat',
  scripted: 'anthropic',
};

/** What `tools` does (defined in tools-command.ts). */
export async function toolsCommand(
  runtime: CommandRuntime,
  flags: CommonFlags & { provider: ProviderId; mode: ToolMode },
): Promise<void> {
  // Progress (server connections) goes to stderr so stdout stays the catalog alone.
  const context = await openCommandContext(
    flags,
    new Transcript(runtime.io.stderr),
    undefined,
    runtime.io.stderr,
  );
  try {
    const { registry } = context.session;
    const target = PROVIDER_TARGETS[flags.provider];
    const view = describeCatalog(registry, target, flags.mode);
    if (flags.json === true) {
      // The same declarations the agent loop sends, in the provider's own request shape.
      const toolSearch =
        flags.provider === 'anthropic'
          ? context.config.anthropicToolSearch
          : flags.provider === 'openai-responses'
            ? context.config.openaiToolSearch
            : undefined;
      const set = registry.getFunctionDeclarationsByMode(
        flags.mode,
        target,
        toolSearch === undefined ? undefined : { providerToolSearch: toolSearch },
      );
      const payload = providerToolsPayload(flags.provider, set.declarations, set);
      runtime.io.stdout.write(`${JSON.stringify({ ...view, provider: flags.provider, payload }, null, 2)}\n`);
    } else {
      runtime.io.stdout.write(`${formatCatalog(view, { listTools: true }).join('\n')}\n`);
    }
  } finally {
    await context.close();
  }
}
