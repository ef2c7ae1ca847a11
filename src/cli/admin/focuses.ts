// crs admin focus put|list|archive (filled in by the focuses work).
import type { Command } from "commander";
import type { AdminIo } from "./context.ts";

export function registerFocuses(_admin: Command, _io: AdminIo): void {}
