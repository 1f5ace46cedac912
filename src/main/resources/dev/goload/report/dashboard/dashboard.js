// goload's live dashboard (docs/dashboard.md): one EventSource on "events"; the server keeps the bounded, exactly
// merged history and resends it every fineCap intervals, so this page holds at most that many points plus the
// server's history, whatever the run's length.
(function () {
  "use strict";
  var HARD_CAP = 1500; // never more points than this, even if a resync were missed
  var info = {reportSec: 0, fineCap: 240};
  var points = [];
  var charts = {}; // id -> {plot, keys}
  var received = {hello: 0, history: 0, interval: 0, "final": 0};
  var finished = null;
  var lastState = null;
  window.__dash = {points: function () { return points.length; }, received: received};

  function el(id) { return document.getElementById(id); }
  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  function fmt(v) {
    if (v === null || v === undefined) return "-";
    if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(3);
    if (Array.isArray(v)) return v.join(" ");
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  }
  function table(id, rows) {
    var h = "";
    rows.forEach(function (r) { h += "<tr><th>" + esc(r[0]) + "</th><td class=\"n\">" + esc(fmt(r[1])) + "</td></tr>"; });
    el(id).innerHTML = h;
  }

  // a rate is per measured second; a lone short interval (the run's partial last one) has none, as in the report
  function judged(p) { return !(p.n === 1 && info.reportSec > 0 && p.s < 0.5 * info.reportSec); }
  function rate(p, v) { return judged(p) && p.s > 0 ? v / p.s : null; }
  function count(name) { return function (p) { return rate(p, p.c[name]); }; }

  function latencyTags() {
    var tags = {};
    points.forEach(function (p) { Object.keys(p.lat).forEach(function (t) { tags[t] = 1; }); });
    var order = ["push", "e2e", "service", "failed", "queue", "ack", "lateness", "hiccup"];
    return Object.keys(tags).sort(function (a, b) {
      var ia = order.indexOf(a), ib = order.indexOf(b);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || (a < b ? -1 : 1);
    });
  }
  function errorKinds() {
    var k = {};
    points.forEach(function (p) { Object.keys(p.err).forEach(function (e) { k[e] = 1; }); });
    return Object.keys(k).sort();
  }

  // what to draw: [id, title, unit, [[label, fn(point)]...]]; the list follows what the points carry
  function definitions() {
    var d = [
      ["rates", "requests offered vs achieved, shed by reason", "req/s", [["offered", count("offeredReq")],
        ["achieved", count("achievedReq")], ["shed cap", count("shedCapReq")], ["shed behind", count("shedBehindReq")]]],
      ["msgs", "messages pushed, popped, acked", "msg/s", [["pushed", count("pushedMsgs")], ["popped", count("popped")],
        ["acked", count("acked")]]]
    ];
    latencyTags().forEach(function (t) {
      var s = [];
      [["p50", "p50"], ["p99", "p99"], ["p99.9", "p999"], ["max", "max"]].forEach(function (q) {
        s.push([q[0], function (p) { return p.lat[t] ? p.lat[t][q[1]] : null; }]);
      });
      var title = t === "lateness" ? "pacer lateness" : t === "hiccup" ? "loader hiccups" : t + " latency";
      d.push(["lat-" + t, title + " (per point, from its interval histograms)", "ms", s]);
    });
    var kinds = errorKinds();
    if (kinds.length) {
      d.push(["errors", "errors by kind", "per s", kinds.map(function (k) {
        return [k, function (p) { return rate(p, p.err[k] || 0); }];
      })]);
    }
    d.push(["levels", "in flight and lag", "count", [["in flight (max)", function (p) { return p.inflight; }],
      ["lag (pushed - popped)", function (p) { return p.lag; }]]]);
    d.push(["cpu", "loader CPU", "cores", [["mean", function (p) { return p.cpu; }],
      ["max", function (p) { return p.cpuMax; }]]]);
    d.push(["gc", "loader GC pause time", "ms per s", [["gc", function (p) { return rate(p, p.gcMs); }]]]);
    d.push(["bound", "loader-bound intervals", "intervals", [["bound", function (p) { return p.bound; }]]]);
    d.push(["conn", "connections to the broker", "sockets", [["open", function (p) { return p.conn.open; }],
      ["peak open", function (p) { return p.conn.peakOpen; }]]]);
    return d;
  }

  var COLORS = ["#1565c0", "#2e7d32", "#c62828", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037", "#9e9d24"];

  function draw() {
    var x = points.map(function (p) { return p.t; });
    definitions().forEach(function (def) {
      var id = def[0], keys = def[3].map(function (s) { return s[0]; }).join("|");
      var data = [x].concat(def[3].map(function (s) { return points.map(s[1]); }));
      var c = charts[id];
      if (c && c.keys !== keys) { c.plot.destroy(); c.div.remove(); c = null; delete charts[id]; }
      if (!c) {
        var div = document.createElement("div");
        div.className = "chart";
        div.id = "chart-" + id;
        el("charts").appendChild(div);
        var series = [{label: "s"}].concat(def[3].map(function (s, i) {
          return {label: s[0], stroke: COLORS[i % COLORS.length], width: 1.5, spanGaps: false};
        }));
        var plot = new uPlot({title: def[1], width: 600, height: 220, series: series,
          scales: {x: {time: false}}, axes: [{label: "s since T0"}, {label: def[2]}]}, data, div);
        charts[id] = {plot: plot, keys: keys, div: div, title: def[1]};
      } else {
        c.plot.setData(data);
      }
    });
  }

  function showState(s) {
    if (!s || !s.totals) return;
    lastState = s;
    var rows = [["t (s since T0)", s.t], ["phase", s.phase]];
    Object.keys(s.totals).forEach(function (k) { rows.push([k, s.totals[k]]); });
    var errs = s.errors || {};
    Object.keys(errs).sort().forEach(function (k) { if (errs[k]) rows.push(["errors " + k + " (whole run)", errs[k]]); });
    if (s.droppedIntervals) rows.push(["intervals the dashboard dropped (its feed fell behind)", s.droppedIntervals]);
    table("totals", rows);
    var mode = [];
    var mf = s.modeFigures;
    if (mf && typeof mf === "object") Object.keys(mf).forEach(function (k) { mode.push([k, mf[k]]); });
    table("mode", mode.length ? mode : [["(no figures of its own)", ""]]);
    if (!finished) {
      var why = el("why");
      var bound = s.loaderBound && s.loaderBound.length;
      why.className = "why " + (bound ? "bound" : "running");
      el("headline").textContent = bound ? "running: the loader limited the last interval, so its figures measure"
        + " the loader" : "running (" + s.phase + ", t=" + Math.round(s.t) + " s): the loader is not the limit";
      el("why-details").innerHTML = bound ? s.loaderBound.map(function (r) { return "<li>" + esc(r) + "</li>"; })
        .join("") : "";
    }
  }

  function showLast() {
    var p = points[points.length - 1];
    if (!p) return;
    table("loader", [["cpu cores (mean / max)", p.cpu + " / " + p.cpuMax], ["gc pauses (ms)", p.gcMs],
      ["rss MB", Math.round(p.rss / 1048576)], ["heap MB", Math.round(p.heap / 1048576)],
      ["live tasks", p.tasks], ["loader-bound intervals in point", p.bound]]);
    table("conn", [["open", p.conn.open], ["peak open", p.conn.peakOpen], ["opened", p.conn.opened],
      ["closed", p.conn.closed], ["closed by peer", p.conn.closedByPeer], ["TIME_WAIT peak", p.conn.timeWaitPeak]]);
    var first = points[0];
    el("points-note").textContent = points.length + " points from " + (first.t0) + " s to " + p.t
      + " s; older points each merge several intervals exactly (counts summed, histograms added on the server).";
  }

  function showFinal(f) {
    finished = f;
    var st = el("status");
    st.textContent = "finished";
    st.className = "badge " + (f.verdict || "NONE");
    var why = el("why");
    why.className = "why " + (f.verdict || "NONE");
    el("headline").textContent = f.headline || ("run ended" + (f.stopReason ? " (" + f.stopReason + ")" : ""));
    el("why-details").innerHTML = (f.why || []).map(function (r) { return "<li>" + esc(r) + "</li>"; }).join("");
    var h = "<h3>Final figures (the run record's, exact)</h3>";
    if (f.report) h += "<p><a id=\"report-link\" href=\"" + esc(f.report) + "\">the run's HTML report</a></p>";
    if (f.recordError) h += "<p>" + esc(f.recordError) + "</p>";
    if (f.droppedIntervals) h += "<p id=\"final-dropped\">" + esc(fmt(f.droppedIntervals)) + " intervals never reached"
      + " this page (the dashboard's feed fell behind); the figures below and the report have them all.</p>";
    if (f.counters) {
      h += "<table id=\"final-counters\">";
      Object.keys(f.counters).forEach(function (k) {
        h += "<tr><th>" + esc(k) + "</th><td class=\"n\">" + esc(fmt(f.counters[k])) + "</td></tr>";
      });
      h += "</table>";
    }
    if (f.latency) {
      h += "<table id=\"final-latency\"><tr><th>recorder</th><th>count</th><th>p50</th><th>p99</th><th>p99.9</th>"
        + "<th>max (ms)</th></tr>";
      Object.keys(f.latency).forEach(function (t) {
        var n = f.latency[t];
        h += "<tr><td>" + esc(t) + "</td>" + [n.count, n.p50, n.p99, n.p999, n.max].map(function (v) {
          return "<td class=\"n\">" + esc(fmt(v)) + "</td>";
        }).join("") + "</tr>";
      });
      h += "</table>";
    }
    el("final").innerHTML = h;
    el("final").hidden = false;
    if (f.state) showState(f.state);
  }

  function check() {
    var c = {errors: window.__goloadErrors, received: received, points: points.length, finished: !!finished,
      charts: {}};
    Object.keys(charts).forEach(function (id) { c.charts[id] = charts[id].plot.data[0].length; });
    el("goload-check").textContent = JSON.stringify(c);
  }

  function on(name, fn) {
    es.addEventListener(name, function (e) {
      received[name]++;
      try { fn(JSON.parse(e.data)); } catch (err) { window.__goloadErrors.push(name + ": " + err); }
      check();
    });
  }

  var es = new EventSource("events");
  on("hello", function (h) {
    info = h;
    var st = el("status");
    st.textContent = "live";
    st.className = "badge live";
  });
  on("history", function (h) {
    points = h.points;
    showState(h.state);
    showLast();
    if (points.length) draw();
  });
  on("interval", function (m) {
    points.push(m.point);
    if (points.length > HARD_CAP) points.splice(0, points.length - HARD_CAP);
    showState(m.state);
    showLast();
    draw();
  });
  on("final", function (f) {
    es.close();
    showFinal(f);
  });
  es.onerror = function () {
    if (!finished) { el("status").textContent = "disconnected (retrying)"; el("status").className = "badge bound"; }
  };
  check();
})();
