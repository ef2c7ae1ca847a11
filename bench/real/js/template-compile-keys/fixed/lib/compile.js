'use strict';

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compile(template) {
  const parts = template.split(/\{\{\s*([^}]+?)\s*\}\}/);
  let body = 'let out = "";\n';
  parts.forEach((part, i) => {
    if (i % 2 === 0) body += 'out += ' + JSON.stringify(part) + ';\n';
    else if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(part)) body += 'out += esc(data.' + part + ');\n';
    else throw new SyntaxError('invalid placeholder: ' + part);
  });
  body += 'return out;';
  const fn = new Function('data', 'esc', body);
  return (data) => fn(data, escapeHtml);
}

module.exports = { compile };
