// Repository operations with their handlers (definitions.ts holds the order).
import type { Operation } from "../../../kernel/operation.ts";
import { getRepository } from "./get-repository.ts";
import { listRefs } from "./list-refs.ts";
import { listRepositories } from "./list-repositories.ts";

export const repositoryOperations: readonly Operation[] = [
  listRepositories as unknown as Operation,
  getRepository as unknown as Operation,
  listRefs as unknown as Operation,
];
