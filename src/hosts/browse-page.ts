/** `index.html`, the page to browse the site, and its script `assets/browse.js` (bundles.ts). */
import { COLLECTIONS, FILTERS, KINDS, filterKinds, typeFilters, SORTS } from '../query/semantics/index.js';

/**
 * The page: a form (type, filters, search; dates and order for exhibitions), the results,
 * pagination. A filter of some kinds only (`status`: the exhibitions') names them in
 * `data-kinds`, and the script shows it for those. Its script does the rest. Its icon is explicitly empty, so no browser
 * asks for a /favicon.ico the site has not.
 */
export function browsePage(): string {
  const filter = (name: string) => `<label>${name} <select id="${name}" name="${name}"></select></label>`;
  const ofSome = (kinds: readonly string[], fields: string) =>
    `<span class="kinds-only" data-kinds="${kinds.join(' ')}">${fields}</span>`;
  const everyKind = typeFilters('all');
  const sortLabels: Record<(typeof SORTS)[number], string> = {
    start_date: 'earliest first',
    '-start_date': 'latest first',
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trade-show exhibitions, exhibitors and service providers</title>
<link rel="icon" href="data:,">
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; }
form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
input[type=search] { flex: 1 1 14rem; font: inherit; padding: .3rem; }
.entity { border-top: 1px solid #ccc; padding: .5rem 0; list-style: none; }
.entity h2 { font-size: 1.05rem; margin: 0 0 .3rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 .8rem; margin: 0 0 .3rem; }
dt { color: #555; } dd { margin: 0; overflow-wrap: anywhere; }
.kinds-only { display: contents; } .kinds-only[hidden] { display: none; }
.links { margin: 0; font-size: .9rem; }
ol { padding: 0; }
</style>
</head>
<body>
<h1>Trade-show exhibitions, exhibitors and service providers</h1>
<p>A read-only JSON API for agents: see <a href="llms.txt">llms.txt</a>, the <a href="api/public/schema.json">schema</a> and the <a href="api/public/openapi.json">OpenAPI description</a>.</p>
<form id="query">
<label>type <select id="type" name="type">${KINDS.map((kind) => `<option value="${kind}">${COLLECTIONS[kind].replace('_', ' ')}</option>`).join('')}</select></label>
${everyKind.map(filter).join('\n')}
${FILTERS.filter((name) => !everyKind.includes(name))
  .map((name) => ofSome(filterKinds(name), filter(name)))
  .join('\n')}
${ofSome(
  ['exhibition'],
  `<label>from <input type="date" id="from" name="from"></label>
<label>to <input type="date" id="to" name="to"></label>
<label>order <select id="sort" name="sort"><option value="">default</option>${SORTS.map((sort) => `<option value="${sort}">${sortLabels[sort]}</option>`).join('')}</select></label>`,
)}
<input type="search" id="q" name="q" placeholder="search the names" aria-label="search the names">
<input type="search" id="text" name="text" placeholder="search products, tags, descriptions" aria-label="search every descriptive field">
<button type="submit">search</button>
</form>
<p id="summary" role="status"></p>
<ol id="results"></ol>
<p><button id="prev" type="button">previous</button> <button id="next" type="button">next</button></p>
<script type="module" src="assets/browse.js"></script>
</body>
</html>
`;
}
