// Connecting end to end, for `crs admin repo connect` and the admin's connection page: store the
// sealed connection, ask the host about access, and create the webhook when the token may
// (otherwise the admin gets the URL and the secret to set it up by hand).
import { HostUnavailableError } from "../../platform/codehost/hosts/index.ts";
import { type ConnectInput, type ConnectionDeps, connect, setWebhookId } from "./connections.ts";
import { checkAccess, clientFor } from "./host.ts";

export interface SetupResult {
  repositoryId: number;
  host: string;
  hostRepo: string;
  access: "ok" | "lost" | "unavailable";
  webhook: { url: string; created: boolean; id: string | null; secret: string | null; note: string | null };
}

function webhookUrl(baseUrl: string, host: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/hooks/${host}`;
}

export async function connectRepository(deps: ConnectionDeps, input: ConnectInput, baseUrl: string, now: Date): Promise<SetupResult> {
  const { row, webhookSecret } = await connect(deps, input, now);
  const url = webhookUrl(baseUrl, row.host);
  const access = await checkAccess(deps, row, now);
  let created = false;
  let id = row.webhook_id;
  let note: string | null = null;
  if (id) {
    created = true;
    note = "the webhook crs created earlier is kept";
  } else if (access === "ok") {
    try {
      const got = await (await clientFor(deps, row)).createWebhook(url, webhookSecret);
      if (got.created) {
        created = true;
        id = got.id;
        await setWebhookId(deps.store, row.repository_id, got.id);
      } else {
        note = `the host refused to create the webhook (${got.reason}); set it up by hand`;
      }
    } catch (err) {
      if (!(err instanceof HostUnavailableError)) throw err;
      note = "the host could not be reached to create the webhook; set it up by hand";
    }
  } else {
    note = access === "lost" ? "the host refused access with these credentials" : "the host could not be reached";
  }
  return {
    repositoryId: row.repository_id,
    host: row.host,
    hostRepo: row.host_repo,
    access,
    webhook: { url, created, id, secret: created ? null : webhookSecret, note },
  };
}
