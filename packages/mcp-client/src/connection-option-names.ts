import { TELEMETRY_OPTION_RULE } from '@toolwright/utils';

/**
 * The connection options an adapter passes on to its connection manager, by name. Both option
 * tables spread it, so a connection option added to the manager is known to the adapter too;
 * each value is checked where it is used (`kind: 'custom'`), but `telemetry`, which is passed on as it is.
 */
export const CONNECTION_OPTION_NAMES = {
  clientInfo: { kind: 'custom' },
  clientCapabilities: { kind: 'custom' },
  connectTimeoutMs: { kind: 'custom' },
  requestTimeoutMs: { kind: 'custom' },
  maxTotalRequestMs: { kind: 'custom' },
  reconnect: { kind: 'custom' },
  shutdownGraceMs: { kind: 'custom' },
  stdioMaxMessageBytes: { kind: 'custom' },
  oauth: { kind: 'custom' },
  // Checked here by its rule: every owner of connection options takes it as it is.
  telemetry: TELEMETRY_OPTION_RULE,
} as const;
