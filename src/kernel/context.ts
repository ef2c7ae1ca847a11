import type { App } from "./app.ts";
import type { Principal } from "./principal.ts";
import type { Store } from "../platform/store/index.ts";

export type Trigger = "api" | "mcp" | "cli" | "web";

/** Everything a handler may use. Handlers never see the adapter's request or response. */
export interface Ctx {
  app: App;
  store: Store;
  principal: Principal;
  workspaceId: number;
  userId: number;
  requestId: string;
  trigger: Trigger;
  /** The caller's network address, when the face knows it (the app's pages): sign-in counts failures by it. */
  address?: string;
  /** A handler may choose another success status (e.g. 200 instead of 201 for an existing document). */
  status?: number;
}
