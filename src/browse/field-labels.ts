/**
 * Field names as people read them on the browse page: `industry_tags_en` is "Industry tags
 * (English)", `official_url` "Official website". Any field without a label of its own is
 * spelled out from its name, so a field added to the schema shows without a change here.
 */

const OWN_LABELS: Record<string, string> = {
  id: 'Id',
  official_url: 'Official website',
  case_images: 'Case images',
  exhibition_ids: 'Exhibitions',
  exhibit_history: 'Exhibited at',
  good_at_industry: 'Strong in',
  cover_regions: 'Covers',
  is_verified: 'Verified',
  intro: 'Introduction',
};

const LANGUAGES: Record<string, string> = { cn: '(Chinese)', en: '(English)' };

/** The label of a field (or a filter) for people. */
export function fieldLabel(name: string): string {
  const own = OWN_LABELS[name];
  if (own !== undefined) return own;
  const words = name.split('_').map((word) => LANGUAGES[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
