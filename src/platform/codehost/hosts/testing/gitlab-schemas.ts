// Test support: request schemas for the GitLab REST endpoints crs calls, written by us from GitLab's
// REST API documentation (docs.gitlab.com/api: projects, merge_requests, notes, discussions,
// commits#set-the-pipeline-status-of-a-commit, project webhooks). GitLab publishes no complete
// machine-readable description of these; the GitLab stand-in validates every request against them
// (gitlab-request-check.ts).

type Json = Record<string, unknown>;
const sha = { type: "string", pattern: "^[0-9a-f]{7,64}$" };
const pagination = {
  page: { type: "integer", minimum: 1 },
  per_page: { type: "integer", minimum: 1, maximum: 100 },
  pagination: { enum: ["offset", "keyset"] },
};

export interface Endpoint {
  method: string;
  /** Path template under /api/v4; :id is the project id or its URL-encoded full path. */
  template: string;
  query?: Json;
  body?: Json;
}

/** The endpoints crs calls, with the parameters their documentation lists. */
export const gitlabEndpoints: Endpoint[] = [
  {
    method: "GET",
    template: "/projects/:id",
    query: { statistics: { type: "boolean" }, license: { type: "boolean" }, with_custom_attributes: { type: "boolean" } },
  },
  {
    method: "GET",
    template: "/projects/:id/merge_requests",
    query: {
      state: { enum: ["opened", "closed", "locked", "merged", "all"] },
      order_by: { enum: ["created_at", "updated_at", "title", "merged_at"] },
      sort: { enum: ["asc", "desc"] },
      target_branch: { type: "string" },
      ...pagination,
    },
  },
  {
    method: "GET",
    template: "/projects/:id/merge_requests/:merge_request_iid",
    query: { include_diverged_commits_count: { type: "boolean" }, include_rebase_in_progress: { type: "boolean" } },
  },
  {
    method: "POST",
    template: "/projects/:id/hooks",
    body: {
      type: "object",
      required: ["url"],
      additionalProperties: false,
      properties: {
        url: { type: "string", format: "uri" },
        name: { type: "string" },
        description: { type: "string" },
        token: { type: "string" },
        push_events: { type: "boolean" },
        push_events_branch_filter: { type: "string" },
        merge_requests_events: { type: "boolean" },
        tag_push_events: { type: "boolean" },
        note_events: { type: "boolean" },
        issues_events: { type: "boolean" },
        pipeline_events: { type: "boolean" },
        enable_ssl_verification: { type: "boolean" },
      },
    },
  },
  {
    method: "POST",
    template: "/projects/:id/merge_requests/:merge_request_iid/notes",
    body: {
      type: "object",
      required: ["body"],
      additionalProperties: false,
      properties: {
        body: { type: "string", minLength: 1, maxLength: 1_000_000 },
        created_at: { type: "string" },
        internal: { type: "boolean" },
        merge_request_diff_head_sha: sha,
      },
    },
  },
  {
    method: "PUT",
    template: "/projects/:id/merge_requests/:merge_request_iid/notes/:note_id",
    body: {
      type: "object",
      required: ["body"],
      additionalProperties: false,
      properties: { body: { type: "string", minLength: 1, maxLength: 1_000_000 }, confidential: { type: "boolean" } },
    },
  },
  {
    method: "POST",
    template: "/projects/:id/merge_requests/:merge_request_iid/discussions",
    body: {
      type: "object",
      required: ["body"],
      additionalProperties: false,
      properties: {
        body: { type: "string", minLength: 1, maxLength: 1_000_000 },
        commit_id: sha,
        created_at: { type: "string" },
        position: {
          type: "object",
          required: ["base_sha", "start_sha", "head_sha", "position_type"],
          additionalProperties: false,
          properties: {
            base_sha: sha,
            start_sha: sha,
            head_sha: sha,
            position_type: { enum: ["text", "image", "file"] },
            new_path: { type: "string" },
            old_path: { type: "string" },
            new_line: { type: "integer", minimum: 1 },
            old_line: { type: "integer", minimum: 1 },
            line_range: { type: "object" },
          },
        },
      },
    },
  },
  {
    method: "POST",
    template: "/projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes",
    body: {
      type: "object",
      required: ["body"],
      additionalProperties: false,
      properties: { body: { type: "string", minLength: 1 }, created_at: { type: "string" } },
    },
  },
  {
    method: "POST",
    template: "/projects/:id/statuses/:sha",
    body: {
      type: "object",
      required: ["state"],
      additionalProperties: false,
      properties: {
        state: { enum: ["pending", "running", "success", "failed", "canceled", "skipped"] },
        ref: { type: "string" },
        name: { type: "string", maxLength: 255 },
        context: { type: "string", maxLength: 255 },
        target_url: { type: "string", format: "uri" },
        description: { type: "string", maxLength: 255 },
        coverage: { type: "number" },
        pipeline_id: { type: "integer" },
      },
    },
  },
];
