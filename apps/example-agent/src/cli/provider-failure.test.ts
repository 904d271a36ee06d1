import { describe, expect, it } from 'vitest';
import { ModelStreamError } from '../providers/model-stream-error.js';
import { providerEndpoint } from './provider-endpoint.js';
import { providerFailure } from './provider-failure.js';

describe('providerEndpoint', () => {
  it('is the chosen base URL, else the SDK variable, else the SDK default; none for the scripted model', () => {
    expect(providerEndpoint('openai-chat', 'http://127.0.0.1:8080/v1', {})).toBe('http://127.0.0.1:8080/v1');
    expect(providerEndpoint('anthropic', undefined, { TOOLWRIGHT_BASE_URL: 'http://gateway/v1' })).toBe(
      'http://gateway/v1',
    );
    expect(providerEndpoint('openai-responses', undefined, { OPENAI_BASE_URL: 'http://proxy/v1' })).toBe(
      'http://proxy/v1',
    );
    expect(providerEndpoint('openai-chat', undefined, {})).toBe('https://api.openai.com/v1');
    expect(providerEndpoint('anthropic', undefined, {})).toBe('https://api.anthropic.com');
    expect(providerEndpoint('gemini', undefined, {})).toBe('https://generativelanguage.googleapis.com');
    expect(providerEndpoint('scripted', 'http://ignored/v1', {})).toBeUndefined();
  });
});

describe('providerFailure', () => {
  const provider = { id: 'openai-compatible', model: 'local-model' };

  it('names the provider, the model and the URL, with the socket error from the cause chain', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const sdk = new Error('Connection error.', { cause: new TypeError('fetch failed', { cause: socket }) });
    const failure = providerFailure(sdk, provider, 'http://127.0.0.1:1/v1');
    expect(failure).toMatchObject({ code: 'provider_failed', cause: sdk });
    expect(failure.message).toMatch(
      /^The openai-compatible provider \(model local-model\) at http:\/\/127\.0\.0\.1:1\/v1 \(POST http:\/\/127\.0\.0\.1:1\/v1\/chat\/completions\) failed: Connection error\. \(ECONNREFUSED\) Check that the server is running/,
    );
  });

  it('falls back to the innermost cause message when there is no system code', () => {
    const sdk = new Error('Connection error.', {
      cause: new TypeError('fetch failed', { cause: new Error('bad port') }),
    });
    expect(providerFailure(sdk, provider, 'http://127.0.0.1:9/v1').message).toContain(
      'failed: Connection error. (bad port)',
    );
  });

  it('gives no connection hint for an HTTP error or a broken stream', () => {
    const http = Object.assign(new Error('401 Incorrect API key provided.'), { status: 401 });
    expect(providerFailure(http, provider, 'https://x/v1').message).toBe(
      'The openai-compatible provider (model local-model) at https://x/v1 (POST https://x/v1/chat/completions) failed: 401 Incorrect API key provided.',
    );
    const stream = new ModelStreamError('model_stream_incomplete', 'The stream ended early.');
    expect(providerFailure(stream, provider, 'https://x/v1').message).toBe(
      'The openai-compatible provider (model local-model) at https://x/v1 (POST https://x/v1/chat/completions) failed: The stream ended early. (model_stream_incomplete)',
    );
  });

  it('reads a 404 as a base URL without /v1 for OpenAI, or with one too many for Anthropic', () => {
    const notFound = Object.assign(new Error('404 status code (no body)'), { status: 404 });
    expect(providerFailure(notFound, provider, 'http://127.0.0.1:8080/').message).toBe(
      'The openai-compatible provider (model local-model) at http://127.0.0.1:8080/ (POST http://127.0.0.1:8080/chat/completions) failed: 404 status code (no body) The server has no such path: OpenAI-compatible servers serve under /v1, so the base URL is most likely http://127.0.0.1:8080/v1 (--base-url, "baseUrl" in toolwright.config.json or TOOLWRIGHT_BASE_URL).',
    );
    const claude = { id: 'anthropic', model: 'claude-sonnet-4-5' };
    expect(providerFailure(notFound, claude, 'http://gateway/v1').message).toContain(
      '(POST http://gateway/v1/v1/messages) failed: 404 status code (no body) The server has no such path: the Anthropic SDK adds /v1 itself, so the base URL is most likely http://gateway (',
    );
    expect(providerFailure(notFound, provider, 'http://host/v1').message).toMatch(
      /failed: 404 status code \(no body\) The server has no such path or model: check the URL and the model\.$/,
    );
  });
});
