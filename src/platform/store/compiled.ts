// Queries on the request path whose building and compiling with Kysely cost more than running
// them: built and compiled once per database handle, then run with each call's one parameter.
import type { CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Wraps `build` (a query written with a placeholder value for its one parameter) into a runner
 * that compiles it on first use per database handle; throws `mistake` if the compiled query does
 * not take exactly one parameter.
 */
export function compiledOnce<R>(
  build: (db: Kysely<Database>) => CompiledQuery<R>,
  mistake: string,
): (db: Kysely<Database>, parameter: unknown) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<R>>();
  return async (db, parameter) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db);
      if (query.parameters.length !== 1) throw new Error(mistake);
      compiled.set(db, query);
    }
    const { rows } = await db.executeQuery<R>({ ...query, parameters: [parameter] });
    return rows;
  };
}
