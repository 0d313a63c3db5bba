/**
 * `_rag_text` (docs/api.md#entities): the meaningful fields of an entity in both languages, one
 * labelled line each, as plain text worth embedding. No HTML, no empty labels, no `null`.
 */
import { NAME_FIELDS, type Kind } from '../../query/semantics/index.js';

type Line = readonly [label: string, value: unknown];

/** The names of the exhibition with an id (Chinese first), for the exhibitors linked to it. */
export type ExhibitionNames = (id: string) => readonly string[];

const LINES: Record<Kind, (entity: Record<string, unknown>, exhibitionNames: ExhibitionNames) => Line[]> = {
  exhibition: (e) => [
    ['Exhibition 展会', names('exhibition', e)],
    ['ID 编号', e.id],
    ['Industry 行业', [...list(e.industry_tags_en), ...list(e.industry_tags_cn)]],
    ['Location 地点', [e.venue, e.city, e.country]],
    ['Dates 日期', e.start_date === e.end_date ? e.start_date : `${e.start_date} to ${e.end_date}`],
    ['Status 状态', e.status],
    ['Organizer 主办方', e.organizer],
    ['Website 官网', e.official_url],
  ],
  exhibitor: (e, exhibitionNames) => [
    ['Exhibitor 展商', names('exhibitor', e)],
    ['ID 编号', e.id],
    ['Industry 行业', e.industry_tags],
    ['Products 产品', e.product_tags],
    ['Tags 标签', e.tags],
    ['Location 地点', [e.city, e.country]],
    ['Exhibitions 参展展会', list(e.exhibition_ids).map((id) => exhibitionNames(String(id)).join(' '))],
    ['Introduction 简介', e.intro],
    ['Exhibit history 参展历史', e.exhibit_history],
    ['Website 官网', e.official_url],
  ],
  service_provider: (e) => [
    ['Service provider 服务商', names('service_provider', e)],
    ['ID 编号', e.id],
    ['Services 服务类型', e.service_types],
    ['Regions 服务区域', e.cover_regions],
    ['Industries 擅长行业', e.good_at_industry],
    ['Introduction 简介', e.intro],
    ['Verified 已认证', e.is_verified === true ? 'yes 是' : 'no 否'],
  ],
};

/**
 * The `_rag_text` of an entity of a kind: its names, its id, its meaningful fields, and for
 * an exhibitor the names of the exhibitions it is linked to, in its order. The same entity
 * and exhibitions always give the same text.
 */
export function ragText(kind: Kind, entity: Record<string, unknown>, exhibitionNames: ExhibitionNames): string {
  const lines: string[] = [];
  for (const [label, value] of LINES[kind](entity, exhibitionNames)) {
    const text = list(value).map(plainText).filter(Boolean).join('; ');
    if (text) lines.push(`${label}: ${text}`);
  }
  return lines.join('\n');
}

/** The names an entity has, the Chinese one first. */
export function names(kind: Kind, entity: Record<string, unknown>): string[] {
  return NAME_FIELDS[kind].map((field) => entity[field]).filter((name): name is string => typeof name === 'string');
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function plainText(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const text = String(value);
  // Most values hold no markup and no white space but single spaces: nothing to replace.
  if (!PLAIN_TEXT_WORK.test(text)) return text.trim();
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (entity) => HTML_ENTITIES[entity] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const PLAIN_TEXT_WORK = /[<&]|[^\S ]| {2}/;

const HTML_ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
