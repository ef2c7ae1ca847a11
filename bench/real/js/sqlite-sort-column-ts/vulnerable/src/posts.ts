import Database from 'better-sqlite3';

export interface Post {
  id: number;
  title: string;
  published_at: string;
}

export class PostRepository {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true });
  }

  list(sort = 'published_at', direction: 'ASC' | 'DESC' = 'DESC', limit = 20): Post[] {
    const dir = direction === 'ASC' ? 'ASC' : 'DESC';
    return this.db.prepare(`SELECT id, title, published_at FROM posts ORDER BY ${sort} ${dir} LIMIT ?`).all(limit) as Post[];
  }

  byId(id: number): Post | undefined {
    return this.db.prepare('SELECT id, title, published_at FROM posts WHERE id = ?').get(id) as Post | undefined;
  }
}
