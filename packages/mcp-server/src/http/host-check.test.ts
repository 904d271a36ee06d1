import { describe, expect, it } from 'vitest';
import { hostnameOf, hostProblem, isWildcardAddress } from './host-check.js';
import { resolveHttpOptions } from './http-options.js';

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

  it('says exactly what is wrong with the Host', () => {
    for (const headers of [{}, { host: '' }]) {
      expect(hostProblem(headers, policy)).toBe('the request has no Host header');
    }
    // A rebinding page's own name, a name that only starts like ours, a port alone, a bracket left open.
    for (const host of ['evil.example:3000', 'localhost.evil.example', ':3000', '[::1', '127.0.0.2:3000']) {
      expect(hostProblem({ host }, policy)).toBe(
        `Host ${JSON.stringify(host)} is not one this server answers to`,
      );
    }
  });

  it('says exactly what is wrong with the Origin: not ours, not a URL, or not a web page', () => {
    for (const origin of [
      'null',
      'http://evil.example:3000',
      'http://localhost.evil.example:3000',
      'localhost:3000',
      'http://:3000',
    ]) {
      expect(hostProblem({ host: 'localhost:3000', origin }, policy)).toBe(
        `Origin ${JSON.stringify(origin)} is not allowed`,
      );
    }
    expect(hostProblem({ host: 'localhost:3000', origin: 'ftp://localhost:3000' }, policy)).toBe(
      'Origin "ftp://localhost:3000" is not allowed: only http: and https: pages are',
    );
  });

  it('counts an origin without a port as its scheme’s default port: 443 for https:, 80 for http:', () => {
    const tls = { ...policy, originPorts: new Set([443]) };
    expect(hostProblem({ host: 'localhost', origin: 'https://localhost' }, tls)).toBeUndefined();
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost' }, tls)).toBe(
      'Origin "http://localhost" is not allowed: pages on this host are accepted from port 443 only ' +
        '(set the allowedOriginPorts or allowedOrigins option of serveHttp to accept others)',
    );
    const plain = { ...policy, originPorts: new Set([80]) };
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost' }, plain)).toBeUndefined();
    expect(hostProblem({ host: 'localhost', origin: 'https://localhost' }, plain)).toMatch(
      /from port 80 only/,
    );
  });

  it('names every accepted port when there are several', () => {
    const two = { ...policy, originPorts: new Set([3000, 3001]) };
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost:5173' }, two)).toBe(
      'Origin "http://localhost:5173" is not allowed: pages on this host are accepted from ports 3000, 3001 only ' +
        '(set the allowedOriginPorts or allowedOrigins option of serveHttp to accept others)',
    );
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost:3001' }, two)).toBeUndefined();
  });

  it('uses the exact origin list when one is given', () => {
    const strict = { ...policy, origins: new Set(['https://app.example']) };
    expect(hostProblem({ host: 'localhost', origin: 'https://app.example' }, strict)).toBeUndefined();
    expect(hostProblem({ host: 'localhost', origin: 'http://localhost' }, strict)).toMatch(/Origin/);
  });

  it('reads host names out of Host values', () => {
    expect(hostnameOf('Example.COM:8080')).toBe('example.com');
    expect(hostnameOf(' Example.COM:8080 ')).toBe('example.com');
    expect(hostnameOf('[::1]')).toBe('[::1]');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf('localhost')).toBe('localhost');
  });

  it('finds no host name in a malformed value, rather than an empty one', () => {
    // An empty name would be accepted wherever an allowedHosts entry was malformed too.
    for (const host of ['[::1', '', '   ', ':3000', ':']) {
      expect(hostnameOf(host), JSON.stringify(host)).toBeUndefined();
    }
  });

  it('finds no host name where anything but a port follows it, or in characters no host name has', () => {
    for (const host of [
      'localhost:x',
      'localhost:3000:1',
      'localhost:',
      '[::1]junk',
      '[::1]:',
      '[::1]:30x',
      'local host',
      'localhost/evil',
      'evil.example@localhost',
      '[::1',
      '[localhost]',
    ]) {
      expect(hostnameOf(host), JSON.stringify(host)).toBeUndefined();
    }
  });
});

describe('the policy serveHttp builds', () => {
  const policyFor = (options: Parameters<typeof resolveHttpOptions>[0]) => {
    const build = resolveHttpOptions(options).hostPolicy;
    if (build === undefined) throw new Error('no host policy');
    return build(3000);
  };

  it('answers to every loopback name and its own address, whichever loopback address it listens on', () => {
    const policy = policyFor({ host: '127.0.0.2' });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', '127.0.0.2:3000', 'LocalHost']) {
      expect(hostProblem({ host }, policy), host).toBeUndefined();
    }
    expect(hostProblem({ host: '127.0.0.3:3000' }, policy)).toMatch(/is not one this server answers to/);
  });

  it('takes allowedHosts entries however they are written, and ignores a malformed one rather than accepting malformed Hosts', () => {
    const policy = policyFor({ allowedHosts: [' App.Example:443 ', '[::1', ':8080'] });
    expect(hostProblem({ host: 'app.example' }, policy)).toBeUndefined();
    for (const host of [':3000', '[::1', '']) {
      expect(hostProblem({ host }, policy), host).toBeDefined();
    }
  });

  it('refuses to listen on every interface without allowedHosts, however the wildcard is written', () => {
    for (const host of ['0.0.0.0', '::', '[::]']) {
      expect(isWildcardAddress(host), host).toBe(true);
      expect(() => resolveHttpOptions({ host }), host).toThrow(
        expect.objectContaining({ code: 'invalid_option', message: expect.stringContaining('allowedHosts') }),
      );
      expect(() => resolveHttpOptions({ host, dnsRebindingProtection: false }), host).not.toThrow();
    }
    for (const host of ['127.0.0.1', '::1', '[::1]', 'localhost', '0.0.0.1', ':::']) {
      expect(isWildcardAddress(host), host).toBe(false);
    }
    // The wildcard itself is no name a client uses: only the allowed hosts and loopback are.
    const policy = policyFor({ host: '::', allowedHosts: ['app.example'] });
    expect(hostProblem({ host: '[::]:3000' }, policy)).toMatch(/is not one this server answers to/);
    expect(hostProblem({ host: 'app.example:3000' }, policy)).toBeUndefined();
  });
});
