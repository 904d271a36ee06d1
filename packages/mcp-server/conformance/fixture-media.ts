import type { ExecutionContext, LlmContentPart } from '@toolwright/contracts';
import { ARTIFACTS_CONTEXT_FIELD, type McpArtifactStore } from '../src/index.js';

/** The 1x1 red PNG the conformance suite's reference server returns. */
export const TEST_IMAGE_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** The minimal WAV file the conformance suite's reference server returns. */
export const TEST_AUDIO_BASE64 = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

/**
 * Stores `bytes` in the server's artifact store (found in the execution context) and returns
 * the `artifact` part that refers to it — how a toolwright tool returns audio, or the content of
 * a resource, which its own result parts have no type for. The server then sends small media
 * inline and small text from a resource as an embedded resource.
 */
export async function storedPart(
  context: ExecutionContext,
  request: { kind: string; bytes: Uint8Array | string; mimeType: string; sourceUri?: string },
): Promise<LlmContentPart> {
  const store = context[ARTIFACTS_CONTEXT_FIELD] as McpArtifactStore | undefined;
  if (store === undefined) throw new Error('This fixture needs the server to have an artifact store.');
  const record = await store.write(request);
  return {
    type: 'artifact',
    artifactId: record.id,
    mimeType: request.mimeType,
    byteLength: record.byteLength,
  };
}
