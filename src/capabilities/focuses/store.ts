// Focuses, with every revision they had.
import type { Generated } from "kysely";

export interface FocusesTable {
  id: Generated<number>;
  workspace_id: number;
  slug: string;
  title: string;
  emoji: string | null;
  instructions: string;
  /** 1 on creation, +1 on every change of title, emoji or instructions. */
  revision: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Every revision a focus ever had, so a run can record (and re-read) what it used. */
export interface FocusRevisionsTable {
  workspace_id: number;
  focus_id: number;
  revision: number;
  title: string;
  emoji: string | null;
  instructions: string;
  created_at: string;
}

export interface FocusTables {
  focuses: FocusesTable;
  focus_revisions: FocusRevisionsTable;
}
