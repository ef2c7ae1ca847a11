// The official MCP SDK client against our server, for tests.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export async function mcpClient(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: "crs-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool and returns its parsed JSON payload and whether it is an error result. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; body: any }> {
  const r = await client.callTool({ name, arguments: args });
  const content = r.content as Array<{ type: string; text: string }>;
  // Results: a summary, then the JSON (also the structured content); errors: the error body alone.
  return { isError: Boolean(r.isError), body: r.structuredContent ?? JSON.parse(content.at(-1)!.text) };
}
