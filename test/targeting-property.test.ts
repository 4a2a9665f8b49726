/**
 * The generator on any text an import accepts: fast-check writes stores of words of several
 * languages and scripts, links, handles, emoji, invisible and broken characters and arbitrary
 * strings, within the import's bounds, and every answer must be one the API can serve and take
 * back: the same for the same store, and each item one a person could write through the edit
 * operation (a keyword of at most 80 characters and 10 words), in one line, of visible characters,
 * and a keyword one Google Ads takes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemInput } from '../server/schemas/targeting-input.ts';
import { generate } from '../server/targeting/generate.ts';
import type { Corpus, GenerateInput } from '../server/targeting/types.ts';

/** Pieces of real uploads' text, and of text that breaks naive code. */
// prettier-ignore
const PIECES = [
  'coffee', 'espresso', 'grinder', 'Pour Over', 'café', 'crème', "l'été", 'aujourd’hui', 'niño', 'São Paulo',
  'Straße', 'MÜNCHEN', 'the', 'and', 'of', 'de', 'la', 'à', 'und', 'y', '&', '-', '–', '—', ':', '|', '/', '#ad',
  '#Coffee', '@creator', 'https://example.com/x?y=1', 'bit.ly/abc', 'www.shop.fr', 'me@mail.example.com',
  'Subscribe', 'abonne-toi', 'link in bio', '👍', '☕️', '👨‍👩‍👧', '🇫🇷', '\u200b', '\u200d', '\u00a0', '\u202e',
  'e\u0301', 'قهوة', 'कॉफ़ी', 'コーヒー', '咖啡', 'кофе', '2017', '10%', '$5', '1080p', 'S10', '4K', 'iPhone X',
  "Rock'n'Roll", "don't", '\n', '\n\n', '\t', '...', '!!!', '"', '(', ')', '[', ']', 'A'.repeat(120), 'x', 'ß',
  'İstanbul', 'ΣΟΦΙΑ', '\ud800', '\udc00', 'ﬁ', '①', '０１２', 'a.a.a', '@a@a',
];

const text = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((w) => w.join(' ')),
  },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((w) => w.join('')),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
);
/** Text within an import's bound for the field (a title needs a character). */
const field = (max: number, min = 0) =>
  text.map((s) => s.slice(0, max)).filter((s) => s.length >= min);

const channel = (id: string) =>
  fc.record({
    id: fc.constant(id),
    title: field(200, 1),
    description: field(5000),
    handle: fc.string({ maxLength: 100 }),
    keywords: field(1000),
    country: fc.constantFrom('', 'US', 'FR'),
    subscribers: fc.nat(),
  });
const video = (channelId: string) =>
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 11 }),
    channelId: fc.constant(channelId),
    title: field(200, 1),
    description: field(5000),
    tags: fc.array(field(500), { maxLength: 5 }),
    publishedAt: fc.constant(null),
    viewCount: fc.nat(),
    comments: fc.array(
      fc.record({ id: fc.string(), text: field(10000), likeCount: fc.nat(), author: fc.string() }),
      { maxLength: 6 },
    ),
  });
const corpus: fc.Arbitrary<Corpus> = fc.record({
  channels: fc.tuple(channel('UCa'), channel('UCb')).map((pair) => [...pair]),
  videos: fc.array(fc.oneof(video('UCa'), video('UCb')), { maxLength: 6 }),
});
const brand = fc.record({
  name: field(100, 1),
  website: fc.constantFrom('', 'https://northwind.example'),
  description: field(500),
});
const input: fc.Arbitrary<GenerateInput> = fc.record({
  corpus,
  background: corpus,
  seed: fc.constant(null),
  campaign: fc.record({
    objective: field(4000),
    campaignType: fc.constantFrom(null, 'SEARCH', 'VIDEO', 'DISPLAY', 'DEMAND_GEN'),
    language: fc.constantFrom('en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'ja'),
  }),
  brands: fc.record({
    own: fc.option(brand, { nil: null }),
    others: fc.array(brand, { maxLength: 2 }),
  }),
});

/** The symbols Google Ads refuses in a keyword (KEYWORD_HAS_INVALID_CHARS), as its help lists them. */
const ADS_REFUSED = /[!@%^*()={};~\u0060<>,?\\|]/u;

/** Characters no written item holds: controls, invisible formatting, unpaired surrogates. */
const UNWRITTEN = /[\p{Cc}\p{Co}\p{Cs}]|(?![\u200c\u200d])\p{Cf}/u;

describe('targeting generation on any text an import accepts', () => {
  it('answers the same for the same store, with items the edit operation would take back', () => {
    fc.assert(
      fc.property(input, (store) => {
        const out = generate(store);
        expect(JSON.stringify(generate(structuredClone(store)))).toBe(JSON.stringify(out));
        const seen = new Set<string>();
        for (const item of out.items) {
          const { section, text: written, label, matchType, source } = item;
          const parsed = itemInput.safeParse({ section, text: written, label, matchType, source });
          expect(parsed.success, `${JSON.stringify(item)}: ${parsed.error?.message}`).toBe(true);
          expect(written, JSON.stringify(item)).toBe(written.trim());
          expect(UNWRITTEN.test(written), JSON.stringify(item)).toBe(false);
          if (section === 'keywords') {
            expect(/[\p{L}\p{N}]/u.test(written.normalize('NFKC')), written).toBe(true);
            expect(ADS_REFUSED.test(written), written).toBe(false);
          }
          const key = `${section}:${written.toLowerCase()}`;
          expect(seen.has(key), key).toBe(false);
          seen.add(key);
        }
      }),
      { numRuns: 150, seed: 29 },
    );
  });
});
