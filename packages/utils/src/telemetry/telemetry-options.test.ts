import { describe, expect, it } from 'vitest';
import { checkOptions } from '../check-options.js';
import { DEFAULT_TELEMETRY_CONTENT_CHARS } from './telemetry-content.js';
import { resolveTelemetryOptions, TELEMETRY_OPTION_RULE } from './telemetry-options.js';

describe('telemetry options', () => {
  it('are on, without content, by default', () => {
    expect(resolveTelemetryOptions(undefined)).toEqual({ enabled: true, content: undefined });
    expect(resolveTelemetryOptions({ recordContent: false, maxContentChars: 10 })).toEqual({
      enabled: true,
      content: undefined,
    });
  });

  it('record content only when asked, capped at the default or the given length', () => {
    expect(resolveTelemetryOptions({ recordContent: true }).content).toEqual({
      maxChars: DEFAULT_TELEMETRY_CONTENT_CHARS,
    });
    expect(resolveTelemetryOptions({ recordContent: true, maxContentChars: 64 }).content).toEqual({
      maxChars: 64,
    });
    expect(resolveTelemetryOptions({ enabled: false }).enabled).toBe(false);
  });

  it('refuse a bad setting by name, saying what is accepted', () => {
    const check = (telemetry: unknown): string | undefined => {
      try {
        checkOptions(
          'ToolExecutor',
          { telemetry },
          { telemetry: TELEMETRY_OPTION_RULE },
          (problem) => new Error(problem.message),
        );
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(check({ recordContent: 'yes' })).toMatch(/telemetry\.recordContent.*true or false/s);
    expect(check({ maxContentChars: 0 })).toMatch(/telemetry\.maxContentChars/);
    expect(check({ enable: false })).toMatch(/telemetry\.enable\b.*enabled/s);
    expect(check({ enabled: true, recordContent: true, maxContentChars: 512 })).toBeUndefined();
  });
});
