// Each scope in plain words, as the consent screen and the API key form show it.
import type { Scope } from "../scopes.ts";

export const scopeWords: Record<Scope, string> = {
  "user:read": "See your account, the member directory (usernames, emails, roles) and the credit balance",
  "repos:read": "Read repositories, branches, pull requests, tags and focus instructions",
  "runs:read": "Read review runs, their progress and context documents",
  "runs:write": "Estimate and start review runs; add or archive context documents",
  "runs:manage": "Cancel review runs",
  "findings:read": "Read the inbox: findings, their status, reports and comments",
  "findings:write": "Change finding status, comment and update triage decisions",
};
