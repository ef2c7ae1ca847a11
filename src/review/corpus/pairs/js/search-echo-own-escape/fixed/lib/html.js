// The app's own markup helpers.
const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeText(value) {
  return String(value).replace(/[&<>"']/g, (c) => entities[c]);
}

function layout(title, body) {
  return `<!doctype html><title>${title}</title><main>${body}</main>`;
}

module.exports = { escapeText, layout };
