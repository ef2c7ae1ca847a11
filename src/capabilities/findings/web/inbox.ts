// The findings inbox: the workspace's findings with filters.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { html, page } from "../../../kernel/ui/html.ts";
import { findingTable, nextLink as next, type OperationById, pageRoute, pick, type Row, readAs, type WorkspaceSession } from "./read.ts";

export function registerInbox(web: FastifyInstance, app: App, operationById: OperationById): void {
  const read = (a: App, req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readAs(operationById(id), a, req, s, input);
  const route = (path: string, render: (req: FastifyRequest, s: WorkspaceSession, csrf: string) => Promise<string>) => pageRoute(web, app, path, render);

  route("/app/findings", async (req, s, csrf) => {
    const query = pick(req.query, ["status", "severity", "cursor"]);
    const r = await read(app, req, s, "list_findings", query);
    const { cursor: _c, ...filters } = query;
    return page(
      { title: "Findings", user: s.user, csrf, section: "inbox" },
      html`<h1>Findings</h1>
<p>${r.total} in ${s.workspace.name}. <a href="/app/findings?status=open">Open</a> ·
<a href="/app/findings?severity=critical,high">Critical and high</a> · <a href="/app/findings">All</a></p>
${findingTable(r.items)}${next("/app/findings", r.nextCursor, filters)}`,
    );
  });
}
