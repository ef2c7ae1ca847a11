// Errors of the OAuth protocol (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 8707, RFC 7009). They are not
// the API's error codes: OAuth clients read `error` and `error_description` as the RFCs define them.
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "invalid_target"
  | "access_denied"
  | "unsupported_response_type"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "server_error"
  | "temporarily_unavailable";

export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: number;

  constructor(error: OAuthErrorCode, description: string, status = error === "invalid_client" ? 401 : error === "server_error" ? 500 : 400) {
    super(description);
    this.name = "OAuthError";
    this.error = error;
    this.status = status;
  }

  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}
