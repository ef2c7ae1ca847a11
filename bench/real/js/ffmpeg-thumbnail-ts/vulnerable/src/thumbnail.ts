import * as ChildProcess from 'node:child_process';
import * as Path from 'node:path';

export interface ThumbOptions {
  at?: string;
  size?: string;
}

export function thumbnail(src: string, outDir: string, options: ThumbOptions = {}): string {
  const at = options.at ?? '00:00:01';
  const size = options.size ?? '320x180';
  const out = Path.join(outDir, Path.basename(src, Path.extname(src)) + '.jpg');
  ChildProcess.execSync('ffmpeg -y -ss ' + at + ' -i ' + src + ' -vframes 1 -s ' + size + ' ' + out, {
    stdio: 'ignore',
  });
  return out;
}
