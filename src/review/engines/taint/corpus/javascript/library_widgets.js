// A UI package's widgets: the page that uses them passes user text (a comment's author, a search term) as a
// matter of course, so a widget that writes its caller's text as HTML is the bug, whoever calls it.
import { htmlEncode } from "./escape.js";

export class Tooltip {
  constructor(el) {
    this.el = el;
  }

  show(title) {
    const tip = document.createElement("div");
    tip.insertAdjacentHTML("afterbegin", `<div class="tip">${title}</div>`); // vuln: xss
    this.el.appendChild(tip);
  }

  showBold(title) {
    this.el.innerHTML = "<b>" + title + "</b>"; // vuln: xss
  }

  showText(title) {
    const tip = document.createElement("div");
    tip.textContent = title; // safe: xss text, not HTML
    this.el.appendChild(tip);
  }

  showEscaped(title) {
    this.el.insertAdjacentHTML("beforeend", `<div class="tip">${escapeHtml(title)}</div>`); // safe: xss escaped
  }
}

export function badgeEscaped(container, label) {
  container.insertAdjacentHTML("beforeend", `<span class="badge">${htmlEncode(label)}</span>`); // safe: xss escaped by an imported escaper
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function badge(container, label) {
  container.insertAdjacentHTML("beforeend", "<span class='badge'>" + label + "</span>"); // vuln: xss
}

// A container that shows the HTML it is given: its caller wrote that HTML, whole (as jQuery's `.html(html)`).
export function setContent(container, html) {
  container.insertAdjacentHTML("beforeend", html); // safe: xss the caller's own HTML, handed on whole
}

// A helper that returns markup leaves what becomes of it to its caller.
export function badgeHtml(label) {
  return "<span class='badge'>" + label + "</span>";
}

// Its caller's own message in its own console.
export function warn(message) {
  console.warn("[widgets] " + message); // safe: log-injection library input
}
