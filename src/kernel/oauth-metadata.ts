// Discovery documents: authorization server metadata (RFC 8414) and protected resource metadata
// (RFC 9728) for the MCP endpoint and for the service as a whole. Built from the base URL at
// request time (it is known only once the server listens when the port is chosen by the system).
import type { FastifyInstance, FastifyReply } from "fastify";
import type { App } from "./app.ts";
import { scopes } from "./scopes.ts";

export const mcpResourceMetadataPath = "/.well-known/oauth-protected-resource/mcp";

function authorizationServerMetadata(baseUrl: string) {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    registration_endpoint: `${baseUrl}/oauth/register`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    scopes_supported: [...scopes],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    authorization_response_iss_parameter_supported: true,
  };
}

function resourceMetadata(baseUrl: string, resource: string, name: string) {
  return {
    resource,
    authorization_servers: [baseUrl],
    scopes_supported: [...scopes],
    bearer_methods_supported: ["header"],
    resource_name: name,
    resource_documentation: `${baseUrl}/api/v2/openapi.json`,
  };
}

export function registerMetadata(server: FastifyInstance, app: App): void {
  const send = (reply: FastifyReply, doc: object) => reply.header("Access-Control-Allow-Origin", "*").header("Cache-Control", "public, max-age=300").send(doc);
  const base = () => app.config.baseUrl;
  server.get("/.well-known/oauth-authorization-server", async (_req, reply) => send(reply, authorizationServerMetadata(base())));
  server.get(mcpResourceMetadataPath, async (_req, reply) => send(reply, resourceMetadata(base(), `${base()}/mcp`, "crs MCP server")));
  server.get("/.well-known/oauth-protected-resource", async (_req, reply) => send(reply, resourceMetadata(base(), base(), "crs API")));
}
