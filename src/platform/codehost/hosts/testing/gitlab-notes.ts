// Test support: the notes crs leaves on a merge request of the GitLab stand-in: plain notes (the
// summary), diff discussions on lines, and replies in a discussion. As GitLab does, a discussion on a
// line outside the diff's hunks is refused with 400.
import { randomBytes } from "node:crypto";
import { commentableLines } from "./served-repo.ts";
import type { Reply } from "./server.ts";

interface Note {
  id: number;
  body: string;
  iid: number;
  discussionId: string | null;
  position?: { new_path?: string; old_path?: string; new_line?: number };
}

/** What the notes need of the stand-in: its id counter, the served repository, a merge request's diff refs. */
export interface NotesHost {
  nextId(): number;
  gitDir(): string;
  diffRefs(iid: number): Promise<{ start_sha: string; head_sha: string }>;
}

const notFound: Reply = { status: 404, body: { message: "404 Not found" } };

export class GitLabMergeRequestNotes {
  readonly notes = new Map<number, Note>();
  /** Each discussion's notes, by discussion id. */
  readonly discussions = new Map<string, number[]>();
  private readonly host: NotesHost;

  constructor(host: NotesHost) {
    this.host = host;
  }

  /** The reply to a notes or discussions endpoint (a path template), or null for an endpoint not about notes. */
  async route(endpoint: string, iid: number | undefined, params: Record<string, string>, b: Record<string, unknown>): Promise<Reply | null> {
    switch (endpoint) {
      case "/projects/:id/merge_requests/:merge_request_iid/notes": {
        if (iid === undefined) return notFound;
        const note = { id: this.host.nextId(), body: String(b.body), iid, discussionId: null };
        this.notes.set(note.id, note);
        return { status: 201, body: noteBody(note) };
      }
      case "/projects/:id/merge_requests/:merge_request_iid/notes/:note_id": {
        const note = this.notes.get(Number(params.note_id));
        if (iid === undefined || !note || note.iid !== iid) return notFound;
        note.body = String(b.body);
        return { status: 200, body: noteBody(note) };
      }
      case "/projects/:id/merge_requests/:merge_request_iid/discussions":
        return iid === undefined ? notFound : this.createDiscussion(iid, b);
      case "/projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes": {
        const thread = this.discussions.get(String(params.discussion_id));
        if (iid === undefined || !thread) return notFound;
        const note = { id: this.host.nextId(), body: String(b.body), iid, discussionId: String(params.discussion_id) };
        this.notes.set(note.id, note);
        thread.push(note.id);
        return { status: 201, body: noteBody(note) };
      }
    }
    return null;
  }

  private async createDiscussion(iid: number, b: Record<string, unknown>): Promise<Reply> {
    const position = b.position as { new_path?: string; old_path?: string; new_line?: number; base_sha: string; head_sha: string } | undefined;
    if (position) {
      const refs = await this.host.diffRefs(iid);
      const ranges =
        refs.start_sha && refs.head_sha ? ((await commentableLines(this.host.gitDir(), refs.start_sha, refs.head_sha)).get(position.new_path ?? "") ?? []) : [];
      const line = Number(position.new_line);
      if (!ranges.some(([from, to]) => line >= from && line <= to)) {
        return { status: 400, body: { message: '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}' } };
      }
    }
    const discussionId = randomBytes(20).toString("hex");
    const note: Note = {
      id: this.host.nextId(),
      body: String(b.body),
      iid,
      discussionId,
      position: position ? { new_path: position.new_path, old_path: position.old_path, new_line: Number(position.new_line) } : undefined,
    };
    this.notes.set(note.id, note);
    this.discussions.set(discussionId, [note.id]);
    return { status: 201, body: { id: discussionId, individual_note: false, notes: [noteBody(note)] } };
  }
}

function noteBody(n: Note) {
  return {
    id: n.id,
    type: n.discussionId && n.position ? "DiffNote" : n.discussionId ? "DiscussionNote" : null,
    body: n.body,
    author: { username: "crs-bot" },
    system: false,
    noteable_type: "MergeRequest",
    noteable_iid: n.iid,
    position: n.position ? { position_type: "text", ...n.position } : undefined,
  };
}
