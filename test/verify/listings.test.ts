/**
 * verify's expected listings (one pass filing each rank under its listings) agree with
 * the reference semantics' own matching, listing by listing, on the sample.
 */
import { describe, expect, it } from 'vitest';
import { relationFolder } from '../../src/query/formats/index.js';
import { answerRelationPage } from '../../src/query/responses/index.js';
import { kindsOf } from '../../src/query/semantics/index.js';
import { readSite } from '../../src/site/index.js';
import { expectedListings } from '../../src/verify/expected-listings.js';
import { sampleSite } from '../helpers/site.js';

describe("verify's expected listings", () => {
  it('list, for every dataset listing, the ranks Dataset.match answers, in its order', async () => {
    const { dataset } = await readSite(sampleSite());
    const listings = expectedListings(dataset).filter((listing) => listing.filters !== undefined);
    expect(listings.length).toBeGreaterThan(500);
    for (const listing of listings) {
      for (const kind of kindsOf(listing.type))
        expect(listing.matches[kind], `${listing.folder} ${kind}`).toEqual(dataset.match(kind, listing.filters!));
    }
  });

  it('list every relation listing once, with the ranks the reference pages hold', async () => {
    const { dataset } = await readSite(sampleSite());
    const relations = expectedListings(dataset).filter((listing) => listing.filters === undefined);
    expect(new Set(relations.map((listing) => listing.folder)).size).toBe(relations.length);
    const context = {
      baseUrl: 'https://data.example.com',
      generatedAt: '',
      dictionary: { exhibition: {}, exhibitor: {}, service_provider: {} },
    };
    for (const exhibition of dataset.entities.exhibition) {
      const page = answerRelationPage(dataset, exhibition, 'exhibitors', 1, context);
      const listing = relations.find((candidate) => candidate.folder === relationFolder(exhibition, 'exhibitors'));
      expect(listing?.matches.exhibitor?.length).toBe(page._meta.total);
    }
  });
});
