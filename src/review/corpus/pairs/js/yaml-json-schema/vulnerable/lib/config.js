const fs = require('fs');
const yaml = require('js-yaml');

function loadConfig(file) {
  const text = fs.readFileSync(file, 'utf8');
  return yaml.load(text); // vuln: deserialization
}

module.exports = { loadConfig };
