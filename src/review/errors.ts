// The engine's own error, apart from the service's: a caller maps it to its API codes where it calls
// the engine (bad input such as a focus document's front matter or an unsupported language becomes
// invalid_request; a fault in the engine's own rule data stays an internal failure).
export type ReviewErrorKind = "invalid_input" | "internal";

export class ReviewError extends Error {
  readonly kind: ReviewErrorKind;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ReviewErrorKind, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "ReviewError";
    this.kind = kind;
    this.details = details;
  }
}
