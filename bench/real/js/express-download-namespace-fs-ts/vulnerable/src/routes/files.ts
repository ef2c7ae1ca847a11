import type { Request, Response } from 'express';
import { Router } from 'express';
import * as FS from 'node:fs';
import * as path from 'node:path';

const UPLOADS = path.resolve(process.env.UPLOAD_DIR ?? 'uploads');

export const files = Router();

files.get('/files/:name', (request: Request, response: Response) => {
  const target = path.join(UPLOADS, request.params.name);
  if (!FS.existsSync(target)) {
    response.status(404).end();
    return;
  }
  response.setHeader('content-disposition', 'attachment');
  response.send(FS.readFileSync(target));
});
