// An OAuth client provider for the official MCP SDK, kept in memory: it records the authorization
// URL the SDK would open in a browser, so a test can answer the consent screen itself.
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

export class MemoryProvider implements OAuthClientProvider {
  readonly redirectUrl: string;
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  readonly stateValue = `st-${Math.random().toString(36).slice(2)}`;

  constructor(redirectUrl = "http://127.0.0.1:45871/callback") {
    this.redirectUrl = redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Test <MCP> client",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state(): string {
    return this.stateValue;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}
