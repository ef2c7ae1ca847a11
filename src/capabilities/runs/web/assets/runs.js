// A running run's page: reads /app/runs/{id}/progress every 1.5 s and updates the numbers in place;
// reloads once the run has ended, so the findings appear. Without this script the page refreshes itself.
(function () {
  "use strict";
  var box = document.getElementById("progress");
  if (!box || box.dataset.terminal === "1") return;
  var id = box.dataset.run;
  function set(field, text) {
    var el = box.querySelector('[data-field="' + field + '"]');
    if (el && el.textContent !== text) el.textContent = text;
  }
  function tick() {
    fetch("/app/runs/" + encodeURIComponent(id) + "/progress", { headers: { accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        return r.json();
      })
      .then(function (p) {
        if (p.terminal) {
          location.reload();
          return;
        }
        set("words", p.words);
        var badge = box.querySelector('[data-field="words"]');
        if (badge) badge.className = "badge badge-" + p.tone;
        set("stage", p.stage);
        set("files", p.total === null ? "—" : (p.done || 0) + " of " + p.total);
        set("found", p.found === null ? "—" : String(p.found));
        set("elapsed", p.elapsed);
        set("remaining", p.remaining);
        var bar = box.querySelector("progress");
        if (bar && p.total) {
          bar.max = p.total;
          bar.value = p.done || 0;
        } else if (!bar && p.total) {
          bar = document.createElement("progress");
          bar.setAttribute("aria-label", "Files reviewed");
          bar.max = p.total;
          bar.value = p.done || 0;
          box.insertBefore(bar, box.querySelector("dl"));
        }
        setTimeout(tick, 1500);
      })
      .catch(function () {
        // A network blip or a signed-out session: try again later, more slowly.
        setTimeout(tick, 5000);
      });
  }
  setTimeout(tick, 1000);
})();
