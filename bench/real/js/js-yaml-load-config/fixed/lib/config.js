const yaml = require('js-yaml');
const fs = require('fs');

function parseManifest(text) {
  const doc = yaml.safeLoad(text);
  if (!doc || typeof doc !== 'object') throw new Error('manifest must be a mapping');
  return { name: doc.name, replicas: Number(doc.replicas) || 1, env: doc.env || {} };
}

function readManifest(file) {
  return parseManifest(fs.readFileSync(file, 'utf8'));
}

module.exports = { parseManifest, readManifest };
