import { describe, expect, it } from 'vitest';
import { REDACTED, rememberSecret } from '../secret-redaction.js';
import { telemetryContent } from './telemetry-content.js';

describe('telemetryContent', () => {
  it('records a value as JSON and a string as it is', () => {
    expect(telemetryContent({ path: 'src/a.ts', limit: 3 }, { maxChars: 100 })).toBe(
      '{"path":"src/a.ts","limit":3}',
    );
    expect(telemetryContent('plain text', { maxChars: 100 })).toBe('plain text');
  });

  it('cuts a long value at the cap and says how long it was', () => {
    const recorded = telemetryContent('x'.repeat(10_000), { maxChars: 20 });
    expect(recorded).toBe(`${'x'.repeat(20)}… [10000 characters]`);
  });

  it('redacts remembered secrets and credential-shaped strings before recording', () => {
    rememberSecret('remembered-secret-value-42');
    const recorded = telemetryContent(
      {
        header: 'Bearer abc.DEF_123-never-seen',
        key: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345',
        github: 'ghp_0123456789abcdefghijABCDEFGHIJ',
        note: 'uses remembered-secret-value-42 here',
      },
      { maxChars: 1000 },
    );
    expect(recorded).not.toContain('abc.DEF_123');
    expect(recorded).not.toContain('sk-ant-api03');
    expect(recorded).not.toContain('ghp_0123');
    expect(recorded).not.toContain('remembered-secret-value-42');
    expect(recorded.split(REDACTED)).toHaveLength(5);
  });

  it('sees a secret that crosses the cap whole, so no prefix of it is recorded', () => {
    const secret = 'sk-proj-ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const recorded = telemetryContent(`key=${'a'.repeat(11)} ${secret}`, { maxChars: 20 });
    expect(recorded).toBe(
      `key=${'a'.repeat(11)} ${REDACTED.slice(0, 4)}… [${16 + secret.length} characters]`,
    );
    expect(recorded).not.toContain('sk-p');
  });

  it('records what JSON cannot write as such, never throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(telemetryContent(cyclic, { maxChars: 100 })).toBe('[not serialisable]');
    expect(telemetryContent(10n, { maxChars: 100 })).toBe('[not serialisable]');
    expect(telemetryContent(undefined, { maxChars: 100 })).toBe('undefined');
  });

  it('redacts a private key block, even one cut short', () => {
    const pem =
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';
    expect(telemetryContent(`key: ${pem} end`, { maxChars: 1000 })).toBe(`key: ${REDACTED} end`);
    expect(telemetryContent('-----BEGIN RSA PRIVATE KEY-----\nMIIEow', { maxChars: 1000 })).toBe(REDACTED);
  });
});
