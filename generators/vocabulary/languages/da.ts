/**
 * Danish catalogue words. The indefinite adjective takes -t before an et-word, except adjectives that cannot
 * (those in -sk, or already ending in -t): Klassisk kaffekop, Klassisk vægur, Blødt tæppe.
 */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const DA: Partial<Vocabulary> = {
  ...inflected({
    position: 'before',
    classes: ['en', 'et'],
    nouns: {
      en: ['kaffekop', 'tekande', 'rygsæk', 'hue', 'kasket', 'jakke', 'sweater', 'skjorte', 'skuldertaske', 'pung', 'stegepande', 'bordlampe', 'vandflaske', 'yogamåtte', 'hængekøje', 'pude', 'fyldepen', 'højttaler', 'cykellygte', 'plaid', 'kurv'],
      et: ['duftlys', 'halstørklæde', 'vægur', 'armbåndsur', 'forklæde', 'badehåndklæde', 'skærebræt', 'brætspil', 'puslespil', 'mobilcover', 'hundehalsbånd', 'bælte', 'tæppe', 'krus'],
    },
    adjectives: [
      ['klassisk', 'klassisk'], ['håndlavet', 'håndlavet'], ['let', 'let'], ['robust', 'robust'], ['vandtæt', 'vandtæt'],
      ['tidløs', 'tidløst'], ['nordisk', 'nordisk'], ['rustik', 'rustikt'], ['moderne', 'moderne'], ['bæredygtig', 'bæredygtigt'],
      ['blød', 'blødt'], ['kompakt', 'kompakt'], ['enkel', 'enkelt'], ['praktisk', 'praktisk'], ['elegant', 'elegant'],
    ],
  }),
  digital_product_names: [
    'E-bog om surdejsbrød', 'Akvarelkursus for begyndere', 'Skabelon til bryllupsinvitationer', 'Budget i regneark', 'Lightroom-forudindstillinger',
    'Håndbog i guitarakkorder', 'Guide til madpakker', 'CV-skabeloner', 'Ikonpakke', 'Grundlæggende fotografering (e-bog)', 'Guidede meditationer (lyd)',
    'Samling af strikkeopskrifter', 'Træningsprogram til hjemmet', 'Rejsedagbog til print', 'Klavernoder',
  ],
  materials: ['økologisk bomuld', 'merinould', 'rustfrit stål', 'egetræ', 'bambus', 'stentøj', 'hør', 'støbejern', 'narvlæder', 'genanvendt polyester', 'borosilikatglas'],
  description_sentences: [
    '{name} af {material} – kvalitet, der holder i mange år.',
    'Materiale: {material}. Nemt at vedligeholde.',
    'Hvert produkt tjekkes i hånden, før det forlader vores værksted.',
    'Et enkelt design, der passer ind overalt.',
    'En populær gave blandt vores kunder.',
    'To års garanti og gratis returnering inden for 30 dage.',
    'Vi sender i plastfri emballage.',
    'Tør af med en fugtig klud.',
    '{name}: gennemtænkt ned i mindste detalje.',
    'Fås i flere farver.',
    'Passer fint til resten af vores kollektion.',
  ],
  category_tree: [
    {
      name: 'Tøj',
      children: [
        { name: 'Herre', children: [{ name: 'Skjorter' }, { name: 'Bukser' }, { name: 'Jakker' }] },
        { name: 'Dame', children: [{ name: 'Kjoler' }, { name: 'Toppe' }, { name: 'Nederdele' }] },
        { name: 'Børn' },
      ],
    },
    { name: 'Tilbehør', children: [{ name: 'Tasker', children: [{ name: 'Rygsække' }, { name: 'Muleposer' }] }, { name: 'Smykker' }, { name: 'Huer & kasketter' }] },
    { name: 'Bolig & køkken', children: [{ name: 'Køkkengrej', children: [{ name: 'Pander' }, { name: 'Knive' }] }, { name: 'Service' }, { name: 'Boligindretning', children: [{ name: 'Lys' }, { name: 'Rammer' }] }] },
    { name: 'Elektronik', children: [{ name: 'Høretelefoner & højttalere' }, { name: 'Mobiltilbehør' }, { name: 'Opladere & kabler' }] },
    { name: 'Sport & fritid', children: [{ name: 'Træning', children: [{ name: 'Yogaudstyr' }, { name: 'Vægte' }] }, { name: 'Friluftsliv' }, { name: 'Cykling' }] },
    { name: 'Kontor & papir', children: [{ name: 'Notesbøger' }, { name: 'Kuglepenne' }] },
    { name: 'Kæledyr', children: [{ name: 'Hunde' }, { name: 'Katte' }] },
    { name: 'Legetøj & spil', children: [{ name: 'Puslespil' }, { name: 'Brætspil' }] },
    { name: 'Digitale produkter', children: [{ name: 'E-bøger' }, { name: 'Kurser' }, { name: 'Skabeloner' }] },
  ],
  brand_names: [
    'Nordenvind', 'Egelund', 'Lindely', 'Sølvbregne', 'Havnelys', 'Ahornvej', 'Stenbæk', 'Kobberblad', 'Klarvand', 'Rødskov',
    'Enebær', 'Tårnfalk', 'Granly', 'Markbog', 'Engblomst', 'Solvig', 'Drivtømmer', 'Lyngbakke', 'Månesten', 'Brombær',
  ],
  brand_lines: ['Børn', 'Atelier', 'Sport', 'Hjem', 'Ude', 'Basis', 'Rejse', 'Klassisk', 'Aktiv', 'Udgave'],
  tag_labels: [
    'Nyhed', 'Bestseller', 'Udsalg', 'Begrænset oplag', 'Bæredygtig', 'Håndlavet', 'Gaveidé', 'Vegansk', 'Økologisk', 'Vandtæt',
    'Sommer', 'Vinter', 'Skolestart', 'Jul', 'Personalets favorit', 'Sæt', 'Restsalg', 'Lokalt produceret', 'Genanvendt', 'Unisex',
    'Rejse', 'Plastfri', 'Fair trade', 'Bestillingsvare', 'Eksklusiv', 'Populær', 'Sidste chance', 'Lille serie',
  ],
  variation_axes: [
    { name: 'Farve', values: ['Sort', 'Hvid', 'Marineblå', 'Rød', 'Skovgrøn', 'Sand', 'Grå', 'Sennepsgul'] },
    { name: 'Størrelse', values: SIZES },
    { name: 'Materiale', values: ['Bomuld', 'Hør', 'Uld', 'Genanvendt polyester'] },
    { name: 'Rumfang', values: ['25 cl', '35 cl', '50 cl', '75 cl', '1 l'] },
    { name: 'Overflade', values: ['Mat', 'Blank', 'Satin', 'Børstet'] },
    { name: 'Pakning', values: ['Stk.', '2-pak', '3-pak', '6-pak'] },
  ],
  shipping_class_names: ['Lille pakke', 'Standardpakke', 'Pladskrævende', 'Overdimensioneret', 'Skrøbelig', 'Brev', 'Tungt gods', 'Kølevare', 'Flad pakke', 'Fragt', 'Farligt gods', 'Let pakke'],
  shipping_class_descriptions: ['Til varer, der sendes som »{name}«.', '{name}: fragtfirmaet tager betaling for sig.', 'Fragtklasse {name}.'],
  shipping_method_titles: { flat_rate: 'Standardlevering', free_shipping: 'Gratis levering', local_pickup: 'Afhentning i butik' },
  tax_class_names: { standard: 'Standardsats', reduced: 'Nedsat sats', zero: 'Nulsats' },
  coupon_words: ['VELKOMMEN', 'FORAAR', 'SOMMER', 'EFTERAAR', 'VINTER', 'TAK', 'VIP', 'VENNER', 'LYN', 'WEEKEND', 'LOYAL', 'FODSELSDAG', 'STUDERENDE', 'UDSALG'],
  coupon_descriptions: {
    percentage: '{percent} % rabat på din ordre',
    fixed_cart: '{money} rabat på din ordre',
    free_shipping: 'Gratis fragt',
    minimum: '{label} ved køb over {minimum}',
  },
  brand_descriptions: ['{name} laver hverdagsting, der holder.', 'Det uafhængige mærke {name}, designet i små serier.', '{name}: ærlige materialer, fair priser.', 'Kollektionen fra {name}, udvalgt af vores indkøbere.'],
  label_names: ['VIP', 'Gave', 'Prioritet', 'Engros', 'Skrøbelig', 'Skal tjekkes', 'Fast kunde', 'Følg op', 'Restordre', 'Ekspres', 'Udlandet', 'Afhentning', 'Forudbestilling', 'Erstatning', 'Høj værdi', 'Svindelkontrol', 'Gaveindpakning', 'Erhverv', 'Abonnement', 'Beskadiget under transport', 'Tjek adresse'],
  refund_reasons: ['Varen ankom beskadiget', 'Forkert størrelse', 'Fortrudt køb', 'Varen svarer ikke til beskrivelsen', 'Leveringen kom for sent', 'Dobbelt bestilling', 'Fandt en bedre pris', 'Dele mangler', 'Forkert vare sendt', 'Kvaliteten levede ikke op til forventningerne'],
  order_notes: ['Aflever gerne pakken hos naboen, hvis jeg ikke er hjemme.', 'Det er en gave, så læg venligst ikke fakturaen med.', 'Ring på to gange.', 'Kan I gaveindpakke den?', 'Send gerne sammen med min tidligere ordre, hvis det er muligt.', 'Ring til mig ved levering.', 'Det haster ikke.', 'Fødselsdagsgave, læg gerne et kort med.'],
  label_descriptions: ['Ordrer markeret „{name}“.', 'Etiket til ordrer: {name}.', '{name}: behandles særskilt.'],
};
