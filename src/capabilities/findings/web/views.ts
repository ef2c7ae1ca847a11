// Read-only pages behind the API's webUrl links: a focus (the inbox and a finding are in inbox.ts
// and finding.ts; runs have their pages in the runs capability). They call the same operations as REST and MCP (so the same
// workspace scoping, views and rate limits apply), as the signed-in user with the read scopes.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { html, page } from "../../../kernel/ui/html.ts";
import { type OperationById, pageRoute, type Row, readAs, type WorkspaceSession } from "./read.ts";

export function registerViews(web: FastifyInstance, app: App, operationById: OperationById): void {
  const read = (a: App, req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readAs(operationById(id), a, req, s, input);
  const route = (path: string, render: (req: FastifyRequest, s: WorkspaceSession, csrf: string) => Promise<string>) => pageRoute(web, app, path, render);

  route("/app/focuses/:slug", async (req, s, csrf) => {
    const f = await read(app, req, s, "get_focus", { focus: (req.params as Row).slug });
    return page(
      { title: f.title, user: s.user, csrf },
      html`<h1>${f.emoji ?? ""} ${f.title}</h1>
<p>Focus <code>${f.slug}</code>, revision ${f.revision}.</p><pre class="text">${f.instructions}</pre>`,
    );
  });
}
