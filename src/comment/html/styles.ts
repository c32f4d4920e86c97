/**
 * The page's stylesheet (inline; the page loads nothing). Colours are
 * variables with a dark set under prefers-color-scheme; each node class also
 * has its own stroke width and dash (and a text marker, node-look.ts), so
 * classes stay apart without colour, under colour-blindness filters and in
 * print.
 *
 * The lists' items are blocks, not list items: hiding thousands of list
 * items one by one makes Chromium renumber the list for each (seconds per
 * thousand); the class marker stands where the bullet was.
 */
export const PAGE_STYLE = `:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--line:#d0d7de;--code:#f6f8fa;
--changed:#8250df;--downstream:#bc4c00;--new_data:#0969da;--no_evidence:#9a6700;--reused:#57606a;--outside:#8c959f;
--fill:#fff;--fill-reused:#f6f8fa;--hit:#fff8c5}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--line:#3d444d;--code:#151b23;
--changed:#d2a8ff;--downstream:#ffa657;--new_data:#79c0ff;--no_evidence:#e3b341;--reused:#9198a1;--outside:#656c76;
--fill:#0d1117;--fill-reused:#151b23;--hit:#3b2e00}}
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:var(--fg);background:var(--bg)}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}h3{font-size:1rem;margin:1rem 0 .3rem}
table{border-collapse:collapse;width:100%}td,th{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid var(--line)}
code,pre{font:13px ui-monospace,monospace;background:var(--code)}pre{padding:.7rem;overflow-x:auto;white-space:pre-wrap}
.muted{color:var(--muted)}
.toolbar{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap;margin:.5rem 0}
.toolbar input{font:inherit;padding:.3rem .5rem;min-width:18rem;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:4px}
.toolbar button{font:inherit;padding:.2rem .7rem;color:var(--fg);background:var(--code);border:1px solid var(--line);border-radius:4px;cursor:pointer}
.legend{display:flex;gap:1rem;flex-wrap:wrap;font-size:13px;padding:0;list-style:none}
.legend li{display:flex;gap:.35rem;align-items:center}
.legend svg{width:2.4rem;height:1.2rem}
.frame{border:1px solid var(--line);border-radius:6px;overflow:hidden;touch-action:none}
svg.lineage{display:block;width:100%;max-height:70vh;cursor:grab;user-select:none}
svg.lineage.panning{cursor:grabbing}
.n rect,.legend rect{fill:var(--fill);stroke-width:1.5}
.n text{font:12px ui-monospace,monospace;fill:var(--fg)}
.e{fill:none;stroke:var(--outside);stroke-width:1;opacity:.6}
.c-changed rect{stroke:var(--changed);stroke-width:3.5}
.c-downstream rect{stroke:var(--downstream);stroke-dasharray:7 3}
.c-new_data rect{stroke:var(--new_data);stroke-dasharray:2 3}
.c-no_evidence rect{stroke:var(--no_evidence);stroke-dasharray:8 3 2 3}
.n.c-reused rect,.legend .c-reused rect{stroke:var(--reused);stroke-width:1;fill:var(--fill-reused)}
.c-outside rect{stroke:var(--outside);stroke-width:1}
.searching .n rect,.searching .e{stroke-opacity:.2}.searching .n text{fill-opacity:.25}
.searching .n.hit rect{stroke-opacity:1;fill:var(--hit)}.searching .n.hit text{fill-opacity:1}
summary h2{display:inline}.nodes-list{padding-left:0;list-style:none}.nodes-list li{display:block;margin:.15rem 0}
.mark{display:inline-block;min-width:1.2em;font-weight:700;text-align:center}
li.c-changed .mark{color:var(--changed)}li.c-downstream .mark{color:var(--downstream)}
li.c-new_data .mark{color:var(--new_data)}li.c-no_evidence .mark{color:var(--no_evidence)}li.c-reused .mark{color:var(--reused)}
[hidden]{display:none!important}`;
