// Placeholder until the taint corpus lands.
export interface TaintEvalRow {
  language: string;
  injectionClass: string;
  vulnerable: number;
  detected: number;
  safe: number;
  falsePositives: number;
}

export async function evaluateTaintCorpus(): Promise<TaintEvalRow[]> {
  return [];
}
