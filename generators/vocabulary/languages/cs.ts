/** Czech catalogue words. The adjective agrees with the noun's gender: Klasický hrnek, Klasická mikina, Klasické tričko. */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

/** Hard adjectives: -ý, -á, -é. */
const hard = (stem: string) => [`${stem}ý`, `${stem}á`, `${stem}é`];
/** Soft adjectives have one form: -í. */
const soft = (word: string) => [word, word, word];

export const CS: Partial<Vocabulary> = {
  ...inflected({
    position: 'before',
    classes: ['m', 'f', 'n'],
    nouns: {
      m: ['hrnek', 'batoh', 'šátek', 'pásek', 'svetr', 'kabát', 'klobouk', 'kuchyňský nůž', 'zápisník', 'reproduktor', 'polštář', 'košík', 'svícen', 'podnos', 'ručník'],
      f: ['mikina', 'bunda', 'košile', 'čepice', 'taška přes rameno', 'peněženka', 'konvice na čaj', 'pánev', 'stolní lampa', 'vonná svíčka', 'láhev na vodu', 'podložka na jógu', 'houpací síť', 'deka', 'miska'],
      n: ['tričko', 'prkénko na krájení', 'plnicí pero', 'pouzdro na telefon', 'zrcadlo', 'prostírání'],
    },
    adjectives: [
      hard('klasick'), hard('ručně vyroben'), hard('lehk'), hard('odoln'), hard('nepromokav'), hard('nadčasov'), hard('skandinávsk'),
      soft('rustikální'), soft('moderní'), hard('ekologick'), hard('měkk'), soft('kompaktní'), hard('minimalistick'), soft('elegantní'), hard('praktick'),
    ],
  }),
  digital_product_names: [
    'E-kniha o kváskovém chlebu', 'Kurz akvarelu pro začátečníky', 'Šablona svatebního oznámení', 'Tabulka rodinného rozpočtu', 'Sada předvoleb pro Lightroom',
    'Příručka kytarových akordů', 'Průvodce plánováním jídel', 'Šablony životopisu', 'Sada ikon', 'Základy fotografování (e-kniha)', 'Řízené meditace (audio)',
    'Sbírka vzorů na pletení', 'Program cvičení doma', 'Cestovní deník k tisku', 'Noty pro klavír',
  ],
  // Genitive: the sentences say "z {material}".
  materials: ['organické bavlny', 'merino vlny', 'nerezové oceli', 'dubového dřeva', 'bambusu', 'kameniny', 'lnu', 'litiny', 'pravé kůže', 'recyklovaného polyesteru', 'borosilikátového skla'],
  description_sentences: [
    '{name} z {material} – kvalita na dlouhá léta.',
    'Vyrobeno z {material}. Snadná údržba.',
    'Každý kus ručně kontrolujeme, než opustí naši dílnu.',
    'Jednoduchý design, který se hodí všude.',
    'Oblíbený dárek našich zákazníků.',
    'Záruka dva roky a vrácení zdarma do 30 dnů.',
    'Posíláme v obalu bez plastu.',
    'Stačí otřít vlhkým hadříkem.',
    '{name}: promyšleno do posledního detailu.',
    'K dostání v několika barvách.',
    'Skvěle se hodí ke zbytku naší kolekce.',
  ],
  category_tree: [
    {
      name: 'Oblečení',
      children: [
        { name: 'Pánské', children: [{ name: 'Košile' }, { name: 'Kalhoty' }, { name: 'Bundy' }] },
        { name: 'Dámské', children: [{ name: 'Šaty' }, { name: 'Topy' }, { name: 'Sukně' }] },
        { name: 'Dětské' },
      ],
    },
    { name: 'Doplňky', children: [{ name: 'Tašky', children: [{ name: 'Batohy' }, { name: 'Nákupní tašky' }] }, { name: 'Šperky' }, { name: 'Čepice a kšiltovky' }] },
    { name: 'Dům a kuchyně', children: [{ name: 'Nádobí na vaření', children: [{ name: 'Pánve' }, { name: 'Nože' }] }, { name: 'Stolování' }, { name: 'Dekorace', children: [{ name: 'Svíčky' }, { name: 'Rámečky' }] }] },
    { name: 'Elektronika', children: [{ name: 'Sluchátka a reproduktory' }, { name: 'Příslušenství k telefonům' }, { name: 'Nabíječky a kabely' }] },
    { name: 'Sport a volný čas', children: [{ name: 'Posilování', children: [{ name: 'Jóga' }, { name: 'Činky' }] }, { name: 'Kempování' }, { name: 'Cyklistika' }] },
    { name: 'Kancelář a papírnictví', children: [{ name: 'Zápisníky' }, { name: 'Propisky' }] },
    { name: 'Mazlíčci', children: [{ name: 'Psi' }, { name: 'Kočky' }] },
    { name: 'Hračky a hry', children: [{ name: 'Skládačky' }, { name: 'Deskové hry' }] },
    { name: 'Digitální produkty', children: [{ name: 'E-knihy' }, { name: 'Kurzy' }, { name: 'Šablony' }] },
  ],
  brand_names: [
    'Severák', 'Doubrava', 'Lipová', 'Stříbrná kapradina', 'Přístav', 'Javorová', 'Kamenný potok', 'Měděný list', 'Čistá voda', 'Jalovec',
    'Poštolka', 'Borovina', 'Polní kvítí', 'Slunečná', 'Vřes', 'Měsíční kámen', 'Starý sad', 'Ostružina', 'Lískovec', 'Bystřina',
  ],
  brand_lines: ['Děti', 'Ateliér', 'Sport', 'Domov', 'Venku', 'Základ', 'Cesty', 'Klasik', 'Aktiv', 'Edice'],
  tag_labels: [
    'Novinka', 'Nejprodávanější', 'Výprodej', 'Limitovaná edice', 'Udržitelné', 'Ruční práce', 'Tip na dárek', 'Veganské', 'Bio', 'Nepromokavé',
    'Léto', 'Zima', 'Zpátky do školy', 'Vánoce', 'Doporučujeme', 'Sada', 'Doprodej', 'Místní výroba', 'Recyklované', 'Unisex',
    'Na cesty', 'Bez plastu', 'Férový obchod', 'Na objednávku', 'Exkluzivně', 'Oblíbené', 'Poslední šance', 'Malá série',
  ],
  variation_axes: [
    { name: 'Barva', values: ['Černá', 'Bílá', 'Námořnická modrá', 'Červená', 'Lesní zelená', 'Písková', 'Šedá', 'Hořčicová'] },
    { name: 'Velikost', values: SIZES },
    { name: 'Materiál', values: ['Bavlna', 'Len', 'Vlna', 'Recyklovaný polyester'] },
    { name: 'Objem', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Povrch', values: ['Matný', 'Lesklý', 'Saténový', 'Kartáčovaný'] },
    { name: 'Balení', values: ['Jednotlivě', '2 ks', '3 ks', '6 ks'] },
  ],
  shipping_class_names: ['Malý balík', 'Standardní balík', 'Objemné zboží', 'Nadrozměrné zboží', 'Křehké zboží', 'Dopis', 'Těžké zboží', 'Chlazené zboží', 'Plochý balík', 'Paletová přeprava', 'Nebezpečné zboží', 'Lehký balík'],
  shipping_class_descriptions: ['Pro zboží zasílané jako „{name}“.', '{name}: dopravce účtuje zvlášť.', 'Třída dopravy: {name}.'],
  shipping_method_titles: { flat_rate: 'Standardní doprava', free_shipping: 'Doprava zdarma', local_pickup: 'Osobní odběr' },
  tax_class_names: { standard: 'Základní sazba', reduced: 'Snížená sazba', zero: 'Nulová sazba' },
  coupon_words: ['VITEJTE', 'JARO', 'LETO', 'PODZIM', 'ZIMA', 'DEKUJEME', 'VIP', 'PRATELE', 'BLESK', 'VIKEND', 'VERNOST', 'NAROZENINY', 'STUDENT', 'VYPRODEJ'],
  coupon_descriptions: {
    percentage: 'Sleva {percent} % na objednávku',
    fixed_cart: 'Sleva {money} na objednávku',
    free_shipping: 'Doprava zdarma',
    minimum: '{label} při nákupu nad {minimum}',
  },
  brand_descriptions: ['{name} vyrábí věci pro každý den, které vydrží.', 'Nezávislá značka {name}, navržená v malých sériích.', '{name}: poctivé materiály, férové ceny.', 'Kolekce {name}, vybraná našimi nákupčími.'],
  label_names: ['VIP', 'Dárek', 'Priorita', 'Velkoobchod', 'Křehké', 'Zkontrolovat', 'Stálý zákazník', 'Ozvat se', 'Čeká na naskladnění', 'Expres', 'Zahraničí', 'Osobní odběr', 'Předobjednávka', 'Náhrada', 'Vysoká hodnota', 'Kontrola podvodu', 'Dárkové balení', 'Firma', 'Předplatné', 'Poškozeno při přepravě', 'Ověřit adresu'],
  refund_reasons: ['Zboží dorazilo poškozené', 'Špatná velikost', 'Zákazník si nákup rozmyslel', 'Zboží neodpovídá popisu', 'Doručeno příliš pozdě', 'Duplicitní objednávka', 'Nalezena výhodnější nabídka', 'Chybějící díly', 'Zasláno špatné zboží', 'Kvalita neodpovídá očekávání'],
  order_notes: ['Pokud nebudu doma, nechte prosím balík u souseda.', 'Je to dárek, prosím nepřikládejte fakturu.', 'Zazvoňte prosím dvakrát.', 'Můžete to zabalit jako dárek?', 'Pokud možno pošlete společně s mou předchozí objednávkou.', 'Zavolejte mi prosím před doručením.', 'Nespěchá to.', 'Dárek k narozeninám, přiložte prosím přání.'],
  label_descriptions: ['Objednávky označené jako „{name}“.', 'Štítek objednávky: {name}.', '{name}: vyřídit zvlášť.'],
};
