// All tables, by name. Each area keeps its table types in tables/<area>.ts.
import type { DocumentTables } from "../../capabilities/documents/store.ts";
import type { FocusTables } from "../../capabilities/focuses/store.ts";
import type {
  AppSessionsTable,
  MembershipsTable,
  SettingsTable,
  SignInFailuresTable,
  TokensTable,
  UsersTable,
  WorkspacesTable,
} from "../../capabilities/identity/store.ts";
import type { RepositoriesTable, ReviewedCommitsTable } from "../../capabilities/repositories/store.ts";
import type { RunTables } from "../../capabilities/runs/store.ts";
import type { FindingTables } from "../../capabilities/findings/store.ts";
import type { OAuthTables } from "../../capabilities/oauth/store.ts";
import type { ConnectionTables } from "../../capabilities/connections/store.ts";

export interface Database extends DocumentTables, FocusTables, RunTables, FindingTables, OAuthTables, ConnectionTables {
  settings: SettingsTable;
  users: UsersTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  tokens: TokensTable;
  app_sessions: AppSessionsTable;
  sign_in_failures: SignInFailuresTable;
  repositories: RepositoriesTable;
  reviewed_commits: ReviewedCommitsTable;
}
