/**
 * The one stylesheet of the pages (served at /app/style.css). Colours pass WCAG AA: body text and
 * muted text at 7:1 or more on their backgrounds, badges at 4.5:1 or more, chart bars at 3:1 against
 * white. No web fonts, no images: the system's own font stack.
 */
export const STYLESHEET = `
:root {
  --bg: #f5f6f8;
  --surface: #ffffff;
  --text: #15181c;
  --muted: #4a5260;
  --line: #d3d8df;
  --link: #0b57d0;
  --focus: #0b57d0;
  --ok-bg: #e5f3e9; --ok: #0b5323;
  --warn-bg: #fdf3d7; --warn: #6e4600;
  --bad-bg: #fbe7e5; --bad: #9c1010;
  --idle-bg: #eceff3; --idle: #343a42;
  --impressions: #1a6be0;
  --clicks: #167a35;
  --cost: #a35400;
  color-scheme: light;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--bg);
  color: var(--text);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif;
}
a { color: var(--link); text-underline-offset: 2px; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
code, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.92em; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.2rem 0 0.6rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 0 0 0.75rem; }
h3 { font-size: 1rem; margin: 1rem 0 0.5rem; }
p { margin: 0.4rem 0; }
.wrap { max-width: 1160px; margin: 0 auto; padding: 0 1rem; }
.skip { position: absolute; left: -999px; top: 0; background: var(--surface); padding: 0.5rem 1rem; z-index: 2; }
.skip:focus { left: 0.5rem; top: 0.5rem; }

.top { background: #1b2230; color: #f2f4f7; }
.top .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 1.25rem; min-height: 3rem; padding-top: 0.4rem; padding-bottom: 0.4rem; }
.top a, .top button.link { color: #ffffff; }
.top .brand { font-weight: 700; text-decoration: none; letter-spacing: 0.01em; }
.top .brand:hover { text-decoration: underline; }
.top .meta { color: #d5dae2; font-size: 0.9rem; }
.top .meta strong { color: #ffffff; }
.top form { margin-left: auto; }
:focus-visible.brand, .top :focus-visible { outline-color: #ffffff; }

main.wrap { padding-top: 1.25rem; padding-bottom: 2rem; }
main:focus { outline: none; }
.crumbs { font-size: 0.9rem; color: var(--muted); margin: 0 0 0.25rem; }
.lede { color: var(--muted); margin: 0 0 1rem; }
.card { background: var(--surface); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.1rem; margin: 0 0 1rem; }
.card > h2:first-child { margin-top: 0; }
.cols { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 0 1rem; }
.toc { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0 0 1rem; padding: 0; list-style: none; font-size: 0.95rem; }
.flash { background: var(--ok-bg); color: var(--ok); border: 1px solid #9fcdac; border-radius: 6px; padding: 0.5rem 0.75rem; margin: 0 0 1rem; }
.notice { color: var(--muted); font-size: 0.92rem; }

dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }

.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; width: 100%; font-size: 0.93rem; }
th, td { text-align: left; padding: 0.4rem 0.6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr:target, li:target { background: #fff6cc; }
time .nw, .nw, td.num { white-space: nowrap; }
table.rows td code { overflow-wrap: anywhere; }
tbody tr:last-child td { border-bottom: 0; }

.badge { display: inline-block; padding: 0 0.5rem; border-radius: 999px; font-size: 0.82rem; font-weight: 600; line-height: 1.6; white-space: nowrap; background: var(--idle-bg); color: var(--idle); }
.badge.ok { background: var(--ok-bg); color: var(--ok); }
.badge.warn { background: var(--warn-bg); color: var(--warn); }
.badge.bad { background: var(--bad-bg); color: var(--bad); }

.totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 0.75rem; margin: 0 0 1rem; padding: 0; list-style: none; }
.totals li { border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 0.75rem; }
.totals .label { display: block; color: var(--muted); font-size: 0.85rem; }
.totals .value { font-size: 1.3rem; font-weight: 650; font-variant-numeric: tabular-nums; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 1rem; }
figure.chart { margin: 0; }
figure.chart figcaption { font-weight: 600; display: flex; justify-content: space-between; gap: 1rem; }
figure.chart svg { display: block; width: 100%; height: 130px; background: #fafbfc; border: 1px solid var(--line); border-radius: 4px; }
.axis { display: flex; justify-content: space-between; color: var(--muted); font-size: 0.8rem; font-variant-numeric: tabular-nums; }
.bar-impressions { fill: var(--impressions); }
.bar-clicks { fill: var(--clicks); }
.bar-cost { fill: var(--cost); }
.gridline { stroke: var(--line); stroke-width: 1; }
details { margin-top: 0.75rem; }
summary { cursor: pointer; color: var(--link); }

.slot { border-top: 1px solid var(--line); padding-top: 0.75rem; margin-top: 0.75rem; }
.slot:first-of-type { border-top: 0; padding-top: 0; margin-top: 0; }
.sections { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 0.5rem 1.25rem; }
ul.items { margin: 0; padding-left: 1.1rem; }
ul.items li { margin: 0.1rem 0; overflow-wrap: anywhere; }
.tag { color: var(--muted); font-size: 0.85rem; }
ul.plain { list-style: none; margin: 0; padding: 0; }
ul.plain li { margin: 0.15rem 0; }

form { margin: 0; }
.form-row { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0.5rem 0.9rem; margin: 0.5rem 0; }
.field { display: flex; flex-direction: column; gap: 0.15rem; min-width: 9rem; }
.field.check { flex-direction: row; align-items: center; gap: 0.4rem; min-width: 0; padding-top: 1.6rem; }
.field.grow { flex: 1 1 14rem; }
label { font-weight: 600; font-size: 0.9rem; }
.hint { color: var(--muted); font-size: 0.82rem; margin: 0; }
.error { color: var(--bad); font-size: 0.88rem; font-weight: 600; margin: 0; }
input, select, button { font: inherit; }
input[type=text], input[type=number], select {
  border: 1px solid #8a929e; border-radius: 5px; padding: 0.35rem 0.5rem; background: #fff; color: var(--text); min-height: 2.25rem; width: 100%;
}
input[aria-invalid=true] { border-color: var(--bad); box-shadow: 0 0 0 1px var(--bad); }
input[type=checkbox] { width: 1.1rem; height: 1.1rem; }
button { border: 1px solid #0a4fbd; background: #0b57d0; color: #fff; border-radius: 5px; padding: 0.35rem 0.9rem; min-height: 2.25rem; cursor: pointer; font-weight: 600; }
button:hover { background: #0947ad; }
button.secondary { background: #fff; color: #0b57d0; }
button.danger { background: #a11212; border-color: #8a0f0f; }
button.danger:hover { background: #8a0f0f; }
button.link { background: none; border: 0; padding: 0; min-height: 0; color: var(--link); text-decoration: underline; font-weight: 400; }
.actions { align-self: flex-end; padding-top: 1.4rem; }
.form-error { color: var(--bad); font-weight: 600; }

.foot { color: var(--muted); font-size: 0.85rem; padding-bottom: 2rem; }
.message { max-width: 42rem; }
.message pre { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 0.6rem 0.8rem; white-space: pre-wrap; overflow-wrap: anywhere; }

@media (max-width: 640px) {
  body { font-size: 15px; }
  .wrap { padding: 0 0.75rem; }
  h1 { font-size: 1.35rem; }
  dl.facts { grid-template-columns: 1fr; gap: 0; }
  dl.facts dd { margin-bottom: 0.45rem; }
  .card { padding: 0.8rem; }
  .top form { margin-left: 0; }
  .field.check { padding-top: 0; }
  .actions { padding-top: 0; }
  /* a table of records becomes one card a row: "label value" lines */
  table.rows, table.rows tbody, table.rows tr, table.rows td { display: block; width: 100%; }
  table.rows thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  table.rows tr { padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
  table.rows tbody tr:last-child { border-bottom: 0; }
  table.rows td, table.rows td.num { display: grid; grid-template-columns: 6.5rem minmax(0, 1fr); gap: 0.75rem; padding: 0.1rem 0; border: 0; text-align: left; }
  table.rows td::before { content: attr(data-label); color: var(--muted); font-weight: 600; font-size: 0.85rem; }
  table.rows .cell { overflow-wrap: anywhere; }
}
`;
