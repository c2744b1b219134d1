/**
 * Product pictures: a clean SVG illustration per product image, drawn from the product's name, its
 * category and a colour. Pure and deterministic: the picture of a (seed, row) is the same bytes on every
 * store and database, because everything it is drawn from sits in the entity (`ProductImage`), and the
 * choices (colour, glyph where no word names one) come from a stream seeded by the entity key, apart from
 * the row's own stream, so turning pictures on or off changes no other field of the row.
 *
 * The SVG holds no script, no external reference and no event attribute: shapes, a gradient and text.
 */
import type { ProductImage } from './entities.ts';
import { hash64 } from './random/prng.ts';

/** Where the Seeder's pictures go inside a site's uploads folder. */
export const IMAGE_FOLDER = 'seeder';

/** The pictures' media type and file extension. */
export const IMAGE_MEDIA_TYPE = 'image/svg+xml';

/** Side of the square picture, in SVG user units (and pixels at 1x). */
const SIZE = 800;

/** A named colour: the product's main colour, and the darker shade its outline is drawn in. */
interface Swatch {
  readonly name: string;
  readonly hex: string;
}

export const PALETTE: readonly Swatch[] = [
  { name: 'red', hex: '#c8323c' },
  { name: 'coral', hex: '#e8735a' },
  { name: 'orange', hex: '#e8892b' },
  { name: 'mustard', hex: '#d4a72c' },
  { name: 'olive', hex: '#7d8b3a' },
  { name: 'green', hex: '#2f8f5b' },
  { name: 'teal', hex: '#1f8a8a' },
  { name: 'blue', hex: '#2f6fd0' },
  { name: 'navy', hex: '#25366b' },
  { name: 'purple', hex: '#6e4bb4' },
  { name: 'pink', hex: '#d0548c' },
  { name: 'brown', hex: '#8a5a3b' },
  { name: 'grey', hex: '#6b7280' },
  { name: 'black', hex: '#2b2b2e' },
];

/**
 * Colour words of attribute terms (a variation's "Color: Red"), in the languages the vocabularies speak
 * where they are short and unambiguous; a term that names none gets a colour from its key.
 */
const COLOUR_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(red|rot|rouge|rojo|rosso|rood|czerwony|röd|rød|punainen|červen|kırmızı|красн|червон)|赤|红|빨강|أحمر|אדום/iu, '#c8323c'],
  [/\b(orange|naranja|arancion|oranje|pomarańcz)|オレンジ|橙|주황/iu, '#e8892b'],
  [/\b(yellow|gelb|jaune|amarill|giall|geel|żółt|gul|keltainen|žlut|sarı|желт|жовт)|黄|노랑|أصفر|צהוב/iu, '#e3b505'],
  [/\b(green|grün|vert|verde|groen|zielon|grön|grøn|vihreä|zelen|yeşil|зелен)|緑|绿|초록|أخضر|ירוק/iu, '#2f8f5b'],
  [/\b(navy|marine|marino)/iu, '#25366b'],
  [/\b(blue|blau|bleu|azul|blu|blauw|niebiesk|blå|sininen|modr|mavi|син|голуб)|青|蓝|파랑|أزرق|כחול/iu, '#2f6fd0'],
  [/\b(purple|violet|lila|morado|viola|paars|fiolet|lilla|violetti|fialov|mor\b|фиолет|фіолет)|紫|보라|بنفسجي|סגול/iu, '#6e4bb4'],
  [/\b(pink|rosa|rose|roze|różow|vaaleanpunainen|růžov|pembe|розов|рожев)|ピンク|粉|분홍|وردي|ורוד/iu, '#d0548c'],
  [/\b(brown|braun|brun|marrón|marron|marrone|bruin|brązow|ruskea|hněd|kahverengi|коричнев)|茶|棕|갈색|بني|חום/iu, '#8a5a3b'],
  [/\b(beige|sand|tan|natural|natur)/iu, '#c9b28f'],
  [/\b(grey|gray|grau|gris|grigi|grijs|szar|grå|harmaa|šed|gri\b|сер|сір)|灰|회색|رمادي|אפור/iu, '#6b7280'],
  [/\b(white|weiß|weiss|blanc|blanco|bianc|wit\b|biał|vit\b|hvid|hvit|valkoinen|bíl|beyaz|бел|біл)|白|흰|أبيض|לבן/iu, '#eef0f3'],
  [/\b(black|schwarz|noir|negro|nero|zwart|czarn|svart|sort|musta|čern|siyah|черн|чорн)|黒|黑|검정|أسود|שחור/iu, '#2b2b2e'],
];

/** The colour an attribute term names, if it names one. */
export function colourOfTerm(term: string): string | undefined {
  return COLOUR_WORDS.find(([re]) => re.test(term))?.[1];
}

/**
 * What kind of thing a product is, from words of its name or category (English and the vocabularies'
 * common nouns); the picture draws that thing. Unmatched names get a parcel.
 */
const GLYPH_WORDS: ReadonlyArray<readonly [Glyph, RegExp]> = [
  ['shirt', /shirt|hoodie|jacket|sweater|trouser|shorts|dress|\btops?\b|skirt|sock|beanie|\bcap\b|clothing|apparel|cloth|pullover|hemd|jacke|mantel|chemise|veste|pull|camis|chaqueta|giacca|maglia|jas\b|trui|koszul|kurtk|tröja|jakke|paita|takki|triko|bunda|gömlek|ceket|рубаш|куртк|сорочк|シャツ|パーカー|ジャケット|衬衫|夹克|卫衣|셔츠|재킷|후드|قميص|سترة|חולצ|מעיל/iu],
  ['shoe', /sneaker|boot|shoe|sandal|schuh|stiefel|chaussure|zapat|bota|scarp|schoen|laars|but[yó]|sko\b|kenkä|boty|ayakkab|ботин|кроссов|кросів|черевик|靴|スニーカー|鞋|신발|운동화|حذاء|נעל/iu],
  ['mug', /mug|cup|tumbler|teapot|press|kettle|becher|tasse|teekanne|kocher|taza|tazza|mok\b|kubek|kopp|krus|muki|hrnek|kupa|кружк|чашк|чайник|マグ|カップ|急須|杯|壶|머그|컵|كوب|ספל|כוס/iu],
  ['plant', /plant|garden|flower|pflanz|blume|garten|plante|fleur|jardin|planta|flor|pianta|fiore|bloem|tuin|rośl|kwiat|ogród|växt|blomm|trädgård|kasvi|kukka|rostlin|květ|bitki|çiçek|растен|цвет|рослин|квіт|植物|花|식물|꽃|نبات|زهر|צמח|פרח/iu],
  ['ball', /yoga|dumbbell|band|sport|fitness|game|puzzle|toy|kite|ball|hammock|camping|bike|hantel|spiel|spielzeug|drachen|jeu|jouet|juego|juguete|gioco|giocattolo|spel|speelgoed|gra\b|zabawk|leksak|legetøj|peli|lelu|hra|hračk|oyun|oyuncak|игр|игрушк|гра\b|іграшк|ゲーム|おもちゃ|ヨガ|游戏|玩具|瑜伽|게임|장난감|요가|لعبة|יוגה|משחק/iu],
  ['pan', /skillet|pan\b|pot\b|knife|board|bowl|plate|cookware|tableware|kitchen|pfanne|topf|messer|brett|schüssel|poêle|couteau|sartén|cuchillo|padella|coltello|koekenpan|patelnia|nóż|stekpanna|pannu|veitsi|pánev|nůž|tava|bıçak|сковород|нож|ніж|フライパン|包丁|锅|刀|팬|칼|مقلاة|سكين|מחבת|סכין/iu],
  ['bottle', /bottle|flask|candle|perfume|soap|shampoo|oil|wine|flasche|kerze|bouteille|bougie|botella|vela|bottiglia|candela|fles|kaars|butelk|świec|flaska|ljus|flaske|pullo|kynttilä|láhev|svíčk|şişe|mum\b|бутыл|пляшк|свеч|свічк|ボトル|キャンドル|瓶|蜡烛|병|캔들|زجاجة|شمعة|בקבוק|נר/iu],
  ['headphones', /headphone|earbud|speaker|audio|kopfhörer|lautsprecher|casque|enceinte|auricular|altavoz|cuffie|koptelefoon|słuchawk|głośnik|hörlur|högtalare|hovedtelefon|kuulokkeet|sluchátk|kulaklık|hoparlör|наушник|навушник|колонк|ヘッドホン|スピーカー|耳机|音箱|헤드폰|스피커|سماعة|אוזניות|רמקול/iu],
  ['device', /phone|charger|cable|laptop|tablet|usb|electronic|gadget|handy|ladekabel|téléphone|chargeur|câble|teléfono|cargador|telefono|caricatore|telefoon|oplader|telefon|ładowark|laddare|puhelin|laturi|nabíječ|şarj|телефон|заряд|кабел|スマホ|充電|ケーブル|手机|充电|数据线|휴대폰|충전|케이블|هاتف|شاحن|טלפון|מטען/iu],
  ['bag', /bag|backpack|tote|wallet|purse|sleeve|rucksack|tasche|geldbeutel|sac\b|sacoche|portefeuille|mochila|bolso|cartera|zaino|borsa|portafoglio|rugzak|tas\b|portemonnee|plecak|torb|portfel|ryggsäck|väska|plånbok|rygsæk|taske|reppu|laukku|lompakko|batoh|taška|peněženk|sırt çantası|çanta|cüzdan|рюкзак|сумк|кошел|гаманець|バッグ|リュック|財布|背包|包\b|钱包|가방|배낭|지갑|حقيبة|محفظة|תיק|ארנק/iu],
  ['watch', /watch|clock|jewel|ring\b|necklace|uhr\b|wanduhr|montre|horloge|bijou|reloj|joya|orologio|gioiell|klok|zegar|biżuter|klocka|smycke|kello|hodink|saat|часы|годинник|時計|手表|钟|시계|ساعة|שעון/iu],
  ['lamp', /lamp|light|lantern|leuchte|licht|lampe|lumière|lámpara|luz|lampada|luce|lamp\b|lampa|światło|lampa|valo|lampu|svítiln|lamba|ışık|ламп|светил|світил|ランプ|ライト|灯|램프|조명|مصباح|מנורה/iu],
  ['book', /book|notebook|journal|pen\b|planner|guide|course|handbook|stationery|notizbuch|buch|füller|carnet|livre|stylo|cuaderno|libro|bolígrafo|quaderno|penna|notitieboek|boek|notes|zeszyt|książk|anteckningsbok|bok\b|notesbog|muistikirja|kirja|sešit|kniha|defter|kitap|блокнот|книг|тетрад|ノート|本|笔记本|书|노트|책|دفتر|كتاب|מחברת|ספר/iu],
  ['blanket', /blanket|towel|cushion|pillow|throw|scarf|mat\b|doormat|decke|handtuch|kissen|badetuch|schal|matte|couverture|serviette|coussin|écharpe|manta|toalla|cojín|bufanda|coperta|asciugamano|cuscino|sciarpa|deken|handdoek|kussen|sjaal|koc\b|ręcznik|poduszk|szalik|filt|handduk|kudde|halsduk|tæppe|håndklæde|pude|huopa|pyyhe|tyyny|huivi|deka|ručník|polštář|šála|battaniye|havlu|yastık|atkı|плед|одеял|полотен|подушк|шарф|ковдр|рушник|ブランケット|タオル|クッション|毯|毛巾|靠垫|围巾|담요|수건|쿠션|بطانية|منشفة|وسادة|שמיכה|מגבת|כרית/iu],
];

export type Glyph =
  | 'shirt'
  | 'shoe'
  | 'mug'
  | 'pan'
  | 'bottle'
  | 'headphones'
  | 'device'
  | 'bag'
  | 'watch'
  | 'lamp'
  | 'book'
  | 'plant'
  | 'blanket'
  | 'ball'
  | 'file'
  | 'parcel';

export type ImageView = 'front' | 'detail' | 'pattern';

/** The glyph each text names (names repeat: the vocabularies are finite), or null for none. */
const glyphCache = new Map<string, Glyph | null>();
function glyphNamed(text: string): Glyph | null {
  let glyph = glyphCache.get(text);
  if (glyph === undefined) {
    glyph = GLYPH_WORDS.find(([, re]) => re.test(text))?.[0] ?? null;
    if (glyphCache.size > 10_000) glyphCache.clear();
    glyphCache.set(text, glyph);
  }
  return glyph;
}

/** The glyph a product's words name: its name first, then its category; a digital product is a file. */
export function glyphOf(name: string, category: string | null, digital: boolean): Glyph {
  if (digital) return 'file';
  return glyphNamed(name) ?? (category ? glyphNamed(category) : null) ?? 'parcel';
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/**
 * The files of the `count` pictures of the record made as `key`: 96 bits of hash of the key, so any seed fits a
 * file name and two seed rows meet in one file with odds far below one in a billion at ten million records.
 * Not a cryptographic hash (a SHA-256 cost more than the rest of a product's pictures): a seed chosen to collide
 * would only make two of its own records share a picture.
 */
export function imageFiles(resource: string, key: string, count: number): string[] {
  const [a, b] = hash64(key);
  const [c] = hash64(`files\u0000${key}`);
  const digest = `${hex8(a)}${hex8(b)}${hex8(c)}`;
  const folder = `${IMAGE_FOLDER}/${resource.replace(/_/g, '-')}/${digest.slice(0, 2)}/${digest}`;
  const files = new Array<string>(count);
  for (let n = 0; n < count; n++) files[n] = `${folder}-${n + 1}.svg`;
  return files;
}

export interface ImageSubject {
  /** The entity key; the file names and the colour come from it. */
  readonly key: string;
  readonly resource: 'product' | 'product_variation';
  /** What the picture is titled with: the product's name. */
  readonly name: string;
  /** The first category's name, drawn as a label; null when the product has none. */
  readonly category: string | null;
  /** A line under the name (a variation's terms). */
  readonly caption: string | null;
  readonly digital: boolean;
  /** A colour the product is known to have (a variation's colour term); otherwise one is drawn from the key. */
  readonly colour?: string;
  /** How many pictures: a main picture, then close-up and pattern views. */
  readonly count: number;
}

const VIEWS: readonly ImageView[] = ['front', 'detail', 'pattern'];

/** The pictures of one record, main first. Draws nothing from the row's stream. */
export function imagesFor(subject: ImageSubject): ProductImage[] {
  const swatch = PALETTE[hash64(`image:${subject.key}`)[0] % PALETTE.length]!;
  const colour = subject.colour ?? swatch.hex;
  const glyph = glyphOf(subject.name, subject.category, subject.digital);
  const alt = subject.caption ? `${subject.name} – ${subject.caption}` : subject.name;
  const files = imageFiles(subject.resource, subject.key, subject.count);
  return files.map((file, n) => ({
    file,
    alt,
    main: n === 0,
    view: VIEWS[n % VIEWS.length]!,
    glyph,
    colour,
    title: subject.name,
    caption: subject.caption,
    label: subject.category,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Drawing

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A colour `amount` (0..1) of the way to white (positive) or black (negative), as #rrggbb. */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const t = amount >= 0 ? v + (255 - v) * amount : v * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(t)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel((n >> 16) & 255)}${channel((n >> 8) & 255)}${channel(n & 255)}`;
}

/** Whether dark text reads better than white on `hex`. */
function isLight(hex: string): boolean {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

/** Text shortened to `max` characters (by code point) with an ellipsis. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * Each glyph in a 200×200 box: `fill` is the product's colour, `line` its outline shade, `light` a
 * highlight. Plain shapes, so every renderer draws them alike.
 */
const GLYPHS: Readonly<Record<Glyph, (fill: string, line: string, light: string) => string>> = {
  shirt: (f, l, h) =>
    `<path d="M70 20 L40 30 L8 62 L32 90 L48 76 L48 184 L152 184 L152 76 L168 90 L192 62 L160 30 L130 20 Q100 46 70 20 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M70 20 Q100 46 130 20" fill="none" stroke="${l}" stroke-width="5"/><rect x="118" y="92" width="20" height="18" rx="3" fill="${h}"/>`,
  shoe: (f, l, h) =>
    `<path d="M14 120 L20 70 Q40 64 52 78 Q80 104 120 112 L176 126 Q192 132 190 150 L190 158 L14 158 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<rect x="12" y="156" width="180" height="18" rx="8" fill="${h}" stroke="${l}" stroke-width="5"/><path d="M62 92 L76 84 M76 102 L90 94 M92 110 L104 102" stroke="${h}" stroke-width="5" stroke-linecap="round"/>`,
  mug: (f, l, h) =>
    `<path d="M36 40 L144 40 L136 176 Q134 184 126 184 L54 184 Q46 184 44 176 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M142 72 Q184 72 180 108 Q176 140 138 142" fill="none" stroke="${l}" stroke-width="12" stroke-linecap="round"/><ellipse cx="90" cy="40" rx="54" ry="10" fill="${h}" stroke="${l}" stroke-width="5"/>` +
    `<path d="M74 24 Q66 14 74 4 M98 24 Q90 14 98 4" fill="none" stroke="${l}" stroke-width="4" stroke-linecap="round" opacity="0.5"/>`,
  pan: (f, l, h) =>
    `<ellipse cx="80" cy="110" rx="70" ry="54" fill="${f}" stroke="${l}" stroke-width="5"/><ellipse cx="80" cy="104" rx="52" ry="38" fill="${h}" opacity="0.55"/>` +
    `<rect x="142" y="98" width="56" height="18" rx="9" fill="${l}" transform="rotate(-12 142 107)"/>`,
  bottle: (f, l, h) =>
    `<rect x="80" y="6" width="40" height="26" rx="5" fill="${l}"/><path d="M84 32 L116 32 L116 54 Q150 70 150 104 L150 178 Q150 192 136 192 L64 192 Q50 192 50 178 L50 104 Q50 70 84 54 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<rect x="62" y="110" width="76" height="50" rx="6" fill="${h}"/><path d="M66 80 Q70 66 84 62" fill="none" stroke="${h}" stroke-width="6" stroke-linecap="round"/>`,
  headphones: (f, l, h) =>
    `<path d="M30 120 L30 96 Q30 26 100 26 Q170 26 170 96 L170 120" fill="none" stroke="${l}" stroke-width="14" stroke-linecap="round"/>` +
    `<rect x="14" y="104" width="46" height="76" rx="18" fill="${f}" stroke="${l}" stroke-width="5"/><rect x="140" y="104" width="46" height="76" rx="18" fill="${f}" stroke="${l}" stroke-width="5"/>` +
    `<rect x="26" y="118" width="14" height="48" rx="7" fill="${h}"/><rect x="160" y="118" width="14" height="48" rx="7" fill="${h}"/>`,
  device: (f, l, h) =>
    `<rect x="50" y="8" width="100" height="184" rx="18" fill="${f}" stroke="${l}" stroke-width="5"/><rect x="60" y="26" width="80" height="136" rx="6" fill="${h}"/>` +
    `<circle cx="100" cy="176" r="7" fill="${l}"/><rect x="84" y="15" width="32" height="5" rx="2.5" fill="${l}"/>`,
  bag: (f, l, h) =>
    `<path d="M64 62 L64 44 Q64 12 100 12 Q136 12 136 44 L136 62" fill="none" stroke="${l}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M28 62 L172 62 L184 184 Q185 192 176 192 L24 192 Q15 192 16 184 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<rect x="70" y="96" width="60" height="40" rx="6" fill="${h}"/><circle cx="100" cy="116" r="6" fill="${l}"/>`,
  watch: (f, l, h) =>
    `<rect x="70" y="4" width="60" height="192" rx="14" fill="${l}"/><circle cx="100" cy="100" r="62" fill="${f}" stroke="${l}" stroke-width="6"/>` +
    `<circle cx="100" cy="100" r="48" fill="${h}"/><path d="M100 100 L100 66 M100 100 L126 112" stroke="${l}" stroke-width="6" stroke-linecap="round"/><circle cx="100" cy="100" r="5" fill="${l}"/>`,
  lamp: (f, l, h) =>
    `<path d="M56 20 L144 20 L176 96 L24 96 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<rect x="93" y="96" width="14" height="76" fill="${l}"/><rect x="52" y="170" width="96" height="20" rx="8" fill="${f}" stroke="${l}" stroke-width="5"/>` +
    `<path d="M60 110 L40 140 M140 110 L160 140 M100 112 L100 128" stroke="${h}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`,
  book: (f, l, h) =>
    `<rect x="36" y="12" width="128" height="176" rx="10" fill="${f}" stroke="${l}" stroke-width="5"/><rect x="36" y="12" width="24" height="176" rx="6" fill="${l}"/>` +
    `<rect x="76" y="44" width="70" height="14" rx="4" fill="${h}"/><rect x="76" y="68" width="50" height="10" rx="4" fill="${h}"/><path d="M140 150 L140 196 L150 186 L160 196 L160 150" fill="${h}"/>`,
  plant: (f, l, h) =>
    `<path d="M100 110 Q60 100 46 50 Q90 54 100 100 Q110 40 154 30 Q150 88 100 110 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M54 110 L146 110 L134 190 L66 190 Z" fill="${h}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/><rect x="48" y="104" width="104" height="16" rx="6" fill="${l}"/>`,
  blanket: (f, l, h) =>
    `<path d="M20 40 L180 40 L180 150 Q180 176 150 176 L20 176 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M20 76 L180 76 M20 112 L180 112 M20 148 L170 148" stroke="${h}" stroke-width="8"/><path d="M150 176 Q150 150 180 150" fill="${h}" stroke="${l}" stroke-width="5"/>` +
    `<path d="M28 176 L28 192 M44 176 L44 192 M60 176 L60 192 M76 176 L76 192 M92 176 L92 192" stroke="${l}" stroke-width="4" stroke-linecap="round"/>`,
  ball: (f, l, h) =>
    `<circle cx="100" cy="100" r="84" fill="${f}" stroke="${l}" stroke-width="5"/><path d="M16 100 Q100 60 184 100 M100 16 Q60 100 100 184" fill="none" stroke="${h}" stroke-width="8"/>` +
    `<circle cx="70" cy="64" r="14" fill="${h}" opacity="0.6"/>`,
  file: (f, l, h) =>
    `<path d="M40 8 L128 8 L168 48 L168 192 L40 192 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/><path d="M128 8 L128 48 L168 48" fill="${h}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M84 92 L84 150 L132 121 Z" fill="${h}"/><rect x="60" y="164" width="88" height="8" rx="4" fill="${h}"/>`,
  parcel: (f, l, h) =>
    `<path d="M100 14 L184 54 L184 150 L100 190 L16 150 L16 54 Z" fill="${f}" stroke="${l}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M16 54 L100 94 L184 54 M100 94 L100 190" fill="none" stroke="${l}" stroke-width="5" stroke-linejoin="round"/><path d="M58 34 L142 74 L142 104" fill="none" stroke="${h}" stroke-width="10"/>`,
};

/** The glyph's placement for a view: the whole object, a close-up, or a smaller one on a pattern. */
function placement(view: ImageView): { x: number; y: number; scale: number } {
  switch (view) {
    case 'detail':
      return { x: 120, y: 40, scale: 3.4 };
    case 'pattern':
      return { x: 250, y: 170, scale: 1.5 };
    default:
      return { x: 190, y: 120, scale: 2.1 };
  }
}

/** The SVG document of one picture: the same bytes for the same image entity, everywhere. */
export function renderImage(image: ProductImage): string {
  const fill = image.colour;
  const line = shade(fill, isLight(fill) ? -0.55 : -0.45);
  const light = shade(fill, 0.55);
  const bgTop = shade(fill, 0.9);
  const bgBottom = shade(fill, 0.72);
  const { x, y, scale } = placement(image.view);
  const title = clip(image.title, 34);
  const titleSize = [...title].length > 24 ? 34 : 42;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(image.alt)}">`,
    `<title>${escapeXml(image.alt)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>` +
      `<clipPath id="frame"><rect width="${SIZE}" height="${SIZE}"/></clipPath></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
  );
  parts.push(`<g clip-path="url(#frame)">`);
  if (image.view === 'pattern') {
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        const cx = 50 + col * 100 + (row % 2) * 50;
        parts.push(`<circle cx="${cx}" cy="${50 + row * 100}" r="10" fill="${light}" opacity="0.7"/>`);
      }
    }
  }
  // The object's shadow on the floor, then the object.
  if (image.view !== 'detail') parts.push(`<ellipse cx="${x + 100 * scale}" cy="${y + 200 * scale + 14}" rx="${80 * scale}" ry="${12 * scale}" fill="${line}" opacity="0.18"/>`);
  parts.push(`<g transform="translate(${x} ${y}) scale(${scale})">${(GLYPHS[image.glyph as Glyph] ?? GLYPHS.parcel)(fill, line, light)}</g>`);
  parts.push(`</g>`);
  // The category label, top left.
  if (image.label) {
    const label = clip(image.label.toUpperCase(), 26);
    const width = Math.min(SIZE - 80, 40 + [...label].length * 15);
    parts.push(
      `<rect x="40" y="40" width="${width}" height="44" rx="22" fill="#ffffff" opacity="0.92"/>`,
      `<text x="60" y="69" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif" font-size="20" font-weight="600" letter-spacing="1.5" fill="${line}">${escapeXml(label)}</text>`,
    );
  }
  // The name (and a caption) on a band at the bottom.
  const band = image.caption ? 150 : 116;
  parts.push(
    `<rect x="0" y="${SIZE - band}" width="${SIZE}" height="${band}" fill="#ffffff" opacity="0.94"/>`,
    `<rect x="0" y="${SIZE - band}" width="14" height="${band}" fill="${fill}"/>`,
    `<text x="48" y="${SIZE - band + 70}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK JP', sans-serif" font-size="${titleSize}" font-weight="700" fill="#1f2328">${escapeXml(title)}</text>`,
  );
  if (image.caption) {
    parts.push(
      `<text x="48" y="${SIZE - 36}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif" font-size="26" fill="#57606a">${escapeXml(clip(image.caption, 48))}</text>`,
    );
  }
  parts.push(`</svg>\n`);
  return parts.join('\n');
}
