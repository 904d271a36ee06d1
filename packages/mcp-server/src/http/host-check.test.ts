import { describe, expect, it } from 'vitest';
import { hostnameOf, hostProblem } from './host-check.js';

describe('hostProblem', () => {
  const policy = {
    hostnames: new Set(['localhost', '127.0.0.1', '[::1]']),
    origins: new Set<string>(),
    originPorts: new Set([3000]),
  };

  it('accepts loopback hosts with any port, and no Origin', () => {
    expect(hostProblem({ host: 'localhost:3000' }, policy)).toBeUndefined();
    expect(hostProblem({ host: '[::1]:3000', origin: 'http://[::1]:3000' }, policy)).toBeUndefined();
  });

  it('accepts a page on a loopback host only from the allowed ports', () => {
    expect(hostProblem({ host: 'localhost:3000', origin: 'http://localhost:3000' }, policy)).toBeUndefined();
    expect(hostProblem({ host: 'localhost:3000', origin: 'https://127.0.0.1:3000' }, policy)).toBeUndefined();
    // Another program's page on this machine: a dev server, a local app, a hostile one.
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'http://[::1]:30000',
      'http://localhost',
      'https://localhost',
      'http://LOCALHOST:300',
    ]) {
      expect(hostProblem({ host: 'localhost:3000', origin }, policy)).toMatch(
        /is not allowed: pages on this host are accepted from port 3000 only \(set the allowedOriginPorts or allowedOrigins option/,
      );
    }
    // A port written another way is the same port; a default port is the scheme's.
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost:03000' }, policy)).toBeUndefined();
    const web = { ...policy, originPorts: new Set([80, 443]) };
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost' }, web)).toBeUndefined();
    expect(hostProblem({ host: 'localhost', origin: 'https://localhost' }, web)).toBeUndefined();
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost:443' }, web)).toBeUndefined();
    expect(hostProblem({ host: 'localhost', origin: 'ws://localhost:80' }, web)).toMatch(
      /only http: and https:/,
    );
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
