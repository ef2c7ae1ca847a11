import { cloneTemplate } from './clone.js';

const [, , url, branch] = process.argv;
if (!url) {
  console.error('usage: create-from-template <git-url> [branch]');
  process.exit(1);
}
cloneTemplate(url, branch).then((dir) => console.log(`template ready in ${dir}`));
