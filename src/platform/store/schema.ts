// All tables, by name. Each area keeps its table types in tables/<area>.ts.
import type { DocumentTables } from "./tables/documents.ts";
import type { CreditLedgerTable, MembershipsTable, SettingsTable, TokensTable, UsersTable, WorkspacesTable } from "./tables/identity.ts";
import type { RepositoriesTable, ReviewedCommitsTable } from "./tables/repositories.ts";
import type { RunTables } from "./tables/runs.ts";
import type { FindingTables } from "./tables/findings.ts";
import type { OAuthTables } from "./tables/oauth.ts";

export interface Database extends DocumentTables, RunTables, FindingTables, OAuthTables {
  settings: SettingsTable;
  users: UsersTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  tokens: TokensTable;
  credit_ledger: CreditLedgerTable;
  repositories: RepositoriesTable;
  reviewed_commits: ReviewedCommitsTable;
}
