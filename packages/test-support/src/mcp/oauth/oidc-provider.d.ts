// oidc-provider 9 ships no type declarations; the tests use a small part of it.
declare module 'oidc-provider' {
  export const errors: { InvalidTarget: new (description?: string) => Error };
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (
      request: import('node:http').IncomingMessage,
      response: import('node:http').ServerResponse,
    ) => void;
    on(event: string, listener: (ctx: never) => void): void;
    readonly AccessToken: { find(value: string): Promise<OidcToken | undefined> };
    readonly ClientCredentials: { find(value: string): Promise<OidcToken | undefined> };
    readonly RefreshToken: { find(value: string): Promise<{ destroy(): Promise<void> } | undefined> };
    readonly Grant: new (properties: {
      accountId: string;
      clientId: string;
    }) => {
      addOIDCScope(scope: string): void;
      addResourceScope(resource: string, scope: string): void;
      save(): Promise<string>;
    };
  }
  export interface OidcToken {
    readonly aud?: string | string[];
    readonly scope?: string;
    readonly clientId: string;
    readonly accountId?: string;
    readonly exp?: number;
    isExpired: boolean;
  }
}
