// The dashboard's trend chart, drawn with uPlot (served from the package) from the data-trend
// attribute; the table beside it stays for reading without JavaScript.
(function () {
  "use strict";
  var box = document.getElementById("trend-chart");
  if (!box || typeof uPlot !== "function") return;
  var t = JSON.parse(box.dataset.trend);
  var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  var axis = { stroke: dark ? "#c9d1d9" : "#1d2329", grid: { stroke: dark ? "#30363d" : "#e4e7ec" } };
  function size() {
    return { width: Math.max(200, box.clientWidth), height: 220 };
  }
  var opts = Object.assign(size(), {
    series: [{}, { label: "Open", stroke: "#b42318", width: 2 }, { label: "Fixed", stroke: "#12b76a", width: 2 }],
    axes: [axis, axis],
    scales: { x: { time: true } },
  });
  var chart = new uPlot(opts, [t.days, t.open, t.fixed], box);
  var timer;
  window.addEventListener("resize", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      chart.setSize(size());
    }, 100);
  });
})();
