/**
 * The demo catalogue's product drawings: one flat, front-lit illustration per kind of goods
 * (a sack of rice, a bottle of oil, a solar panel, a roll of fabric...), as SVG. Every drawing
 * sits on the same stage (a soft backdrop, a floor line and a shadow) with the same stroke and
 * light, so the catalogue looks like one shop. Rendered to WebP at seed time (pictures.ts).
 */

export type Kind =
  | 'sack'
  | 'bottle'
  | 'jar'
  | 'pouch'
  | 'solar-panel'
  | 'inverter'
  | 'battery'
  | 'generator'
  | 'street-light'
  | 'roofing'
  | 'tiles'
  | 'folded-cloth'
  | 'fabric-roll'
  | 'garment'
  | 'basket'
  | 'mask'
  | 'drum'
  | 'bag'
  | 'statuette'
  | 'beans'
  | 'chocolate'
  | 'table'
  | 'chair'
  | 'bed'
  | 'shelf'
  | 'tyre'
  | 'soap'
  | 'helmet'
  | 'sprocket';

/** Which drawing a demo product gets, from its name (names are English, French or Turkish). */
const KIND_RULES: Array<[RegExp, Kind]> = [
  [/sacks|garri|\brice\b|egusi|cement|attiéké|attieke|noix de cajou/i, 'sack'],
  [/oil|zeytinyağı|huile|aloe/i, 'bottle'],
  [/savon/i, 'soap'],
  [/shea|karité|balı|cacao pur|beurre de cacao|argile/i, 'jar'],
  [/pepper|hibiscus|chips|kahve|biber|üzüm|lokum|moringa|café|poudre|encens/i, 'pouch'],
  [/solar panel/i, 'solar-panel'],
  [/inverter/i, 'inverter'],
  [/battery/i, 'battery'],
  [/generator/i, 'generator'],
  [/street light/i, 'street-light'],
  [/roofing/i, 'roofing'],
  [/tiles/i, 'tiles'],
  [/tişört|boubou|bornoz/i, 'garment'],
  [/zeytin\b|yeşil zeytin/i, 'jar'],
  [/casque/i, 'helmet'],
  [/chaîne|pignon/i, 'sprocket'],
  [/wax|tissu/i, 'fabric-roll'],
  [/havlu|peştemal|nevresim|yastık|örtüsü|battaniye|raphia/i, 'folded-cloth'],
  [/panier/i, 'basket'],
  [/masque sculpté/i, 'mask'],
  [/djembé/i, 'drum'],
  [/sac en cuir/i, 'bag'],
  [/statuette/i, 'statuette'],
  [/fèves/i, 'beans'],
  [/chocolat/i, 'chocolate'],
  [/table basse/i, 'table'],
  [/chaise/i, 'chair'],
  [/lit double/i, 'bed'],
  [/étagère/i, 'shelf'],
  [/pneu/i, 'tyre'],
];

export function kindOf(name: string): Kind {
  return KIND_RULES.find(([rule]) => rule.test(name))?.[1] ?? 'pouch';
}

/** Colours of one product: its main colour and the label's, from a hue. */
export interface Palette {
  hue: number;
  main: string;
  dark: string;
  light: string;
  label: string;
  accent: string;
}

export function palette(hue: number): Palette {
  return {
    hue,
    main: `hsl(${hue} 55% 52%)`,
    dark: `hsl(${hue} 50% 34%)`,
    light: `hsl(${hue} 60% 78%)`,
    label: 'hsl(40 45% 96%)',
    accent: `hsl(${(hue + 180) % 360} 55% 42%)`,
  };
}

const INK = 'hsl(220 25% 18%)';
const STROKE = `stroke="${INK}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"`;
const THICK = `stroke="${INK}" stroke-width="12" stroke-linecap="round"`;
const THIN = `stroke="${INK}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"`;

/** Horizontal label lines, like printed text on a pack. */
const lines = (x: number, y: number, widths: number[], gap = 14) =>
  widths.map((w, i) => `<rect x="${x - w / 2}" y="${y + i * gap}" width="${w}" height="6" rx="3" fill="${INK}" opacity="0.55"/>`).join('');

const DRAW: Record<Kind, (p: Palette) => string> = {
  sack: (p) => `
    <path d="M130 150 Q120 120 150 108 L250 108 Q280 120 270 150 L290 330 Q292 350 270 352 L130 352 Q108 350 110 330 Z" fill="hsl(40 35% 86%)" ${STROKE}/>
    <path d="M150 108 Q200 92 250 108 L246 124 Q200 112 154 124 Z" fill="hsl(40 30% 75%)" ${THIN}/>
    <path d="M160 96 Q200 70 240 96" fill="none" ${STROKE}/>
    ${[170, 200, 230, 260, 290, 320].map((y) => `<path d="M118 ${y} L282 ${y}" stroke="hsl(40 25% 70%)" stroke-width="2"/>`).join('')}
    <rect x="140" y="200" width="120" height="90" rx="10" fill="${p.main}" ${THIN}/>
    <circle cx="200" cy="228" r="16" fill="${p.label}" ${THIN}/>
    ${lines(200, 258, [80, 56])}`,
  bottle: (p) => `
    <rect x="178" y="80" width="44" height="30" rx="6" fill="${p.dark}" ${STROKE}/>
    <path d="M184 110 L184 140 Q140 160 140 200 L140 330 Q140 352 162 352 L238 352 Q260 352 260 330 L260 200 Q260 160 216 140 L216 110 Z" fill="hsl(45 60% 92% / 0.9)" ${STROKE}/>
    <path d="M146 214 L254 214 L254 330 Q254 346 238 346 L162 346 Q146 346 146 330 Z" fill="${p.main}"/>
    <rect x="156" y="236" width="88" height="74" rx="8" fill="${p.label}" ${THIN}/>
    ${lines(200, 256, [60, 44, 52])}
    <path d="M156 170 Q150 190 152 206" fill="none" stroke="#fff" stroke-width="6" opacity="0.7" stroke-linecap="round"/>`,
  jar: (p) => `
    <rect x="128" y="132" width="144" height="34" rx="8" fill="${p.dark}" ${STROKE}/>
    <path d="M136 166 L264 166 Q282 176 282 200 L282 322 Q282 352 252 352 L148 352 Q118 352 118 322 L118 200 Q118 176 136 166 Z" fill="${p.light}" ${STROKE}/>
    <rect x="134" y="220" width="132" height="84" rx="10" fill="${p.label}" ${THIN}/>
    <circle cx="200" cy="246" r="14" fill="${p.main}"/>
    ${lines(200, 272, [84, 60])}
    <path d="M134 190 L134 320" stroke="#fff" stroke-width="7" opacity="0.6" stroke-linecap="round"/>`,
  pouch: (p) => `
    <path d="M132 110 L268 110 L276 330 Q276 352 254 352 L146 352 Q124 352 124 330 Z" fill="${p.main}" ${STROKE}/>
    <rect x="132" y="110" width="136" height="22" fill="${p.dark}" ${THIN}/>
    <circle cx="250" cy="121" r="5" fill="${p.label}"/>
    <rect x="152" y="158" width="96" height="62" rx="12" fill="${p.label}" ${THIN}/>
    ${lines(200, 176, [64, 44])}
    <ellipse cx="200" cy="278" rx="46" ry="36" fill="hsl(35 40% 90% / 0.85)" ${THIN}/>
    ${[-18, 0, 18].map((dx, i) => `<circle cx="${200 + dx}" cy="${280 + (i % 2) * 8}" r="9" fill="${p.dark}"/>`).join('')}`,
  'solar-panel': () => `
    <path d="M96 120 L304 120 L326 310 L74 310 Z" fill="hsl(215 60% 30%)" ${STROKE}/>
    ${[0, 1, 2, 3]
      .map((c) => {
        const x0 = 96 - 22 * 0 + c * 52;
        return `<path d="M${x0 + 4} 126 L${x0 + 50} 126" stroke="none"/>`;
      })
      .join('')}
    ${[1, 2, 3].map((i) => `<path d="M${96 + i * 52} 120 L${74 + i * 63} 310" stroke="hsl(210 40% 70%)" stroke-width="3"/>`).join('')}
    ${[1, 2, 3, 4].map((i) => `<path d="M${96 - i * 4.4} ${120 + i * 38} L${304 + i * 4.4} ${120 + i * 38}" stroke="hsl(210 40% 70%)" stroke-width="3"/>`).join('')}
    <path d="M110 132 L170 132 L150 200 Z" fill="#fff" opacity="0.18"/>
    <path d="M160 310 L150 350 M240 310 L250 350" ${STROKE}/>`,
  inverter: (p) => `
    <rect x="110" y="120" width="180" height="220" rx="16" fill="hsl(210 15% 92%)" ${STROKE}/>
    <rect x="136" y="146" width="128" height="56" rx="6" fill="hsl(190 60% 30%)" ${THIN}/>
    <text x="200" y="184" text-anchor="middle" font-family="DejaVu Sans Mono, monospace" font-size="26" fill="hsl(160 80% 70%)">230V</text>
    ${[0, 1, 2].map((i) => `<circle cx="${156 + i * 44}" cy="232" r="9" fill="${i === 0 ? 'hsl(130 60% 45%)' : p.main}" ${THIN}/>`).join('')}
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="136" y="${258 + i * 14}" width="128" height="6" rx="3" fill="${INK}" opacity="0.35"/>`).join('')}`,
  battery: (p) => `
    <rect x="100" y="150" width="200" height="190" rx="14" fill="hsl(220 12% 25%)" ${STROKE}/>
    <rect x="126" y="124" width="36" height="26" rx="4" fill="hsl(0 65% 50%)" ${THIN}/>
    <rect x="238" y="124" width="36" height="26" rx="4" fill="hsl(220 10% 70%)" ${THIN}/>
    <rect x="100" y="150" width="200" height="40" rx="10" fill="hsl(220 12% 35%)" ${THIN}/>
    <rect x="124" y="216" width="152" height="90" rx="8" fill="${p.main}" ${THIN}/>
    <path d="M206 232 L186 264 L204 264 L194 292 L222 254 L204 254 Z" fill="${p.label}"/>`,
  generator: (p) => `
    <path d="M100 170 L300 170 L300 320 L100 320 Z" fill="none" ${STROKE}/>
    <rect x="112" y="120" width="176" height="64" rx="14" fill="${p.main}" ${STROKE}/>
    <rect x="150" y="132" width="40" height="14" rx="4" fill="${INK}" opacity="0.6"/>
    <rect x="122" y="200" width="90" height="100" rx="10" fill="hsl(220 10% 40%)" ${STROKE}/>
    ${[0, 1, 2, 3].map((i) => `<path d="M132 ${216 + i * 20} L202 ${216 + i * 20}" stroke="hsl(220 10% 65%)" stroke-width="4"/>`).join('')}
    <rect x="222" y="212" width="64" height="56" rx="8" fill="hsl(210 15% 88%)" ${THIN}/>
    <circle cx="240" cy="232" r="7" fill="${INK}"/><circle cx="266" cy="232" r="7" fill="${INK}"/>
    <rect x="232" y="250" width="44" height="8" rx="4" fill="${p.dark}"/>
    <circle cx="128" cy="334" r="18" fill="${INK}"/><circle cx="272" cy="334" r="18" fill="${INK}"/>`,
  'street-light': (p) => `
    <path d="M200 352 L200 130 Q200 100 236 100 L284 100" fill="none" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
    <path d="M260 96 L320 96 L330 118 L250 118 Z" fill="hsl(210 10% 85%)" ${STROKE}/>
    <path d="M256 122 L324 122 L340 200 L240 200 Z" fill="hsl(50 100% 70% / 0.45)"/>
    <path d="M120 150 L190 138 L196 190 L126 202 Z" fill="hsl(215 60% 30%)" ${STROKE}/>
    <path d="M158 144 L162 196" stroke="hsl(210 40% 70%)" stroke-width="3"/>
    <rect x="184" y="300" width="32" height="52" rx="6" fill="${p.dark}" ${THIN}/>`,
  roofing: (p) => `
    ${[0, 1, 2]
      .map((i) => {
        const y = 160 + i * 50;
        const waves = Array.from({ length: 9 }, (_, k) => `Q${96 + k * 24 + 12} ${y - 16} ${96 + (k + 1) * 24} ${y}`).join(' ');
        return `<path d="M96 ${y} ${waves} L312 ${y + 40} L96 ${y + 40} Z" fill="${i % 2 ? 'hsl(210 10% 78%)' : 'hsl(210 10% 70%)'}" ${STROKE}/>`;
      })
      .join('')}
    <rect x="96" y="300" width="216" height="16" fill="${p.main}" ${THIN}/>`,
  tiles: (p) =>
    [0, 1, 2]
      .map((i) => {
        const y = 110 + i * 40;
        const x = 110 + i * 12;
        return `<rect x="${x}" y="${y}" width="180" height="150" rx="6" fill="hsl(35 25% ${94 - i * 6}%)" ${STROKE}/>
          <path d="M${x + 20} ${y + 30} Q${x + 90} ${y + 10} ${x + 160} ${y + 60}" fill="none" stroke="${p.light}" stroke-width="4"/>
          <path d="M${x + 30} ${y + 90} Q${x + 100} ${y + 60} ${x + 150} ${y + 120}" fill="none" stroke="${p.main}" stroke-width="2" opacity="0.6"/>`;
      })
      .join(''),
  'folded-cloth': (p) =>
    [0, 1, 2]
      .map((i) => {
        const y = 270 - i * 62;
        const fill = [p.main, p.light, p.dark][i];
        return `<path d="M110 ${y} L290 ${y} Q306 ${y} 306 ${y + 16} L306 ${y + 44} Q306 ${y + 60} 290 ${y + 60} L110 ${y + 60} Q94 ${y + 60} 94 ${y + 44} L94 ${y + 16} Q94 ${y} 110 ${y} Z" fill="${fill}" ${STROKE}/>
          ${[0, 1, 2, 3, 4, 5].map((k) => `<path d="M${124 + k * 30} ${y + 6} L${124 + k * 30} ${y + 54}" stroke="${p.label}" stroke-width="4" opacity="0.5"/>`).join('')}`;
      })
      .join(''),
  'fabric-roll': (p) => `
    <path d="M120 170 L300 170 L300 352 L150 352 Q150 300 120 290 Z" fill="${p.main}" ${STROKE}/>
    ${[0, 1, 2, 3].map((r) => [0, 1, 2].map((c) => `<circle cx="${180 + c * 44}" cy="${206 + r * 40}" r="13" fill="${p.label}" opacity="0.85"/><circle cx="${180 + c * 44}" cy="${206 + r * 40}" r="6" fill="${p.accent}"/>`).join('')).join('')}
    <ellipse cx="120" cy="230" rx="40" ry="66" fill="${p.dark}" ${STROKE}/>
    <ellipse cx="120" cy="230" rx="14" ry="24" fill="hsl(35 35% 80%)" ${THIN}/>
    <path d="M120 164 L300 164 L300 296 L120 296" fill="none" ${STROKE}/>`,
  garment: (p) => `
    <path d="M150 110 L120 120 L70 170 L104 214 L130 196 L130 352 L270 352 L270 196 L296 214 L330 170 L280 120 L250 110 Q200 150 150 110 Z" fill="${p.main}" ${STROKE}/>
    <path d="M170 118 Q200 146 230 118" fill="none" stroke="${p.label}" stroke-width="6"/>
    <path d="M200 150 L200 250" stroke="${p.label}" stroke-width="4" stroke-dasharray="6 8"/>
    ${[0, 1, 2].map((i) => `<path d="M${168 + i * 32} 280 q16 -20 32 0" fill="none" stroke="${p.label}" stroke-width="4"/>`).join('')}`,
  basket: (p) => `
    <path d="M110 200 L290 200 L270 342 Q268 352 256 352 L144 352 Q132 352 130 342 Z" fill="hsl(38 60% 62%)" ${STROKE}/>
    ${[0, 1, 2, 3, 4].map((i) => `<path d="M${116 + i * 2} ${222 + i * 26} L${284 - i * 2} ${222 + i * 26}" stroke="hsl(30 50% 40%)" stroke-width="4"/>`).join('')}
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M${128 + i * 24} 204 L${136 + i * 21} 348" stroke="hsl(30 50% 45%)" stroke-width="3"/>`).join('')}
    <path d="M140 200 Q200 80 260 200" fill="none" stroke="hsl(30 50% 40%)" stroke-width="12" stroke-linecap="round"/>
    <rect x="110" y="192" width="180" height="16" rx="8" fill="${p.main}" ${THIN}/>`,
  mask: (p) => `
    <path d="M200 88 Q280 92 284 190 Q286 300 200 356 Q114 300 116 190 Q120 92 200 88 Z" fill="hsl(25 50% 38%)" ${STROKE}/>
    <path d="M150 180 Q170 164 190 180 Q170 196 150 180 Z M210 180 Q230 164 250 180 Q230 196 210 180 Z" fill="${INK}"/>
    <path d="M200 196 L188 262 L212 262 Z" fill="hsl(25 45% 30%)" ${THIN}/>
    <rect x="178" y="286" width="44" height="16" rx="8" fill="${INK}"/>
    ${[0, 1, 2].map((i) => `<path d="M${140 + i * 4} ${120 + i * 10} L${260 - i * 4} ${120 + i * 10}" stroke="${p.light}" stroke-width="4"/>`).join('')}
    <path d="M132 220 L152 236 M268 220 L248 236" stroke="${p.light}" stroke-width="5"/>`,
  drum: (p) => `
    <ellipse cx="200" cy="118" rx="86" ry="24" fill="hsl(38 50% 86%)" ${STROKE}/>
    <path d="M114 118 Q118 200 168 240 L168 320 L232 320 L232 240 Q282 200 286 118" fill="hsl(25 55% 40%)" ${STROKE}/>
    <path d="M168 320 Q160 340 150 352 L250 352 Q240 340 232 320" fill="hsl(25 55% 34%)" ${STROKE}/>
    ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M${122 + i * 22} 132 L${176 + i * 7} 240" stroke="${p.light}" stroke-width="3"/>`).join('')}
    <path d="M168 240 L232 240" ${THIN}/>`,
  bag: (p) => `
    <path d="M150 170 Q150 100 200 100 Q250 100 250 170" fill="none" stroke="hsl(25 55% 30%)" stroke-width="12"/>
    <path d="M110 170 L290 170 L304 336 Q306 352 290 352 L110 352 Q94 352 96 336 Z" fill="hsl(25 55% 42%)" ${STROKE}/>
    ${[0, 1, 2, 3, 4, 5].map((r) => [0, 1, 2, 3, 4, 5].map((c) => `<rect x="${118 + c * 28 + (r % 2) * 14}" y="${186 + r * 26}" width="18" height="12" rx="4" fill="hsl(25 50% 32%)"/>`).join('')).join('')}
    <rect x="180" y="176" width="40" height="20" rx="4" fill="${p.main}" ${THIN}/>`,
  statuette: (p) => `
    <rect x="150" y="316" width="100" height="36" rx="6" fill="hsl(25 40% 25%)" ${STROKE}/>
    <circle cx="200" cy="112" r="26" fill="hsl(35 60% 45%)" ${STROKE}/>
    <path d="M200 138 Q236 150 230 210 L244 316 L156 316 L170 210 Q164 150 200 138 Z" fill="hsl(35 60% 45%)" ${STROKE}/>
    <path d="M176 170 Q150 210 160 250 M224 170 Q250 210 240 250" fill="none" ${STROKE}/>
    <path d="M186 150 Q200 160 214 150" fill="none" stroke="${p.light}" stroke-width="4"/>
    <path d="M182 104 Q184 92 200 90" fill="none" stroke="hsl(45 80% 75%)" stroke-width="5" stroke-linecap="round"/>`,
  beans: (p) => `
    <path d="M90 250 L310 250 Q300 352 200 352 Q100 352 90 250 Z" fill="hsl(30 40% 80%)" ${STROKE}/>
    ${[
      [140, 236],
      [176, 222],
      [214, 226],
      [252, 238],
      [158, 250],
      [198, 244],
      [236, 252],
      [190, 208],
    ]
      .map(
        ([x, y], i) =>
          `<ellipse cx="${x}" cy="${y}" rx="20" ry="13" transform="rotate(${((i * 37) % 60) - 30} ${x} ${y})" fill="${i % 2 ? 'hsl(20 55% 30%)' : 'hsl(15 50% 38%)'}" ${THIN}/><path d="M${x - 10} ${y} Q${x} ${y - 4} ${x + 10} ${y}" stroke="hsl(25 40% 60%)" stroke-width="2" fill="none"/>`,
      )
      .join('')}
    <ellipse cx="320" cy="330" rx="34" ry="22" fill="hsl(40 80% 55%)" ${THIN}/>
    <rect x="300" y="300" width="40" height="14" rx="6" fill="${p.main}" opacity="0"/>`,
  chocolate: (p) => `
    <path d="M110 150 L290 110 L310 300 L130 340 Z" fill="hsl(20 45% 24%)" ${STROKE}/>
    ${[0, 1, 2].map((r) => [0, 1, 2, 3].map((c) => `<path d="M${124 + c * 42 + r * 4} ${160 - c * 9 + r * 56} l34 -7 l4 46 l-34 7 Z" fill="hsl(20 45% 30%)" ${THIN}/>`).join('')).join('')}
    <path d="M150 200 L320 162 L336 310 L166 348 Z" fill="${p.main}" ${STROKE}/>
    <rect x="200" y="220" width="90" height="60" rx="8" transform="rotate(-12 245 250)" fill="${p.label}" ${THIN}/>
    <text x="246" y="260" text-anchor="middle" transform="rotate(-12 245 250)" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="24" fill="${INK}">70%</text>`,
  table: () => `
    <path d="M70 200 L330 200 L350 236 L50 236 Z" fill="hsl(28 55% 45%)" ${STROKE}/>
    <rect x="50" y="236" width="300" height="20" fill="hsl(28 55% 35%)" ${STROKE}/>
    <path d="M80 256 L80 340 M320 256 L320 340 M120 256 L120 320 M280 256 L280 320" ${THICK}/>
    <path d="M110 212 Q200 206 290 214" stroke="hsl(28 50% 62%)" stroke-width="4" fill="none"/>`,
  chair: () => `
    <path d="M140 90 L260 90 L260 220 L140 220 Z" fill="hsl(20 50% 36%)" ${STROKE}/>
    ${[0, 1, 2].map((i) => `<path d="M${170 + i * 30} 100 L${170 + i * 30} 212" stroke="hsl(20 45% 50%)" stroke-width="8"/>`).join('')}
    <path d="M120 220 L280 220 L296 252 L104 252 Z" fill="hsl(20 50% 42%)" ${STROKE}/>
    <path d="M116 252 L116 350 M284 252 L284 350 M146 252 L146 330 M254 252 L254 330" ${THICK}/>`,
  bed: (p) => `
    <rect x="60" y="150" width="40" height="190" rx="6" fill="hsl(25 50% 36%)" ${STROKE}/>
    <rect x="300" y="210" width="40" height="130" rx="6" fill="hsl(25 50% 36%)" ${STROKE}/>
    <rect x="100" y="240" width="200" height="50" fill="hsl(25 50% 44%)" ${STROKE}/>
    <rect x="100" y="206" width="200" height="36" rx="8" fill="hsl(40 30% 94%)" ${STROKE}/>
    <rect x="108" y="182" width="70" height="30" rx="12" fill="${p.light}" ${THIN}/>
    <path d="M180 206 L300 206 L300 242 L170 242 Z" fill="${p.main}" ${THIN}/>`,
  shelf: (p) => `
    ${[150, 230, 310].map((y) => `<rect x="90" y="${y}" width="220" height="16" rx="4" fill="hsl(28 55% 45%)" ${STROKE}/>`).join('')}
    <path d="M120 166 L120 310 M280 166 L280 310" ${THIN}/>
    <rect x="110" y="110" width="24" height="40" rx="4" fill="${p.main}" ${THIN}/><rect x="138" y="118" width="20" height="32" rx="4" fill="${p.dark}" ${THIN}/>
    <circle cx="250" cy="204" r="24" fill="${p.light}" ${THIN}/><path d="M250 180 Q262 160 276 170" stroke="hsl(130 40% 35%)" stroke-width="6" fill="none"/>
    <rect x="150" y="270" width="60" height="40" rx="6" fill="hsl(38 60% 62%)" ${THIN}/>`,
  tyre: () => `
    <circle cx="200" cy="230" r="120" fill="hsl(220 10% 18%)" ${STROKE}/>
    ${Array.from({ length: 24 }, (_, i) => {
      const a = (i / 24) * Math.PI * 2;
      const x1 = 200 + Math.cos(a) * 104;
      const y1 = 230 + Math.sin(a) * 104;
      const x2 = 200 + Math.cos(a) * 120;
      const y2 = 230 + Math.sin(a) * 120;
      return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)} L${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="hsl(220 10% 40%)" stroke-width="6"/>`;
    }).join('')}
    <circle cx="200" cy="230" r="70" fill="hsl(220 8% 75%)" ${STROKE}/>
    <circle cx="200" cy="230" r="22" fill="hsl(220 8% 55%)" ${THIN}/>`,
  helmet: (p) => `
    <path d="M100 270 Q96 130 210 118 Q312 116 318 230 L318 300 L250 300 L240 262 L120 282 Z" fill="${p.main}" ${STROKE}/>
    <path d="M208 170 Q290 168 306 236 L236 244 Q220 196 208 170 Z" fill="hsl(210 30% 25%)" ${STROKE}/>
    <path d="M130 180 Q170 140 220 138" fill="none" stroke="#fff" stroke-width="8" opacity="0.6" stroke-linecap="round"/>
    <path d="M110 292 L250 300" ${THIN}/>`,
  sprocket: (p) => `
    ${Array.from({ length: 16 }, (_, i) => {
      const a = (i / 16) * Math.PI * 2;
      return `<rect x="-9" y="-118" width="18" height="26" rx="3" fill="hsl(220 8% 60%)" transform="translate(200 228) rotate(${(a * 180) / Math.PI})" ${THIN}/>`;
    }).join('')}
    <circle cx="200" cy="228" r="96" fill="hsl(220 8% 68%)" ${STROKE}/>
    ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${200 + Math.cos((i / 5) * Math.PI * 2) * 54}" cy="${228 + Math.sin((i / 5) * Math.PI * 2) * 54}" r="16" fill="hsl(${p.hue} 40% 92%)" ${THIN}/>`).join('')}
    <circle cx="200" cy="228" r="24" fill="${p.dark}" ${STROKE}/>
    <path d="M70 340 Q200 300 330 340" fill="none" stroke="${INK}" stroke-width="14" stroke-dasharray="18 8"/>`,
  soap: (p) => `
    <path d="M110 250 Q110 200 160 196 L250 196 Q296 200 296 250 L296 300 Q296 340 250 344 L160 344 Q110 340 110 300 Z" fill="hsl(30 30% 22%)" ${STROKE}/>
    <path d="M130 236 Q200 220 276 236" stroke="hsl(30 20% 40%)" stroke-width="5" fill="none"/>
    <rect x="150" y="130" width="120" height="56" rx="10" fill="${p.main}" ${STROKE}/>
    ${lines(210, 148, [70, 50])}
    <circle cx="120" cy="150" r="12" fill="#fff" opacity="0.7" ${THIN}/><circle cx="96" cy="180" r="8" fill="#fff" opacity="0.7" ${THIN}/>`,
};

/**
 * The product on its stage: backdrop in the product's hue, floor, shadow; `close` frames it
 * tighter (the gallery's second view); `variant` moves the backdrop's sun, so no two products share a picture.
 */
export function productSvg(kind: Kind, hue: number, close = false, variant = 0): string {
  const p = palette(hue);
  const view = close ? '50 70 300 300' : '0 0 400 400';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="${view}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 45% 95%)"/><stop offset="1" stop-color="hsl(${hue} 35% 86%)"/>
    </linearGradient>
  </defs>
  <rect x="-100" y="-100" width="600" height="600" fill="url(#bg)"/>
  <circle cx="${250 + ((variant * 37) % 120)}" cy="${70 + ((variant * 23) % 50)}" r="${56 + ((variant * 11) % 30)}" fill="hsl(${hue} 50% 90%)"/>
  <rect x="-100" y="352" width="600" height="200" fill="hsl(${hue} 30% 80%)"/>
  <ellipse cx="200" cy="356" rx="130" ry="14" fill="hsl(${hue} 30% 40%)" opacity="0.25"/>
  ${DRAW[kind](p)}
</svg>`;
}

/** A supplier's logo: initials on a round badge in the supplier's colour, with a thin ring. */
export function logoSvg(company: string, hue: number): string {
  const initials = company
    .replace(/\b(Ltd|SARL|SA|A\.Ş\.|Ltd\.|Şti\.)\b/g, '')
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0].toLocaleUpperCase('tr'))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="hsl(${hue} 45% 96%)"/>
  <circle cx="128" cy="128" r="104" fill="hsl(${hue} 55% 38%)"/>
  <circle cx="128" cy="128" r="88" fill="none" stroke="hsl(${hue} 60% 80%)" stroke-width="4"/>
  <path d="M70 170 Q128 196 186 170" fill="none" stroke="hsl(${(hue + 40) % 360} 80% 70%)" stroke-width="8" stroke-linecap="round"/>
  <text x="128" y="150" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="72" fill="#fff">${initials}</text>
</svg>`;
}

/** A banner: a row of the catalogue's goods on a wide stage in the banner's hue; the title is the app's caption. */
export function bannerSvg(hue: number, kinds: Kind[]): string {
  const p = palette(hue);
  const items = kinds
    .slice(0, 4)
    .map((kind, i) => {
      const scale = 0.6;
      // Standing on the shelf at y = 330 (each drawing's floor is at 352).
      return `<g transform="translate(${420 + i * 178} ${330 - 352 * scale}) scale(${scale})">${DRAW[kind](palette((hue + 40 + i * 70) % 360))}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
  <defs>
    <linearGradient id="b" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 60% 34%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360} 55% 50%)"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="400" fill="url(#b)"/>
  <circle cx="1040" cy="40" r="230" fill="${p.light}" opacity="0.22"/>
  <circle cx="120" cy="430" r="260" fill="${p.dark}" opacity="0.35"/>
  <ellipse cx="800" cy="190" rx="400" ry="150" fill="hsl(${hue} 70% 92%)" opacity="0.18"/>
  <rect x="400" y="328" width="820" height="18" rx="9" fill="hsl(${hue} 35% 86%)"/>
  <rect x="400" y="346" width="820" height="12" fill="hsl(${hue} 30% 30%)" opacity="0.35"/>
  ${items}
</svg>`;
}
