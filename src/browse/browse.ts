/**
 * The browse page's script (`assets/browse.js`, bundled with the client SDK at compile
 * time): pick a type, filter by the values of the facets, search by name or full text, ask
 * exhibitions by status and date, page through the results. The page's URL holds the view
 * (`/?type=exhibitor&country=china&q=auto&offset=20`): it is read on load and written on
 * every search, so a view can be bookmarked, shared and gone back to. Text from the data
 * only ever goes into `textContent`, and into link `href`s that are http(s) URLs: it is
 * never interpreted as HTML.
 */
import { createClient, type ErrorBody } from '../client/index.js';
import { facetPath } from '../query/formats/index.js';
import {
  COLLECTIONS,
  FILTERS,
  KINDS,
  SCHEDULE_PARAMETERS,
  kindFilters,
  NAME_FIELDS,
  type Kind,
  DATASET_PARAMETERS,
  normalize,
} from '../query/semantics/index.js';
import { fieldLabel } from './field-labels.js';

declare const document: {
  getElementById(id: string): any;
  createElement(tag: string): any;
  querySelectorAll(selector: string): any[];
};
declare const location: { href: string; search: string };
declare const history: {
  pushState(state: unknown, title: string, url: string): void;
  replaceState(state: unknown, title: string, url: string): void;
};
declare const window: { addEventListener(type: string, listener: () => void): void };

const PAGE = 20;
// The form's fields, each named as its parameter: the dataset parameters the page has a field for (the window's apart).
const FIELDS = DATASET_PARAMETERS.filter(
  (name) => name !== 'limit' && name !== 'offset' && document.getElementById(name) !== null,
);

// The site root: the folder the page is served from.
const baseUrl = new URL('.', location.href).href.replace(/\/$/, '');
const client = createClient({ baseUrl });
const form = document.getElementById('query');
const results = document.getElementById('results');
const summary = document.getElementById('summary');
let offset = 0;

/** An element with text, never HTML. */
function element(tag: string, text?: string, className?: string): any {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A link to an http(s) URL; anything else (a `javascript:` URL) stays text. Links off the site open apart and pass nothing on. */
function link(url: unknown, text: string): any {
  const target = typeof url === 'string' && URL.canParse(url) ? new URL(url) : undefined;
  if (target === undefined || (target.protocol !== 'http:' && target.protocol !== 'https:'))
    return element('span', text);
  const anchor = element('a', text);
  anchor.href = target.href;
  if (!target.href.startsWith(`${baseUrl}/`)) anchor.rel = 'noopener noreferrer nofollow';
  return anchor;
}

/** The form's field of a parameter. */
function field(name: string): any {
  return document.getElementById(name);
}

/** Shows the fields of the kind (those of some kinds only name them in `data-kinds`), and fills its filters with the facets' values. */
async function showKind(kind: Kind): Promise<void> {
  for (const only of document.querySelectorAll('.kinds-only'))
    only.hidden = !String(only.dataset.kinds).split(' ').includes(kind);
  for (const filter of kindFilters(kind)) {
    const select = field(filter);
    const chosen = select.value;
    select.replaceChildren(element('option', `any ${fieldLabel(filter).toLowerCase()}`));
    select.firstChild.value = '';
    const answer = await client.request(`/${facetPath(kind, filter)}`);
    if (answer.status !== 200) continue;
    for (const { label, count } of JSON.parse(answer.body).values as { label: string; count: number }[]) {
      const option = element('option', `${label} (${count})`);
      option.value = label;
      select.append(option);
    }
    choose(select, chosen);
  }
}

/** Selects the option of `value` (compared as filters compare, by {@link normalize}); a value no option has gets one, so the view holds. */
function choose(select: any, value: string): void {
  if (value === '') return void (select.value = '');
  const wanted = normalize(value);
  const option = [...select.options].find((candidate: { value: string }) => normalize(candidate.value) === wanted);
  if (option === undefined) {
    const added = element('option', value);
    added.value = value;
    select.append(added);
  }
  select.value = option?.value ?? value;
}

/** The query the form and the window ask, parameters in canonical order; only those of the kind. */
function formQuery(): URLSearchParams {
  const kind = field('type').value as Kind;
  const query = new URLSearchParams({ type: kind });
  for (const name of FIELDS) {
    if (name === 'type' || field(name).closest('[hidden]') !== null) continue;
    const value = String(field(name).value ?? '').trim();
    if (value !== '') query.set(name, value);
  }
  if (offset > 0) query.set('offset', String(offset));
  return query;
}

/** Sets the form and the window from the page's URL (unknown names are left for the API to refuse). */
async function readUrl(): Promise<void> {
  const query = new URLSearchParams(location.search);
  const type = query.get('type');
  const kind: Kind = (KINDS as readonly string[]).includes(type ?? '') ? (type as Kind) : KINDS[0];
  field('type').value = kind;
  for (const name of FIELDS)
    if (name !== 'type' && field(name).tagName !== 'SELECT') field(name).value = query.get(name) ?? '';
  choose(field('sort'), query.get('sort') ?? '');
  await showKind(kind);
  for (const filter of kindFilters(kind)) choose(field(filter), query.get(filter) ?? '');
  offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0);
}

function fieldsOf(entity: Record<string, unknown>): any {
  const list = element('dl');
  const links = (entity._links ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(entity)) {
    if (
      name === '_links' ||
      name === '_rag_text' ||
      name === '_version' ||
      value === null ||
      (Array.isArray(value) && value.length === 0)
    )
      continue;
    list.append(element('dt', fieldLabel(name)), valueOf(name, value, links));
  }
  return list;
}

// A field's value: URLs as links, an exhibitor's exhibitions as links to them, the rest as text.
function valueOf(name: string, value: unknown, links: Record<string, unknown>): any {
  const cell = element('dd');
  const values = Array.isArray(value) ? value : [value];
  const related = name === 'exhibition_ids' && Array.isArray(links.exhibitions) ? links.exhibitions : undefined;
  values.forEach((item, i) => {
    if (i > 0) cell.append(', ');
    const text = String(item);
    cell.append(
      related !== undefined ? link(related[i], text) : /_url$|^case_images$/.test(name) ? link(item, text) : text,
    );
  });
  return cell;
}

// The links of an entity to what is related: its document, an exhibition's exhibitors and the providers of its place.
function relatedLinks(entity: Record<string, unknown>): any {
  const links = (entity._links ?? {}) as Record<string, unknown>;
  const line = element('p', undefined, 'links');
  const named: [string, string][] = [
    ['self', 'raw JSON'],
    ['exhibitors', 'its exhibitors (JSON)'],
    ['providers', 'service providers there (JSON)'],
  ];
  for (const [key, text] of named) if (typeof links[key] === 'string') line.append(link(links[key], text), ' ');
  return line;
}

/**
 * Asks the form's query, shows the answer and writes the view into the page's URL: a new
 * history entry when the view changed here, the same entry (in canonical form) when it was
 * read from the URL.
 */
async function search(changed = true): Promise<void> {
  const query = formQuery();
  const kind = query.get('type') as Kind;
  const url = `?${query}`;
  if (!changed) history.replaceState(null, '', url);
  else if (url !== location.search) history.pushState(null, '', url);
  summary.textContent = 'searching…';
  try {
    const answer = await client.request(`/api/public/dataset?${query}&limit=${PAGE}`);
    const body = JSON.parse(answer.body) as Record<string, unknown> & { _meta: { total: number; next: string | null } };
    if (answer.status !== 200) {
      results.replaceChildren();
      summary.textContent = (body as unknown as ErrorBody).error.message;
      return;
    }
    const entities = (body[COLLECTIONS[kind]] ?? []) as Record<string, unknown>[];
    results.replaceChildren(
      ...entities.map((entity) => {
        const item = element('li', undefined, 'entity');
        const names = NAME_FIELDS[kind]
          .map((name) => entity[name])
          .filter((name) => typeof name === 'string')
          .join(' · ');
        item.append(element('h2', names || String(entity.id)), fieldsOf(entity), relatedLinks(entity));
        return item;
      }),
    );
    const total = body._meta.total;
    summary.textContent = total === 0 ? 'nothing found' : `${offset + 1}–${offset + entities.length} of ${total}`;
    field('prev').disabled = offset === 0;
    field('next').disabled = body._meta.next === null;
  } catch (error) {
    results.replaceChildren();
    summary.textContent = `the site did not answer: ${(error as Error).message}`;
  }
}

const again = () => ((offset = 0), void search());
form.addEventListener('submit', (event: { preventDefault(): void }) => (event.preventDefault(), again()));
field('type').addEventListener('change', () => void showKind(field('type').value).then(again));
// A filter or date changed asks at once; a search asks when sent.
// The filters and schedule parameters the form has a field for (start_from and start_to it has none).
for (const name of [...FILTERS, ...SCHEDULE_PARAMETERS].filter((name) => FIELDS.includes(name)))
  field(name).addEventListener('change', again);
field('prev').addEventListener('click', () => ((offset = Math.max(0, offset - PAGE)), void search()));
field('next').addEventListener('click', () => ((offset += PAGE), void search()));
const fromUrl = () => void readUrl().then(() => search(false));
window.addEventListener('popstate', fromUrl);
fromUrl();
