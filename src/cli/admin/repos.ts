// crs admin repo add|list|remove|sync (filled in by the repositories work).
import type { Command } from "commander";
import type { AdminIo } from "./context.ts";

export function registerRepos(_admin: Command, _io: AdminIo): void {}
