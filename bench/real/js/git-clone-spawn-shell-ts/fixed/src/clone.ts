import { spawn } from 'child_process';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

export function cloneTemplate(repoUrl: string, branch = 'main'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tpl-'));
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['clone', '--depth', '1', '--branch', branch, '--', repoUrl, dir], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(dir) : reject(new Error(`git exited with ${code}`))));
  });
}
