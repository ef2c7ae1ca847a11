// Starting and cancelling runs from the app. Every change goes through the operation pipeline as
// the signed-in user (trigger web): estimate_run and start_run (validation, scopes, their buckets and
// the shared 60-a-minute one, idempotency by the confirmation's requestId), cancel_run. A refused
// input shows the form again with the reason and changes nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { AppError } from "../../../kernel/errors.ts";
import { page } from "../../../kernel/ui/html.ts";
import { sendPage } from "../../../kernel/ui/page.ts";
import { act, formError, requireWorkspace, type WorkspaceSession } from "../../identity/index.ts";
import { withHead } from "./assets.ts";
import { type Choices, confirmForm, type Form, maxPriceCents, runRequest, startForm } from "./start-form.ts";
import { type OperationById, readAs, type Row } from "./words.ts";

/** Refusals the form shows (bad input, nothing to review, cannot pay, stale quote); anything else goes to the error page. */
function shown(err: unknown): string | undefined {
  if (!(err instanceof AppError) || ![400, 402, 404, 409].includes(err.status)) return undefined;
  return err.code === "invalid_request" ? formError(err) : err.message;
}

export function registerStart(web: FastifyInstance, app: App, operation: OperationById): void {
  const read = (req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readAs(operation, app, req, s, id, input);
  const estimate = operation("estimate_run");
  const start = operation("start_run");
  const cancel = operation("cancel_run");

  async function choices(req: FastifyRequest, s: WorkspaceSession, f: Form): Promise<Choices> {
    const [repos, focuses] = await Promise.all([read(req, s, "list_repositories", { limit: 100 }), read(req, s, "list_focuses", { limit: 100 })]);
    const repo = typeof f.repository === "string" && /^[1-9]\d{0,14}$/.test(f.repository) ? Number(f.repository) : undefined;
    const docs = await read(req, s, "list_documents", { limit: 100, ...(repo ? { repository: repo } : {}) }).catch(() => ({ items: [] }));
    return { repositories: repos.items, focuses: focuses.items, documents: docs.items };
  }

  async function formPage(req: FastifyRequest, reply: FastifyReply, s: WorkspaceSession, status: number, f: Form, error?: string) {
    const csrf = reply.generateCsrf();
    return sendPage(
      reply,
      status,
      withHead(page({ title: "Start a run", user: s.user, csrf, section: "runs", narrow: true }, startForm(csrf, f, await choices(req, s, f), error))),
    );
  }

  web.get("/app/runs/new", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const q = (req.query ?? {}) as Form;
    const f: Form = { ...q };
    // A link from a ref ("review this branch") fills the form: at=branch:x, or kind=pr&pr=n.
    if (typeof q.at === "string" && /^pr:\d+$/.test(q.at) && q.kind === "pr") f.pr = q.at.slice(3);
    return formPage(req, reply, s, 200, f);
  });

  web.post("/app/runs/estimate", { preHandler: web.csrfProtection }, async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const f = (req.body ?? {}) as Form;
    let est: Row;
    try {
      est = (await act(app, req, reply, estimate, s, runRequest(f))) as Row;
    } catch (err) {
      const message = shown(err);
      if (message === undefined) throw err;
      return formPage(req, reply, s, (err as AppError).status, f, message);
    }
    const spend = s.workspace.role === "admin" ? ((await read(req, s, "get_me", {})).credits as Row) : null;
    const csrf = reply.generateCsrf();
    return sendPage(
      reply,
      200,
      withHead(page({ title: "Confirm the run", user: s.user, csrf, section: "runs", narrow: true }, confirmForm(csrf, f, est, spend))),
    );
  });

  web.post("/app/runs", { preHandler: web.csrfProtection }, async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const f = (req.body ?? {}) as Form;
    const input = { ...runRequest(f), maxPriceCents: maxPriceCents(f), quote: f.quote, requestId: f.requestId };
    let started: Row;
    try {
      started = (await act(app, req, reply, start, s, input)) as Row;
    } catch (err) {
      const message = shown(err);
      if (message === undefined) throw err;
      return formPage(req, reply, s, (err as AppError).status, f, message);
    }
    return reply.redirect(`/app/runs/${started.run.id}`, 303);
  });

  web.post("/app/runs/:id/cancel", { preHandler: web.csrfProtection }, async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const id = (req.params as Row).id;
    try {
      await act(app, req, reply, cancel, s, { run: id });
    } catch (err) {
      // Already over (409): the run page says how it ended.
      if (!(err instanceof AppError) || err.code !== "conflict") throw err;
    }
    return reply.redirect(`/app/runs/${encodeURIComponent(id)}`, 303);
  });
}
