import { createRequire } from 'node:module';
import type { HeadAndTail } from '@toolwright/artifacts';

type ArtifactsEntry = typeof import('@toolwright/artifacts');

let loading: Promise<ArtifactsEntry> | undefined;

/**
 * The head and tail of a text the artifact store refused, as a spill preview cuts them
 * (`headAndTail` with `DEFAULT_SPILL_OPTIONS` of `@toolwright/artifacts`). That package, the
 * adapter's only use of which this is, loads on the first refusal rather than with the adapter:
 * the store it is given may be any `ArtifactSinkV1`, and a refusal is rare. Each build loads its
 * own kind of the entry (the CommonJS build `require`s it; the ES one, which has
 * `import.meta.url`, imports it).
 */
export async function headAndTailOfUnstored(text: string): Promise<HeadAndTail> {
  loading ??=
    import.meta.url === undefined
      ? Promise.resolve(createRequire(__filename)('@toolwright/artifacts') as ArtifactsEntry)
      : import('@toolwright/artifacts');
  const { headAndTail, DEFAULT_SPILL_OPTIONS } = await loading;
  return headAndTail(text, DEFAULT_SPILL_OPTIONS.headBytes, DEFAULT_SPILL_OPTIONS.tailBytes);
}
