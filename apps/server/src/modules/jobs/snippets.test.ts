import { describe, expect, it } from 'vitest';
import { matchEnd, matchStart, matchedSnippet, openingLength, openingSnippet } from './snippets';

const mark = (word: string) => `${matchStart}${word}${matchEnd}`;
const marked = (s: { text: string; highlights: Array<[number, number]> }) => s.highlights.map(([a, b]) => s.text.slice(a, b));

describe('search snippets', () => {
  it('starts at the sentence that holds the first match, and marks every matched word by its range', () => {
    const headline = `other engineers of your squad. You will build ${mark('Python')} services and mentor ${mark('engineers')}, alongside product.`;
    const s = matchedSnippet(headline, 'We are a small team in Berlin building tools for clinics.');
    expect(s.text).toBe('You will build Python services and mentor engineers, alongside product.');
    expect(marked(s)).toEqual(['Python', 'engineers']);
  });

  it('says "…" when the passage begins inside a sentence and has no sentence start before the match', () => {
    const s = matchedSnippet(`working closely with the ${mark('data')} team on pipelines and dashboards`, 'About us. We build things.');
    expect(s.text).toBe('…working closely with the data team on pipelines and dashboards…');
    expect(marked(s)).toEqual(['data']);
    expect(s.text[s.highlights[0]![0] - 1]).toBe(' ');
  });

  it('has no "…" before a passage that is the start of the description', () => {
    const opening = 'Senior Python Engineer wanted for our payments team. You will own the ledger.';
    const s = matchedSnippet(`Senior ${mark('Python')} Engineer wanted for our payments team.`, opening);
    expect(s.text).toBe('Senior Python Engineer wanted for our payments team.');
    expect(marked(s)).toEqual(['Python']);
  });

  it('keeps ranges right with letters outside ASCII, squashed spaces and a match at the end', () => {
    const s = matchedSnippet(
      `Zespół   w Łodzi.\nSzukamy   osoby znającej ${mark('Kotlin')}`,
      'Zespół w Łodzi. Szukamy osoby znającej Kotlin',
    );
    // The description ends with that word: no "…" after it.
    expect(s.text).toBe('Szukamy osoby znającej Kotlin');
    expect(marked(s)).toEqual(['Kotlin']);
  });

  it('gives a passage that ends at the last word of a sentence its full stop back, and "…" only where the sentence goes on', () => {
    const opening =
      'You will keep our lighthouse fleet of services running. Our engineers rotate on call weekly, and write postmortems together.';
    // ts_headline leaves out the punctuation after the passage's last word.
    const whole = matchedSnippet(
      `services running. Our ${mark('engineers')} rotate on call weekly, and write postmortems together`,
      opening,
    );
    expect(whole.text).toBe('Our engineers rotate on call weekly, and write postmortems together.');
    expect(marked(whole)).toEqual(['engineers']);
    const part = matchedSnippet(`services running. Our ${mark('engineers')} rotate on call weekly`, opening);
    expect(part.text).toBe('Our engineers rotate on call weekly…');
    // A passage ts_headline began a few words into a sentence begins at that sentence.
    const lead = matchedSnippet(`will keep our ${mark('lighthouse')} fleet of services running`, opening);
    expect(lead.text).toBe('You will keep our lighthouse fleet of services running.');
    expect(marked(lead)).toEqual(['lighthouse']);
    // Inside the description, too: no "…" before a passage that now begins at its sentence.
    const inside = 'We build tools. In this role you will work closely with product managers. More.';
    expect(matchedSnippet(`you will work closely with ${mark('product')} managers`, inside).text).toBe(
      'In this role you will work closely with product managers.',
    );
    expect(matchedSnippet(`In this role you will ${mark('work')} closely`, inside).text).toBe('In this role you will work closely…');
    // Not when that sentence began long before the passage.
    const farOpening =
      'Our clinic network has grown from two sites in Leeds to forty across the north of England over ten years, and before the ledger work. More.';
    const far = matchedSnippet(`over ten years, and before the ${mark('ledger')} work`, farOpening);
    expect(far.text).toBe('…over ten years, and before the ledger work.');
    // Past what the opening shows (a description longer than it), "…" as before.
    const long = `${opening} ${'More text follows here. '.repeat(20)}`.slice(0, openingLength);
    const later = matchedSnippet(`We ${mark('ship')} weekly`, long);
    expect(later.text).toBe('…We ship weekly…');
  });

  it('cuts a long passage at a word, dropping ranges past the cut, and never returns markers or HTML', () => {
    const long = `Intro. ${mark('Rust')} ${'word '.repeat(80)}${mark('Rust')} end.`;
    const s = matchedSnippet(long, 'Intro. Rust');
    expect(s.text.length).toBeLessThanOrEqual(262);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text).not.toMatch(/[<>]/);
    expect(s.text.includes(matchStart) || s.text.includes(matchEnd)).toBe(false);
    expect(marked(s)).toEqual(['Rust']);
  });

  it('without searched words, shows the opening, cut at a word with "…"', () => {
    const s = openingSnippet(`We build calm software for busy clinics. ${'More text here. '.repeat(30)}`);
    expect(s.text.startsWith('We build calm software for busy clinics.')).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(261);
    expect(s.text.endsWith('.') || s.text.endsWith('…')).toBe(true);
    expect(s.highlights).toEqual([]);
    expect(openingSnippet('Short and whole.')).toEqual({ text: 'Short and whole.', highlights: [] });
  });

  it('reads lines typed as bullet points as a list on one line, wherever the list starts', () => {
    const opening = 'We build robots for warehouses.\n- React and TypeScript\n- Go services.\nWhat you bring:\n* Kubernetes';
    const text = (word: string) => matchedSnippet(opening.replace(word, mark(word)), opening).text;
    expect(text('robots')).toBe('We build robots for warehouses. React and TypeScript · Go services. What you bring: Kubernetes');
    // From the sentence of the first match: the list item it is in, without its mark.
    expect(text('React')).toBe('React and TypeScript · Go services. What you bring: Kubernetes');
    expect(openingSnippet('- Remote first\n- Four-day week').text).toBe('Remote first · Four-day week');
  });
});
