// Browser bundle: search box, notifications, embedded widget messaging and deep links.
import DOMPurify from "dompurify";

const ALLOWED_ORIGINS = ["https://app.example.com", "https://admin.example.com"];

function getParam(name) {
  return new URLSearchParams(window.location.search).get(name);
}

export function renderSearchTitle() {
  const q = getParam("q");
  document.getElementById("title").innerHTML = "Results for " + q; // vuln: xss
  document.getElementById("title2").textContent = "Results for " + q; // safe: xss text content
  document.getElementById("title3").innerHTML = DOMPurify.sanitize("Results for " + q); // safe: xss sanitized
}

export function renderHash() {
  const frag = decodeURIComponent(location.hash.substring(1));
  const box = document.querySelector("#box");
  box.insertAdjacentHTML("beforeend", `<p>${frag}</p>`); // vuln: xss
  box.innerText = frag; // safe: xss text
  const count = Number(frag);
  box.innerHTML = `<b>${count}</b> items`; // safe: xss number
}

function notify(list, items) {
  list.innerHTML = items.map((i) => `<li>${i.title}</li>`).join(""); // safe: xss server data not tainted
}

export function followNext() {
  const next = getParam("next");
  window.location.href = next; // vuln: open-redirect
}

export function followNextSafe() {
  const next = getParam("next");
  if (next && next.startsWith("/") && !next.startsWith("//")) {
    window.location.href = next; // safe: open-redirect relative path check
  }
  location.href = "/home"; // safe: open-redirect constant
}

window.addEventListener("message", (event) => {
  document.getElementById("widget").innerHTML = event.data.html; // vuln: xss todo: message event data
});

window.addEventListener("message", (event) => {
  if (!ALLOWED_ORIGINS.includes(event.origin)) return;
  const frame = document.getElementById("frame");
  frame.textContent = event.data.text; // safe: xss text content
});

window.addEventListener("message", (e) => {
  if (e.origin !== "https://app.example.com") return;
  document.getElementById("status").innerHTML = DOMPurify.sanitize(e.data.status); // safe: xss sanitized
});

export function loadTheme() {
  const theme = getParam("theme");
  const themes = { dark: "/css/dark.css", light: "/css/light.css" };
  const link = document.createElement("link");
  link.href = themes[theme] || themes.light;
  document.head.appendChild(link);
  document.write("<link rel=stylesheet href='" + theme + ".css'>"); // vuln: xss
}

export function jumpTo() {
  const section = location.hash.slice(1);
  location.assign("/docs#" + encodeURIComponent(section)); // safe: open-redirect fixed path
  location.replace("/docs/" + (section ? "index" : "")); // safe: open-redirect constant choice
}

// A debugger page's PIN form posts back to the page it is on; a widget loads a URL named in the fragment.
function initPinBox(form, secret) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const pin = encodeURIComponent(form.pin.value);
    fetch(`${document.location}?cmd=pinauth&pin=${pin}&s=${encodeURIComponent(secret)}`); // safe: ssrf the page's own address
    fetch(location.href + "&frame=" + encodeURIComponent(location.hash.slice(1))); // safe: ssrf the page's own address
    fetch(location.hash.slice(1) + "/widget.json"); // vuln: ssrf
  });
}

// Diagnostics a page prints to the browser's own console: no server's log line to forge.
export function warnSkippedHydration() {
  const search = new URLSearchParams(window.location.search);
  if (search.has("debug")) console.warn(`Skipping hydration for ${search.get("debug")}`); // safe: log-injection the browser's own console
  console.info("Opened from " + document.referrer); // safe: log-injection the browser's own console
  document.getElementById("from").innerHTML = "Opened from " + document.referrer; // vuln: xss
}
