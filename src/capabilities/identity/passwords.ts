import { hash, verify } from "@node-rs/argon2";
import { randomBytes } from "node:crypto";

// Algorithm 2 = argon2id; parameters follow OWASP's minimum (19 MiB, 2 passes).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
