/**
 * The browse page's script (`assets/browse.js`, bundled with the client SDK at compile
 * time): pick a type, filter by the values of the facets, search, page through the
 * results. Text from the data only ever goes into `textContent` and link `href`s that
 * are the site's own http(s) URLs: it is never interpreted as HTML.
 */
import { ApiError, createClient } from '../client/index.js';
import { facetPath } from '../query/formats/facets.js';
import { COLLECTIONS, FILTERS, KINDS, NAME_FIELDS, type Kind } from '../query/semantics/kinds.js';
import { SEARCHES } from '../query/semantics/searches.js';

declare const document: {
  getElementById(id: string): any;
  createElement(tag: string): any;
  querySelector(selector: string): any;
};
declare const location: { href: string };

const PAGE = 20;

// The site root: the folder the page is served from.
const baseUrl = new URL('.', location.href).href.replace(/\/$/, '');
const client = createClient({ baseUrl });
const form = document.getElementById('query');
const results = document.getElementById('results');
const status = document.getElementById('status');
let offset = 0;

/** An element with text, never HTML. */
function element(tag: string, text?: string, className?: string): any {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A link to one of the site's own URLs; anything else (a `javascript:` URL) stays text. */
function link(url: unknown, text: string): any {
  if (typeof url !== 'string' || !url.startsWith(`${baseUrl}/`)) return element('span', text);
  const anchor = element('a', text);
  anchor.href = url;
  return anchor;
}

async function loadFacets(kind: Kind): Promise<void> {
  for (const filter of FILTERS) {
    const select = document.getElementById(filter);
    const chosen = select.value;
    select.replaceChildren(element('option', `any ${filter}`));
    select.firstChild.value = '';
    const answer = await client.request(`/${facetPath(kind, filter)}`);
    if (answer.status !== 200) continue;
    for (const { label, count } of JSON.parse(answer.body).values as { label: string; count: number }[]) {
      const option = element('option', `${label} (${count})`);
      option.value = label;
      select.append(option);
    }
    select.value = chosen;
  }
}

function fieldsOf(entity: Record<string, unknown>): any {
  const list = element('dl');
  for (const [field, value] of Object.entries(entity)) {
    if (field === '_links' || field === '_rag_text' || value === null || (Array.isArray(value) && value.length === 0)) continue;
    list.append(element('dt', field), element('dd', Array.isArray(value) ? value.join(', ') : String(value)));
  }
  return list;
}

async function search(): Promise<void> {
  const kind = document.getElementById('type').value as Kind;
  const params: Record<string, string | number> = { type: kind, limit: PAGE, offset };
  for (const name of [...SEARCHES, ...FILTERS]) {
    const value = String(document.getElementById(name).value ?? '').trim();
    if (value !== '') params[name] = value;
  }
  status.textContent = 'searching…';
  try {
    const answer = (await client.dataset(params)) as unknown as Record<string, unknown> & { _meta: { total: number; next: string | null } };
    const entities = (answer[COLLECTIONS[kind]] ?? []) as Record<string, unknown>[];
    results.replaceChildren(
      ...entities.map((entity) => {
        const item = element('li', undefined, 'entity');
        const names = NAME_FIELDS[kind]
          .map((field) => entity[field])
          .filter((name) => typeof name === 'string')
          .join(' · ');
        item.append(element('h2', names || String(entity.id)), fieldsOf(entity), link((entity._links as { self?: unknown }).self, 'raw JSON'));
        return item;
      }),
    );
    const total = answer._meta.total;
    status.textContent = total === 0 ? 'nothing found' : `${offset + 1}–${offset + entities.length} of ${total}`;
    document.getElementById('prev').disabled = offset === 0;
    document.getElementById('next').disabled = answer._meta.next === null;
  } catch (error) {
    status.textContent = error instanceof ApiError ? error.message : `the site did not answer: ${(error as Error).message}`;
  }
}

form.addEventListener('submit', (event: { preventDefault(): void }) => {
  event.preventDefault();
  offset = 0;
  void search();
});
document.getElementById('type').addEventListener('change', () => {
  offset = 0;
  void loadFacets(document.getElementById('type').value).then(search);
});
for (const filter of FILTERS) document.getElementById(filter).addEventListener('change', () => ((offset = 0), void search()));
document.getElementById('prev').addEventListener('click', () => ((offset = Math.max(0, offset - PAGE)), void search()));
document.getElementById('next').addEventListener('click', () => ((offset += PAGE), void search()));
void loadFacets(KINDS[0]).then(search);
