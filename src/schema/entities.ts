/**
 * The zod schemas of the three kinds: the single definition of every field. They
 * validate source records (accepting the lenient source forms), validate built
 * documents, and generate the data dictionary of schema.json.
 */
import { z } from 'zod';
import { EXHIBITION_STATUSES, NAME_FIELDS, type Kind } from '../query/semantics/index.js';
import {
  dateField,
  idField,
  idListField,
  stringListField,
  tagsField,
  textField,
  urlField,
  urlListField,
} from './fields.js';

const exhibitionFields = {
  id: idField('Identifier of the exhibition, unique among exhibitions.'),
  name_cn: textField('Name in Chinese; null when the source gives none.'),
  name_en: textField('Name in English; null when the source gives none.'),
  industry_tags_cn: tagsField('Industry tags in Chinese.'),
  industry_tags_en: tagsField('Industry tags in English.'),
  country: textField('Country where the exhibition takes place.'),
  city: textField('City where the exhibition takes place.'),
  start_date: dateField('First day, YYYY-MM-DD.'),
  end_date: dateField('Last day, YYYY-MM-DD; not before start_date.'),
  status: z
    .enum(EXHIBITION_STATUSES, { error: `must be one of ${EXHIBITION_STATUSES.join(', ')}` })
    .nullable()
    .optional()
    .describe(
      'upcoming, ongoing or ended, derived from the dates against the build date (UTC); cancelled or postponed when the source says so.',
    ),
  organizer: textField('Organizer of the exhibition.'),
  venue: textField('Venue of the exhibition.'),
  official_url: urlField('Official web address (http or https).'),
};

const exhibitorFields = {
  id: idField('Identifier of the exhibitor, unique among exhibitors.'),
  company_cn: textField('Company name in Chinese; null when the source gives none.'),
  company_en: textField('Company name in English; null when the source gives none.'),
  industry_tags: tagsField('Industry tags.'),
  product_tags: tagsField('Product tags.'),
  intro: textField('Introduction of the company.'),
  exhibit_history: stringListField('History of exhibiting, one entry per item.'),
  tags: tagsField('Free tags.'),
  weight: z
    .number({ error: 'must be a number' })
    .finite()
    .default(0)
    .describe('Weight; listings order exhibitors by weight, highest first.'),
  official_url: urlField('Official web address (http or https).'),
  country: textField('Country of the company, when known.'),
  city: textField('City of the company, when known.'),
  exhibition_ids: idListField('Ids of the exhibitions the company exhibited at (only ids that exist).'),
};

const providerFields = {
  id: idField('Identifier of the service provider, unique among providers.'),
  name_cn: textField('Name in Chinese; null when the source gives none.'),
  name_en: textField('Name in English; null when the source gives none.'),
  service_types: tagsField('Types of service offered.'),
  cover_regions: tagsField('Countries and cities covered; the country and city filters match these.'),
  good_at_industry: tagsField('Industries the provider is strong in.'),
  intro: textField('Introduction of the provider.'),
  case_images: urlListField('URLs of case images (http or https).'),
  is_verified: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .describe('Whether the provider is verified; verified providers are listed first.'),
};

function requireAName<T extends z.ZodRawShape>(kind: Kind, shape: T) {
  const [cn, en] = NAME_FIELDS[kind];
  return z.object(shape).superRefine((record: Record<string, unknown>, context) => {
    if (record[cn] == null && record[en] == null) {
      context.addIssue({ code: 'custom', path: [cn], message: `at least one of ${cn} and ${en} is required` });
    }
  });
}

/** Schemas of source records, by kind. Unknown fields are stripped. */
export const SOURCE_SCHEMAS = {
  exhibition: requireAName('exhibition', exhibitionFields).superRefine((record, context) => {
    // Only two valid dates compare: a bad start_date is one problem, reported once, by its field.
    const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (isDate(record.start_date) && isDate(record.end_date) && record.end_date < record.start_date) {
      context.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `must not be before start_date (${record.start_date})`,
      });
    }
  }),
  exhibitor: requireAName('exhibitor', exhibitorFields),
  service_provider: requireAName('service_provider', providerFields),
} as const;

/** A validated source record of a kind. */
export type SourceRecord<K extends Kind> = z.output<(typeof SOURCE_SCHEMAS)[K]>;

/** The fields each kind's source schema knows, in output order. */
export const SOURCE_FIELDS: Record<Kind, readonly string[]> = {
  exhibition: Object.keys(exhibitionFields),
  exhibitor: Object.keys(exhibitorFields),
  service_provider: Object.keys(providerFields),
};

const linksOf = {
  exhibition: z
    .object({
      self: z.string().describe('URL of this exhibition.'),
      exhibitors: z.string().describe('URL of the first page of the exhibitors linked to this exhibition.'),
      providers: z
        .string()
        .describe("URL of the first page of the providers covering this exhibition's country or city."),
    })
    .strict(),
  exhibitor: z
    .object({
      self: z.string().describe('URL of this exhibitor.'),
      exhibitions: z.array(z.string()).describe('URLs of the exhibitions this exhibitor is linked to.'),
    })
    .strict(),
  service_provider: z.object({ self: z.string().describe('URL of this provider.') }).strict(),
};

const RAG_TEXT = z
  .string()
  .describe('Plain text of the meaningful fields in both languages, with labels, for semantic embedding.');

const VERSION = z
  .string()
  .regex(/^[A-Za-z0-9_-]{4}$/)
  .describe(
    'The version of this body: it changes whenever any other member does, and names the immutable copy a snapshot reads when the public document has moved on (docs/api.md#snapshots).',
  );

/** Schemas of entities as served (source fields, then `_links`, `_rag_text` and `_version`); no other key allowed. */
export const OUTPUT_SCHEMAS = {
  exhibition: z
    .object({
      ...exhibitionFields,
      status: z.enum(EXHIBITION_STATUSES).describe(exhibitionFields.status.description ?? ''),
      _links: linksOf.exhibition.describe('Links to this exhibition and its related listings.'),
      _rag_text: RAG_TEXT,
      _version: VERSION,
    })
    .strict(),
  exhibitor: z
    .object({
      ...exhibitorFields,
      _links: linksOf.exhibitor.describe('Links to this exhibitor and its exhibitions.'),
      _rag_text: RAG_TEXT,
      _version: VERSION,
    })
    .strict(),
  service_provider: z
    .object({
      ...providerFields,
      _links: linksOf.service_provider.describe('Link to this provider.'),
      _rag_text: RAG_TEXT,
      _version: VERSION,
    })
    .strict(),
} as const;
