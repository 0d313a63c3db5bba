/**
 * A client an agent's developer would write: openapi-fetch typed by the types
 * openapi-typescript generated from the site's openapi.json (into ./generated, by the
 * test). It must compile, and prints the answers it got for the test to check.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/api.js';

const client = createClient<paths>({ baseUrl: process.argv[2] });

const listing = await client.GET('/api/public/dataset', { params: { query: { type: 'exhibitor', limit: 3 } } });
const search = await client.GET('/api/public/dataset', {
  params: { query: { type: 'exhibition', q: process.argv[3], limit: 5 } },
});
const refused = await client.GET('/api/public/dataset', { params: { query: { limit: -1 } } });
const exhibitor = await client.GET('/api/public/exhibitors/{id}.json', {
  params: { path: { id: listing.data!.exhibitors![0]!.id } },
});
const weight: number = exhibitor.data!.weight;

console.log(
  JSON.stringify({
    listing: listing.data,
    search: search.data,
    refused: { status: refused.response.status, code: refused.error?.error.code },
    exhibitor: exhibitor.data,
    weight,
  }),
);
