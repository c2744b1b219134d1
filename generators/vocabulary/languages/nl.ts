/**
 * Dutch catalogue words. Without an article the adjective takes -e before a de-word and stays bare before a
 * het-word: Klassieke koffiemok, Klassiek theeservies.
 */
import type { Vocabulary } from '../types.ts';
import { inflected, SIZES } from './build.ts';

export const NL: Partial<Vocabulary> = {
  ...inflected({
    position: 'before',
    classes: ['de', 'het'],
    nouns: {
      de: ['koffiemok', 'theepot', 'rugzak', 'sjaal', 'riem', 'jas', 'trui', 'pet', 'muts', 'schoudertas', 'portemonnee', 'snijplank', 'koekenpan', 'tafellamp', 'geurkaars', 'wandklok', 'drinkfles', 'yogamat', 'hangmat', 'telefoonhoes', 'fietslamp', 'deken'],
      het: ['T-shirt', 'overhemd', 'kussen', 'notitieboek', 'badlaken', 'koksmes', 'bordspel', 'fotolijstje', 'theeservies', 'horloge', 'schort', 'vest'],
    },
    adjectives: [
      ['klassieke', 'klassiek'], ['handgemaakte', 'handgemaakt'], ['lichte', 'licht'], ['stevige', 'stevig'], ['waterdichte', 'waterdicht'],
      ['tijdloze', 'tijdloos'], ['Scandinavische', 'Scandinavisch'], ['rustieke', 'rustiek'], ['moderne', 'modern'], ['duurzame', 'duurzaam'],
      ['zachte', 'zacht'], ['compacte', 'compact'], ['eenvoudige', 'eenvoudig'], ['stoere', 'stoer'], ['elegante', 'elegant'],
    ],
  }),
  digital_product_names: [
    'E-book over zuurdesembrood', 'Aquarelcursus voor beginners', 'Sjabloon voor trouwkaarten', 'Budgetplanner in spreadsheet', 'Lightroom-presets',
    'Handboek gitaarakkoorden', 'Gids voor meal prep', 'Cv-sjablonen', 'Iconenset', 'Fotografie voor beginners (e-book)', 'Geleide meditaties (audio)',
    'Verzameling breipatronen', 'Trainingsprogramma voor thuis', 'Reisdagboek om te printen', 'Bladmuziek voor piano',
  ],
  materials: ['biologisch katoen', 'merinowol', 'roestvrij staal', 'eikenhout', 'bamboe', 'steengoed', 'linnen', 'gietijzer', 'volnerf leer', 'gerecycled polyester', 'borosilicaatglas'],
  description_sentences: [
    '{name} van {material}, gemaakt om lang mee te gaan.',
    'Gemaakt van {material}: makkelijk te onderhouden en duurzaam.',
    'Elk exemplaar wordt met de hand gecontroleerd voordat het ons atelier verlaat.',
    'Een eenvoudig ontwerp dat overal past.',
    'Een geliefd cadeau bij onze klanten.',
    'Twee jaar garantie en gratis retourneren binnen 30 dagen.',
    'We versturen in plasticvrije verpakking.',
    'Afnemen met een vochtige doek is genoeg.',
    '{name}: tot in de details doordacht.',
    'Verkrijgbaar in verschillende kleuren.',
    'Past mooi bij de rest van onze collectie.',
    'Materiaal: {material}, uit verantwoorde bron.',
  ],
  category_tree: [
    {
      name: 'Kleding',
      children: [
        { name: 'Heren', children: [{ name: 'Overhemden' }, { name: 'Broeken' }, { name: 'Jassen' }] },
        { name: 'Dames', children: [{ name: 'Jurken' }, { name: 'Blouses' }, { name: 'Rokken' }] },
        { name: 'Kinderen' },
      ],
    },
    { name: 'Tassen & sieraden', children: [{ name: 'Tassen', children: [{ name: 'Rugzakken' }, { name: 'Boodschappentassen' }] }, { name: 'Sieraden' }, { name: 'Mutsen & petten' }] },
    { name: 'Wonen & keuken', children: [{ name: 'Kookgerei', children: [{ name: 'Koekenpannen' }, { name: 'Messen' }] }, { name: 'Servies' }, { name: 'Woondecoratie', children: [{ name: 'Kaarsen' }, { name: 'Fotolijsten' }] }] },
    { name: 'Elektronica', children: [{ name: 'Koptelefoons & speakers' }, { name: 'Telefoonaccessoires' }, { name: 'Opladers & kabels' }] },
    { name: 'Sport & buitenleven', children: [{ name: 'Fitnessartikelen', children: [{ name: 'Yogamatten' }, { name: 'Gewichten' }] }, { name: 'Kamperen' }, { name: 'Fietsen' }] },
    { name: 'Kantoor & schrijfwaren', children: [{ name: 'Notitieboeken' }, { name: 'Pennen' }] },
    { name: 'Dieren', children: [{ name: 'Honden' }, { name: 'Katten' }] },
    { name: 'Speelgoed & spellen', children: [{ name: 'Puzzels' }, { name: 'Bordspellen' }] },
    { name: 'Digitale producten', children: [{ name: 'E-books' }, { name: 'Cursussen' }, { name: 'Sjablonen' }] },
  ],
  brand_names: [
    'Noordenwind', 'Eikenhof', 'Lindelaan', 'Zilvervaren', 'Havenlicht', 'Esdoornlaan', 'Steenbeek', 'Koperblad', 'Helderwater', 'Roodhout',
    'Jeneverbes', 'Torenvalk', 'Dennenhoeve', 'Veldboek', 'Wilde Bloem', 'Zonnehoek', 'Drijfhout', 'Heideveld', 'Maanlicht', 'Braamstruik',
  ],
  brand_lines: ['Junior', 'Atelier', 'Sport', 'Thuis', 'Buiten', 'Basis', 'Reis', 'Klassiek', 'Actief', 'Editie'],
  tag_labels: [
    'Nieuw binnen', 'Bestseller', 'Uitverkoop', 'Beperkte oplage', 'Duurzaam', 'Handgemaakt', 'Cadeautip', 'Vegan', 'Biologisch', 'Waterdicht',
    'Zomer', 'Winter', 'Terug naar school', 'Feestdagen', 'Aanrader', 'Voordeelset', 'Opruiming', 'Lokaal gemaakt', 'Gerecycled', 'Unisex',
    'Op reis', 'Plasticvrij', 'Eerlijke handel', 'Op bestelling', 'Exclusief', 'Populair', 'Laatste kans', 'Kleine oplage',
  ],
  variation_axes: [
    { name: 'Kleur', values: ['Zwart', 'Wit', 'Marineblauw', 'Rood', 'Bosgroen', 'Zand', 'Grijs', 'Mosterdgeel'] },
    { name: 'Maat', values: SIZES },
    { name: 'Materiaal', values: ['Katoen', 'Linnen', 'Wol', 'Gerecycled polyester'] },
    { name: 'Inhoud', values: ['250 ml', '350 ml', '500 ml', '750 ml', '1 l'] },
    { name: 'Afwerking', values: ['Mat', 'Glanzend', 'Zijdeglans', 'Geborsteld'] },
    { name: 'Verpakking', values: ['Per stuk', '2 stuks', '3 stuks', '6 stuks'] },
  ],
  shipping_class_names: ['Klein pakket', 'Standaardpakket', 'Omvangrijk', 'Extra groot', 'Breekbaar', 'Brievenbuspost', 'Zware goederen', 'Gekoeld', 'Plat pakket', 'Vrachtvervoer', 'Gevaarlijke stoffen', 'Licht pakket'],
  shipping_class_descriptions: ['Voor artikelen die als ‘{name}’ worden verzonden.', '{name}: de vervoerder rekent dit apart.', 'Verzendklasse {name}.'],
  shipping_method_titles: { flat_rate: 'Standaardverzending', free_shipping: 'Gratis verzending', local_pickup: 'Afhalen in de winkel' },
  tax_class_names: { standard: 'Standaardtarief', reduced: 'Verlaagd tarief', zero: 'Nultarief' },
  coupon_words: ['WELKOM', 'LENTE', 'ZOMER', 'HERFST', 'WINTER', 'BEDANKT', 'VIP', 'VRIENDEN', 'FLITS', 'WEEKEND', 'TROUW', 'VERJAARDAG', 'STUDENT', 'KORTING'],
  coupon_descriptions: {
    percentage: '{percent}% korting op je bestelling',
    fixed_cart: '{money} korting op je bestelling',
    free_shipping: 'Gratis verzending',
    minimum: '{label} vanaf {minimum}',
  },
  brand_descriptions: ['{name} maakt alledaagse dingen die lang meegaan.', 'Onafhankelijk label {name}, ontworpen in kleine series.', '{name}: eerlijke materialen, eerlijke prijzen.', 'De collectie van {name}, gekozen door onze inkopers.'],
  label_names: ['VIP', 'Cadeau', 'Prioriteit', 'Groothandel', 'Breekbaar', 'Controleren', 'Vaste klant', 'Opvolgen', 'Nabestelling', 'Spoed', 'Internationaal', 'Afhalen', 'Voorbestelling', 'Vervanging', 'Hoge waarde', 'Fraudecontrole', 'Cadeauverpakking', 'Zakelijk', 'Abonnement', 'Beschadigd tijdens transport', 'Adres controleren'],
  refund_reasons: ['Artikel kwam beschadigd aan', 'Verkeerde maat', 'Van gedachten veranderd', 'Artikel wijkt af van de beschrijving', 'Te laat geleverd', 'Dubbele bestelling', 'Elders goedkoper gevonden', 'Onderdelen ontbreken', 'Verkeerd artikel verzonden', 'Kwaliteit valt tegen'],
  order_notes: ['Als ik niet thuis ben, graag bij de buren afgeven.', 'Dit is een cadeau, graag geen factuur meesturen.', 'Graag twee keer aanbellen.', 'Kunt u het als cadeau inpakken?', 'Graag samen met mijn vorige bestelling verzenden, als dat kan.', 'Bel me even bij aankomst.', 'Geen haast.', 'Verjaardagscadeau, graag een kaartje erbij.'],
  label_descriptions: ['Bestellingen gemarkeerd als ‘{name}’.', 'Label voor bestellingen: {name}.', '{name}: apart behandelen.'],
};
