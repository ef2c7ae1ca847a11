// All tables, by name. Each area keeps its table types in tables/<area>.ts.
import type { CreditLedgerTable, MembershipsTable, SettingsTable, TokensTable, UsersTable, WorkspacesTable } from "./tables/identity.ts";

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  tokens: TokensTable;
  credit_ledger: CreditLedgerTable;
}
