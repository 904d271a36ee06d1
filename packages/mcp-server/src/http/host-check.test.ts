import { describe, expect, it } from 'vitest';
import { hostnameOf, hostProblem } from './host-check.js';

describe('hostProblem', () => {
  const policy = { hostnames: new Set(['localhost', '127.0.0.1', '[::1]']), origins: new Set<string>() };

  it('accepts loopback hosts with any port, and no Origin', () => {
    expect(hostProblem({ host: 'localhost:3000' }, policy)).toBeUndefined();
    expect(hostProblem({ host: '[::1]:3000', origin: 'http://[::1]:3000' }, policy)).toBeUndefined();
  });

  it('refuses a missing or foreign Host, a foreign or opaque Origin', () => {
    expect(hostProblem({}, policy)).toMatch(/no Host/);
    expect(hostProblem({ host: 'localhost.evil.example' }, policy)).toMatch(/not one this server answers to/);
    expect(hostProblem({ host: 'localhost', origin: 'https://evil.example' }, policy)).toMatch(/Origin/);
    expect(hostProblem({ host: 'localhost', origin: 'null' }, policy)).toMatch(/Origin/);
  });

  it('uses the exact origin list when one is given', () => {
    const strict = { ...policy, origins: new Set(['https://app.example']) };
    expect(hostProblem({ host: 'localhost', origin: 'https://app.example' }, strict)).toBeUndefined();
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost' }, strict)).toMatch(/Origin/);
  });

  it('reads host names out of Host values', () => {
    expect(hostnameOf('Example.COM:8080')).toBe('example.com');
    expect(hostnameOf('[::1]')).toBe('[::1]');
    expect(hostnameOf('[::1')).toBeUndefined();
  });
});
