export interface Session {
  id: string;
  userId: string;
  created: number;
}

const sessions = new Map<string, Session>();

function newId(): string {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < 24; i++) id += chars[Math.floor(Math.random() * chars.length)];
  return id;
}

export function createSession(userId: string): Session {
  const s = { id: newId(), userId, created: Date.now() };
  sessions.set(s.id, s);
  return s;
}
