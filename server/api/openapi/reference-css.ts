// The reference page's stylesheet, inline in the page: system fonts, light and dark by the
// reader's setting, tables that wrap rather than scroll, and a print layout without the contents.
export const REFERENCE_CSS = `
:root { color-scheme: light dark; --fg: #1e293b; --muted: #64748b; --bg: #fff; --panel: #f8fafc; --line: #e2e8f0; --link: #1d4ed8; --code: #f1f5f9; --accent: #047857; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e2e8f0; --muted: #94a3b8; --bg: #0f172a; --panel: #111c31; --line: #334155; --link: #93c5fd; --code: #1e293b; --accent: #34d399; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--fg); background: var(--bg);
  display: grid; grid-template-columns: 280px minmax(0, 1fr); grid-template-areas: "nav header" "nav main"; }
header { grid-area: header; padding: 24px 32px 8px; border-bottom: 1px solid var(--line); }
nav { grid-area: nav; position: sticky; top: 0; height: 100vh; overflow-y: auto; padding: 16px; border-right: 1px solid var(--line); background: var(--panel); font-size: 13px; }
nav ol { list-style: none; padding-left: 0; margin: 0; }
nav ol.actions { padding-left: 12px; margin: 4px 0 10px; }
nav li { margin: 2px 0; }
main { grid-area: main; padding: 0 32px 48px; min-width: 0; }
h1 { margin: 0 0 8px; font-size: 26px; }
h2 { margin: 32px 0 8px; font-size: 21px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
nav h2 { margin: 0 0 8px; font-size: 15px; border: 0; }
h3 { margin: 24px 0 4px; font-size: 17px; }
h4 { margin: 12px 0 4px; font-size: 14px; }
a { color: var(--link); text-decoration: none; }
a:hover { text-decoration: underline; }
a.self { color: inherit; }
code { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; background: var(--code); padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
.version, .kind, .count, .hint { font-size: 12px; font-weight: normal; color: var(--muted); }
.kind { border: 1px solid var(--line); border-radius: 9px; padding: 0 7px; }
.meta { color: var(--muted); font-size: 13px; }
.meta strong { color: var(--accent); }
.action, .component, .scheme { border-top: 1px solid var(--line); padding-top: 4px; }
table.fields { border-collapse: collapse; width: 100%; margin: 4px 0 8px; font-size: 13px; }
table.fields th, table.fields td { border: 1px solid var(--line); padding: 4px 6px; text-align: left; vertical-align: top; }
table.fields th { background: var(--panel); font-weight: 600; }
table.fields td.name { white-space: nowrap; }
.nested { margin-top: 6px; }
.scroll { overflow-x: auto; }
.type { margin: 4px 0; font-size: 13px; }
.constraints { color: var(--muted); }
@media (max-width: 800px) {
  body { display: block; }
  nav { position: static; height: auto; border-right: 0; border-bottom: 1px solid var(--line); }
  header, main { padding-left: 12px; padding-right: 12px; }
}
@media print {
  body { display: block; color: #000; background: #fff; font-size: 11pt; }
  nav { display: none; }
  a { color: #000; }
  code, table.fields th { background: none; }
  .action, .component { break-inside: avoid-page; }
  h2, h3 { break-after: avoid; }
}
`;
