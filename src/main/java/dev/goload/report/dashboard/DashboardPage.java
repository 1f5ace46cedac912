package dev.goload.report.dashboard;

import dev.goload.report.html.HtmlPage;

/**
 * The dashboard's one page: uPlot's script and stylesheet (the report's, from the {@code org.webjars.npm:uplot} jar),
 * the report's stylesheet and the dashboard's own script, all inlined, so it loads nothing but {@code events} from
 * the server that served it: no CDN. Built once per run. Stateless.
 */
final class DashboardPage {
    private DashboardPage() {}

    static String html(DashboardServer.RunInfo info) {
        String title = "goload " + info.mode() + " run " + info.runId()
                + (info.shard() == null ? "" : " (shard " + info.shard() + ")");
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" + esc(title)
                + " (live)</title>\n"
                + "<script>window.__goloadErrors=[];window.addEventListener('error',function(e){"
                + "window.__goloadErrors.push(String(e.message||e));});</script>\n"
                + "<style>" + HtmlPage.uplotCss() + "</style>\n"
                + "<style>" + HtmlPage.resource("dev/goload/report/html/report.css") + "</style>\n"
                + "<style>" + HtmlPage.resource("dev/goload/report/dashboard/dashboard.css") + "</style>\n"
                + "</head><body>\n<h1>" + esc(title) + " <span id=\"status\" class=\"badge NONE\">connecting</span></h1>\n"
                + "<div class=\"why NONE\" id=\"why\"><p class=\"why-headline\" id=\"headline\">waiting for the first"
                + " interval</p><ul id=\"why-details\"></ul></div>\n"
                + "<div id=\"final\" hidden></div>\n"
                + "<div class=\"cols\"><div><h3>Totals</h3><table id=\"totals\"></table></div>"
                + "<div><h3>Loader</h3><table id=\"loader\"></table></div>"
                + "<div><h3>Connections</h3><table id=\"conn\"></table></div>"
                + "<div><h3>Mode (" + esc(info.mode()) + ")</h3><table id=\"mode\"></table></div></div>\n"
                + "<p class=\"note\" id=\"points-note\"></p>\n"
                + "<div id=\"charts\"></div>\n"
                + "<pre id=\"goload-check\" hidden>pending</pre>\n"
                + "<script>" + HtmlPage.uplotJs() + "</script>\n"
                + "<script>" + HtmlPage.resource("dev/goload/report/dashboard/dashboard.js") + "</script>\n"
                + "</body></html>\n";
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
