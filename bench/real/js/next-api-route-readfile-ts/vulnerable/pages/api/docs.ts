import type { NextApiRequest, NextApiResponse } from 'next';
import { promises as fs } from 'fs';
import path from 'path';

const CONTENT = path.join(process.cwd(), 'content');

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const slug = Array.isArray(req.query.slug) ? req.query.slug.join('/') : req.query.slug ?? 'index';
  try {
    const markdown = await fs.readFile(path.join(CONTENT, `${slug}.md`), 'utf8');
    res.status(200).json({ slug, markdown });
  } catch {
    res.status(404).json({ error: 'not found' });
  }
}
