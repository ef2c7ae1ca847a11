// The app's one script (served at /app/assets/app.js; CSP forbids inline scripts). Every page works without it;
// it only enhances elements that opt in with data-* attributes (listed in src/faces/web/README.md).
(() => {
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));
  const typing = (el) => el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

  // <button data-copy="id" hidden>: copies the value of #id (the page shows it as selectable text anyway).
  for (const b of $$("button[data-copy]")) {
    b.hidden = false;
    b.addEventListener("click", () => {
      const el = document.getElementById(b.dataset.copy);
      navigator.clipboard.writeText(el.value ?? el.textContent).then(() => {
        b.textContent = "Copied";
      });
    });
  }

  // <form data-autosubmit>: a changed select or checkbox applies at once (the form keeps its submit button for no-JS).
  for (const f of $$("form[data-autosubmit]")) {
    f.addEventListener("change", (e) => {
      if (e.target.matches("select, input[type=checkbox], input[type=radio]")) f.requestSubmit();
    });
  }

  // <form data-confirm="question">: asks before a destructive post.
  for (const f of $$("form[data-confirm]")) {
    f.addEventListener("submit", (e) => {
      if (!window.confirm(f.dataset.confirm)) e.preventDefault();
    });
  }

  // <input type=checkbox data-select-all="name">: toggles every checkbox named `name` in its form;
  // [data-selected-count] shows how many are checked.
  const counts = () => {
    for (const c of $$("[data-selected-count]")) {
      c.textContent = String($$(`input[type=checkbox][name="${c.dataset.selectedCount}"]:checked`).length);
    }
  };
  for (const all of $$("input[data-select-all]")) {
    all.addEventListener("change", () => {
      for (const c of $$(`input[type=checkbox][name="${all.dataset.selectAll}"]`, all.form || document)) c.checked = all.checked;
      counts();
    });
  }
  document.addEventListener("change", (e) => {
    if (e.target.matches("input[type=checkbox]")) counts();
  });

  // <element id=… data-live="seconds">: re-fetches this page every few seconds and swaps in the element with
  // the same id; stops when the fresh copy no longer carries data-live (e.g. a run that has ended).
  for (const el of $$("[data-live][id]")) {
    const tick = async () => {
      try {
        const res = await fetch(location.href, { headers: { accept: "text/html" }, credentials: "same-origin" });
        if (!res.ok) return;
        const doc = new DOMParser().parseFromString(await res.text(), "text/html");
        const fresh = doc.getElementById(el.id);
        const current = document.getElementById(el.id);
        if (!fresh || !current) return;
        current.replaceWith(fresh);
        if (fresh.hasAttribute("data-live")) setTimeout(tick, Number(fresh.dataset.live) * 1000);
      } catch {
        setTimeout(tick, Number(el.dataset.live) * 4000);
      }
    };
    setTimeout(tick, Number(el.dataset.live) * 1000);
  }

  // Keyboard: j/k move through the rows of [data-rows] (rows carry data-href), o opens the current
  // one (Enter follows its focused link), x toggles its checkbox, / focuses [data-search], ? opens the help
  // dialog (#keys), Escape closes it.
  let current = -1;
  const rows = () => $$("[data-rows] [data-href]");
  const mark = (i) => {
    const list = rows();
    if (!list.length) return;
    current = Math.max(0, Math.min(list.length - 1, i));
    for (const r of list) r.classList.remove("current");
    const row = list[current];
    row.classList.add("current");
    row.scrollIntoView({ block: "nearest" });
    const link = row.querySelector("a[href]");
    if (link) link.focus({ preventScroll: true });
  };
  for (const r of rows()) {
    r.addEventListener("click", (e) => {
      if (e.target.closest("a, input, button, label, select")) return;
      location.href = r.dataset.href;
    });
  }
  const help = document.getElementById("keys");
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape" && help?.open) return help.close();
    if (typing(e.target)) {
      if (e.key === "Escape") e.target.blur();
      return;
    }
    const list = rows();
    if (e.key === "j") mark(current + 1);
    else if (e.key === "k") mark(current < 0 ? 0 : current - 1);
    else if (e.key === "o" && current >= 0 && list[current]) location.href = list[current].dataset.href;
    else if (e.key === "x" && current >= 0 && list[current]) {
      const box = list[current].querySelector("input[type=checkbox]");
      if (box) {
        box.checked = !box.checked;
        counts();
      }
    } else if (e.key === "/") {
      const search = document.querySelector("[data-search]");
      if (!search) return;
      search.focus();
      search.select?.();
    } else if (e.key === "?" && help) {
      if (help.open) help.close();
      else help.showModal();
    } else return;
    e.preventDefault();
  });
  const close = document.querySelector("#keys [data-close]");
  if (close) close.addEventListener("click", () => help.close());
})();
