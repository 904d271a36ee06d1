import { describe, expect, it } from 'vitest';
import { telemetryErrorType } from './telemetry-error-type.js';

describe('telemetryErrorType', () => {
  it('names a failure by its code or class, never by its message', () => {
    expect(telemetryErrorType(Object.assign(new Error('secret path /x'), { code: 'timeout' }))).toBe(
      'timeout',
    );
    expect(telemetryErrorType(Object.assign(new Error('x'), { code: -32602 }))).toBe('-32602');
    expect(telemetryErrorType(new TypeError('secret value'))).toBe('TypeError');
    expect(telemetryErrorType('a string')).toBe('_OTHER');
    expect(telemetryErrorType(null)).toBe('_OTHER');
  });
});
