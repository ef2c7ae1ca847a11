// The stdio side of `crs mcp` (see mcp-stdio.ts): connects to the server's /mcp and forwards
// tools/list and tools/call until the client closes stdin.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode, McpError, ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { authHint, reach } from "./client/api.ts";
import { currentToken } from "./client/oauth.ts";

function remoteTransport(url: string, env: NodeJS.ProcessEnv): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    async fetch(input, init) {
      const headers = new Headers(init?.headers);
      headers.set("authorization", `Bearer ${await currentToken(env)}`);
      return reach(url, input, { ...init, headers });
    },
  });
}

/** The remote answer as a JSON-RPC error for the stdio client: the server's own errors unchanged. */
function asMcpError(err: unknown, url: string): McpError {
  if (err instanceof McpError) return err;
  if (err instanceof StreamableHTTPError && err.code === 401) return new McpError(ErrorCode.InternalError, `${url} rejected the token (401): ${authHint}.`);
  return new McpError(ErrorCode.InternalError, (err as Error).message);
}

export async function proxy(url: string, env: NodeJS.ProcessEnv): Promise<number> {
  const remote = new Client({ name: "crs-mcp-stdio", version: "2.0.0" });
  try {
    await remote.connect(remoteTransport(url, env));
  } catch (err) {
    const unauthorized = err instanceof StreamableHTTPError && err.code === 401;
    process.stderr.write(`crs mcp: ${unauthorized ? `${url} rejected the token (401): ${authHint}.` : (err as Error).message}\n`);
    return unauthorized ? 4 : 1;
  }

  const server = new Server(
    { name: "crs", version: remote.getServerVersion()?.version ?? "2.0.0" },
    { capabilities: { tools: {} }, ...(remote.getInstructions() ? { instructions: remote.getInstructions()! } : {}) },
  );
  // Both methods are forwarded as they are (params unchecked here: the server answers bad ones).
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== "tools/list" && request.method !== "tools/call") throw new McpError(ErrorCode.MethodNotFound, "Method not found");
    try {
      // The client's cancellation (notifications/cancelled) aborts the forwarded request too.
      return await remote.request({ method: request.method, params: request.params ?? {} } as never, ResultSchema, { signal: extra.signal });
    } catch (err) {
      throw asMcpError(err, url);
    }
  };
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // The client ends the session by closing our stdin.
  process.stdin.once("end", () => void server.close());
  await closed;
  await remote.close().catch(() => undefined);
  return 0;
}
