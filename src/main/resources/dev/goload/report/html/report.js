// Draws the report's charts with uPlot from the JSON in #goload-data, and records what it drew in #goload-check
// ({errors, charts: [{id, points}]}) so a headless browser can tell a broken page from a good one.
(function () {
  var check = {done: false, errors: window.__goloadErrors, charts: []};
  var out = document.getElementById('goload-check');
  function publish() { out.textContent = JSON.stringify(check); }
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
                 '#bcbd22', '#17becf', '#393b79', '#637939'];
  function dur(s) {
    if (s == null) return '';
    var a = Math.abs(s), sign = s < 0 ? '-' : '';
    if (a < 120) return sign + (Math.round(a * 10) / 10) + 's';
    var h = Math.floor(a / 3600), m = Math.floor((a % 3600) / 60), sec = Math.round(a % 60);
    return sign + (h > 0 ? h + 'h' + String(m).padStart(2, '0') + 'm' : m + 'm' + String(sec).padStart(2, '0') + 's');
  }
  function quantile(x) {
    if (x == null) return '';
    var q = 100 * (1 - 1 / x);
    return q <= 0 ? 'min' : (Math.round(q * 100000) / 100000) + '%';
  }
  function num(v) {
    return v == null ? '' : Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : String(Math.round(v * 1000) / 1000);
  }
  var data;
  try {
    data = JSON.parse(document.getElementById('goload-data').textContent);
  } catch (e) {
    check.errors.push('data: ' + e);
    publish();
    return;
  }
  var timeCharts = [];
  var width = Math.max(600, Math.min(1320, document.body.clientWidth - 40));
  data.charts.forEach(function (c) {
    try {
      var el = document.getElementById(c.id);
      var xfmt = c.x.kind === 'time' ? dur : c.x.kind === 'quantile' ? quantile : num;
      var series = [{label: c.x.label, value: function (u, v) { return xfmt(v); }}];
      c.series.forEach(function (s, i) {
        var color = palette[i % palette.length];
        var opt = {label: s.label, stroke: color, width: s.points ? 0 : 1.5, spanGaps: !!c.spanGaps,
                   value: function (u, v) { return num(v); }};
        if (s.points) {
          opt.paths = function () { return null; };
          opt.points = {show: true, size: 9, fill: color, stroke: color};
        }
        series.push(opt);
      });
      var opts = {
        title: c.title, width: width, height: c.height || 240, series: series,
        scales: {x: c.x.kind === 'quantile' ? {time: false, distr: 3} : {time: false}},
        axes: [{label: c.x.label, values: function (u, vals) { return vals.map(xfmt); }},
               {label: c.y, size: 70, values: function (u, vals) { return vals.map(num); }}],
        legend: {live: true}
      };
      if (c.x.kind === 'time') {
        opts.cursor = {sync: {key: 'goload-time'}};
        opts.hooks = {setSelect: [function (u) {
          if (u.select.width <= 0) return;
          var min = u.posToVal(u.select.left, 'x'), max = u.posToVal(u.select.left + u.select.width, 'x');
          timeCharts.forEach(function (o) { if (o !== u) o.setScale('x', {min: min, max: max}); });
        }]};
      }
      var u = new uPlot(opts, [c.x.values].concat(c.series.map(function (s) { return s.values; })), el);
      if (c.x.kind === 'time') timeCharts.push(u);
      var points = 0;
      for (var i = 1; i < u.data.length; i++) {
        u.data[i].forEach(function (v) { if (v != null && isFinite(v)) points++; });
      }
      check.charts.push({id: c.id, points: points});
    } catch (e) {
      check.errors.push(c.id + ': ' + e);
    }
  });
  document.querySelectorAll('button.reset-zoom').forEach(function (b) {
    b.addEventListener('click', function () {
      timeCharts.forEach(function (u) { u.setScale('x', {min: u.data[0][0], max: u.data[0][u.data[0].length - 1]}); });
    });
  });
  check.expected = data.charts.length;
  check.done = true;
  publish();
  window.addEventListener('load', publish);
})();
