import { createHash } from 'node:crypto';
import { createAvatar } from '@dicebear/core';
import * as avataaars from '@dicebear/avataaars';
import { Resvg } from '@resvg/resvg-js';

/**
 * Pictures for the demo, made here from a name, the same on every machine, nothing fetched:
 * illustrated portraits for people (DiceBear's "Avataaars" by Pablo Stanley, free for commercial
 * use) and a mark on a coloured tile for companies. Uploads are raster images only (an SVG can
 * carry script), so both are rendered to PNG with resvg (a prebuilt binary from npm).
 */

/** A number from a name, stable across machines and runs. */
const hashOf = (text: string) => createHash('sha256').update(text).digest();

const render = (svg: string, size: number) =>
  Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render().asPng());

// Soft backgrounds, as profile photos cropped on a plain wall.
const portraitBackgrounds = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7ead4', 'e8e1d4'];

/**
 * A portrait of a person: a friendly face with a calm expression, hair, skin and clothes picked
 * from the name (no silly faces, hats or eye patches: these stand in for profile photos).
 */
export function makeAvatarPng(name: string, size = 256): Buffer {
  const svg = createAvatar(avataaars, {
    seed: name,
    backgroundColor: portraitBackgrounds,
    // People's skin and hair (the style also has yellow and orange skin, and pink hair).
    skinColor: ['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'],
    hairColor: ['a55728', '2c1b18', 'b58143', 'd6b370', '724133', '4a312c', 'ecdcbf', 'c93305', 'e8e1e1'],
    facialHairColor: ['2c1b18', '4a312c', '724133', 'a55728', 'b58143'],
    mouth: ['smile', 'default', 'twinkle'],
    eyes: ['default', 'happy', 'squint'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcitedNatural', 'flatNatural'],
    top: [
      'bob',
      'bun',
      'curly',
      'curvy',
      'dreads01',
      'frizzle',
      'fro',
      'longButNotTooLong',
      'miaWallace',
      'shavedSides',
      'shortCurly',
      'shortFlat',
      'shortRound',
      'shortWaved',
      'sides',
      'straight01',
      'straight02',
      'straightAndStrand',
      'theCaesar',
      'theCaesarAndSidePart',
      'hijab',
    ],
    facialHairProbability: 20,
    facialHair: ['beardLight', 'beardMedium'],
    accessoriesProbability: 25,
    accessories: ['prescription01', 'prescription02', 'round'],
    clothing: ['blazerAndShirt', 'blazerAndSweater', 'collarAndSweater', 'shirtCrewNeck', 'shirtVNeck', 'hoodie'],
  }).toString();
  return render(svg, size);
}

// Brand colours: a strong tile and a light accent each.
const brandColours: Array<[string, string]> = [
  ['#1f4e79', '#8fc1ef'],
  ['#0f766e', '#99f6e4'],
  ['#7c3aed', '#ddd6fe'],
  ['#b45309', '#fde68a'],
  ['#be123c', '#fecdd3'],
  ['#1e293b', '#7dd3fc'],
  ['#15803d', '#bbf7d0'],
  ['#c2410c', '#fed7aa'],
  ['#0e7490', '#a5f3fc'],
  ['#4338ca', '#c7d2fe'],
];

/** Marks drawn in a 100×100 box centred on the tile, in white and the accent colour. */
const marks: Array<(accent: string) => string> = [
  // A compass needle in a ring.
  (a) =>
    `<circle cx="50" cy="50" r="30" fill="none" stroke="#fff" stroke-width="7"/><path d="M50 24 L60 50 L50 76 L40 50 Z" fill="${a}"/><circle cx="50" cy="50" r="5" fill="#fff"/>`,
  // Rising bars.
  (a) =>
    `<rect x="22" y="56" width="14" height="22" rx="3" fill="#fff"/><rect x="43" y="40" width="14" height="38" rx="3" fill="#fff"/><rect x="64" y="22" width="14" height="56" rx="3" fill="${a}"/>`,
  // Three overlapping rings.
  (a) =>
    `<g fill="none" stroke-width="6"><circle cx="40" cy="42" r="18" stroke="#fff"/><circle cx="60" cy="42" r="18" stroke="${a}"/><circle cx="50" cy="60" r="18" stroke="#fff"/></g>`,
  // A diamond in a diamond.
  (a) => `<path d="M50 18 L82 50 L50 82 L18 50 Z" fill="#fff"/><path d="M50 34 L66 50 L50 66 L34 50 Z" fill="${a}"/>`,
  // A leaf of two arcs.
  (a) =>
    `<path d="M26 74 C26 42 42 26 74 26 C74 58 58 74 26 74 Z" fill="#fff"/><path d="M30 70 L66 34" stroke="${a}" stroke-width="5" stroke-linecap="round"/>`,
  // Chevrons, one above the other.
  (a) =>
    `<path d="M24 58 L50 34 L76 58" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/><path d="M24 76 L50 52 L76 76" fill="none" stroke="${a}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A hexagon with a core.
  (a) =>
    `<path d="M50 18 L78 34 L78 66 L50 82 L22 66 L22 34 Z" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round"/><circle cx="50" cy="50" r="12" fill="${a}"/>`,
  // Waves.
  (a) =>
    `<g fill="none" stroke-width="7" stroke-linecap="round"><path d="M20 40 Q35 28 50 40 T80 40" stroke="#fff"/><path d="M20 58 Q35 46 50 58 T80 58" stroke="${a}"/><path d="M20 76 Q35 64 50 76 T80 76" stroke="#fff" opacity="0.7"/></g>`,
  // A sun: a half disc over a line.
  (a) =>
    `<path d="M26 62 A24 24 0 0 1 74 62 Z" fill="${a}"/><rect x="18" y="68" width="64" height="7" rx="3.5" fill="#fff"/><rect x="30" y="80" width="40" height="6" rx="3" fill="#fff" opacity="0.7"/>`,
  // Interlocking squares.
  (a) =>
    `<rect x="22" y="22" width="36" height="36" rx="6" fill="none" stroke="#fff" stroke-width="7"/><rect x="42" y="42" width="36" height="36" rx="6" fill="${a}"/>`,
];

/**
 * A company logo: a mark on a rounded tile in a brand colour, both picked from the name. No
 * wordmark: logos are shown at 32–64 px next to the company's name, where lettering would be
 * unreadable and say the name twice.
 */
export function makeLogoPng(name: string, options: { size?: number; variant?: number } = {}): Buffer {
  const { size = 256 } = options;
  const hash = hashOf(name);
  // `variant` picks the mark and colour outright (the demo gives each of its companies another).
  const [tile, accent] = brandColours[(options.variant ?? hash[0]!) % brandColours.length]!;
  const mark = marks[(options.variant ?? hash[1]!) % marks.length]!(accent);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tile}"/><stop offset="1" stop-color="${tile}" stop-opacity="0.85"/></linearGradient></defs>
  <rect width="100" height="100" rx="22" fill="url(#g)"/>
  <g transform="translate(10 10) scale(0.8)">${mark}</g>
</svg>`;
  return render(svg, size);
}
