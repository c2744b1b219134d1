/** Finnish catalogue words. Names are nominative singular, where the adjective has one form: Klassinen kahvimuki. */
import type { Vocabulary } from '../types.ts';
import { invariable, SIZES } from './build.ts';

export const FI: Partial<Vocabulary> = {
  ...invariable(
    'before',
    ' ',
    [
      'kahvimuki', 'teekannu', 'reppu', 'kaulahuivi', 'pipo', 'lippalakki', 'takki', 'villapaita', 'kauluspaita', 'olkalaukku', 'lompakko',
      'paistinpannu', 'leikkuulauta', 'pöytävalaisin', 'tuoksukynttilä', 'seinäkello', 'juomapullo', 'joogamatto', 'riippumatto', 'tyyny',
      'täytekynä', 'kaiutin', 'rannekello', 'esiliina', 'kylpypyyhe', 'lautapeli', 'palapeli', 'vyö', 'torkkupeitto',
    ],
    ['klassinen', 'käsintehty', 'kevyt', 'kestävä', 'vedenpitävä', 'ajaton', 'pohjoismainen', 'rustiikki', 'moderni', 'ekologinen', 'pehmeä', 'kompakti', 'yksinkertainen', 'tyylikäs', 'käytännöllinen'],
  ),
  digital_product_names: [
    'Juurileipä-e-kirja', 'Vesivärikurssi aloittelijoille', 'Hääkutsupohja', 'Budjettitaulukko', 'Lightroom-esiasetukset', 'Kitaran sointukirja',
    'Eväsruokaopas', 'CV-pohjat', 'Ikonipaketti', 'Valokuvauksen perusteet (e-kirja)', 'Ohjatut meditaatiot (ääni)', 'Neuleohjekokoelma',
    'Kotitreeniohjelma', 'Tulostettava matkapäiväkirja', 'Pianonuotit',
  ],
  materials: ['luomupuuvilla', 'merinovilla', 'ruostumaton teräs', 'tammi', 'bambu', 'kivitavara', 'pellava', 'valurauta', 'täysjyvänahka', 'kierrätetty polyesteri', 'borosilikaattilasi'],
  description_sentences: [
    'Materiaali: {material}.',
    '{name} – laatua, joka kestää vuosia.',
    'Jokainen tuote tarkastetaan käsin ennen kuin se lähtee verstaaltamme.',
    'Yksinkertainen muotoilu, joka sopii joka paikkaan.',
    'Asiakkaidemme suosikkilahja.',
    'Kahden vuoden takuu ja maksuton palautus 30 päivän sisällä.',
    'Lähetämme muovittomassa pakkauksessa.',
    'Pyyhi kostealla liinalla.',
    '{name}: mietitty viimeistä yksityiskohtaa myöten.',
    'Saatavana useissa väreissä.',
    'Sopii hyvin yhteen muun mallistomme kanssa.',
    'Helppohoitoinen materiaali: {material}.',
  ],
  category_tree: [
    {
      name: 'Vaatteet',
      children: [
        { name: 'Miehet', children: [{ name: 'Kauluspaidat' }, { name: 'Housut' }, { name: 'Takit' }] },
        { name: 'Naiset', children: [{ name: 'Mekot' }, { name: 'Topit' }, { name: 'Hameet' }] },
        { name: 'Lapset' },
      ],
    },
    { name: 'Asusteet', children: [{ name: 'Laukut', children: [{ name: 'Reput' }, { name: 'Kassit' }] }, { name: 'Korut' }, { name: 'Pipot & lippalakit' }] },
    { name: 'Koti & keittiö', children: [{ name: 'Keittiövälineet', children: [{ name: 'Paistinpannut' }, { name: 'Veitset' }] }, { name: 'Astiat' }, { name: 'Sisustus', children: [{ name: 'Kynttilät' }, { name: 'Kehykset' }] }] },
    { name: 'Elektroniikka', children: [{ name: 'Kuulokkeet & kaiuttimet' }, { name: 'Puhelintarvikkeet' }, { name: 'Laturit & kaapelit' }] },
    { name: 'Urheilu & vapaa-aika', children: [{ name: 'Kuntoilu', children: [{ name: 'Jooga' }, { name: 'Painot' }] }, { name: 'Retkeily' }, { name: 'Pyöräily' }] },
    { name: 'Toimisto & paperi', children: [{ name: 'Muistikirjat' }, { name: 'Kynät' }] },
    { name: 'Lemmikit', children: [{ name: 'Koirat' }, { name: 'Kissat' }] },
    { name: 'Lelut & pelit', children: [{ name: 'Palapelit' }, { name: 'Lautapelit' }] },
    { name: 'Digitaaliset tuotteet', children: [{ name: 'E-kirjat' }, { name: 'Kurssit' }, { name: 'Mallipohjat' }] },
  ],
  brand_names: [
    'Pohjatuuli', 'Tammikko', 'Lehmus', 'Hopeasaniainen', 'Satamavalo', 'Vaahterakuja', 'Kivioja', 'Kuparilehti', 'Kirkasvesi', 'Punapuu',
    'Kataja', 'Tuulihaukka', 'Kuusikko', 'Kenttäkirja', 'Niittykukka', 'Aurinkolahti', 'Ajopuu', 'Kanerva', 'Kuukivi', 'Karhunvatukka',
  ],
  brand_lines: ['Lapset', 'Ateljee', 'Sport', 'Koti', 'Ulkoilu', 'Perus', 'Matka', 'Klassikko', 'Aktiivi', 'Painos'],
  tag_labels: [
    'Uutuus', 'Myydyin', 'Ale', 'Rajoitettu erä', 'Vastuullinen', 'Käsintehty', 'Lahjavinkki', 'Vegaaninen', 'Luomu', 'Vedenpitävä',
    'Kesä', 'Talvi', 'Koulun alku', 'Joulu', 'Henkilökunnan suosikki', 'Setti', 'Loppuunmyynti', 'Kotimainen', 'Kierrätetty', 'Unisex',
    'Matkalle', 'Muoviton', 'Reilu kauppa', 'Tilaustuote', 'Vain meiltä', 'Suosittu', 'Viimeinen mahdollisuus', 'Pieni erä',
  ],
  variation_axes: [
    { name: 'Väri', values: ['Musta', 'Valkoinen', 'Laivastonsininen', 'Punainen', 'Metsänvihreä', 'Hiekka', 'Harmaa', 'Sinapinkeltainen'] },
    { name: 'Koko', values: SIZES },
    { name: 'Materiaali', values: ['Puuvilla', 'Pellava', 'Villa', 'Kierrätetty polyesteri'] },
    { name: 'Tilavuus', values: ['2,5 dl', '3,5 dl', '5 dl', '7,5 dl', '1 l'] },
    { name: 'Pinta', values: ['Matta', 'Kiiltävä', 'Satiini', 'Harjattu'] },
    { name: 'Pakkauskoko', values: ['Yksittäin', '2 kpl', '3 kpl', '6 kpl'] },
  ],
  shipping_class_names: ['Pieni paketti', 'Peruspaketti', 'Tilaa vievä', 'Ylisuuri', 'Särkyvä', 'Kirje', 'Raskas tavara', 'Kylmäkuljetus', 'Litteä paketti', 'Rahti', 'Vaarallinen aine', 'Kevyt paketti'],
  shipping_class_descriptions: ['Tuotteille, jotka lähetetään luokassa ”{name}”.', '{name}: kuljetusliike laskuttaa erikseen.', 'Toimitusluokka: {name}.'],
  shipping_method_titles: { flat_rate: 'Vakiotoimitus', free_shipping: 'Ilmainen toimitus', local_pickup: 'Nouto myymälästä' },
  tax_class_names: { standard: 'Yleinen verokanta', reduced: 'Alennettu verokanta', zero: 'Nollaverokanta' },
  coupon_words: ['TERVETULOA', 'KEVAT', 'KESA', 'SYKSY', 'TALVI', 'KIITOS', 'VIP', 'YSTAVAT', 'SALAMA', 'VIIKONLOPPU', 'KANTAASIAKAS', 'SYNTTARIT', 'OPISKELIJA', 'ALE'],
  coupon_descriptions: {
    percentage: '{percent} %:n alennus tilauksestasi',
    fixed_cart: '{money}:n alennus tilauksestasi',
    free_shipping: 'Ilmainen toimitus',
    minimum: '{label}, kun ostat vähintään {minimum} edestä',
  },
  brand_descriptions: ['{name} tekee arjen tavaroita, jotka kestävät.', 'Itsenäinen merkki {name}, suunniteltu pieninä erinä.', '{name}: rehelliset materiaalit, reilut hinnat.', 'Ostajiemme valitsema mallisto: {name}.'],
  label_names: ['VIP', 'Lahja', 'Kiireellinen', 'Tukkumyynti', 'Särkyvää', 'Tarkistettava', 'Kanta-asiakas', 'Seurattava', 'Jälkitoimitus', 'Pikatoimitus', 'Ulkomaat', 'Nouto', 'Ennakkotilaus', 'Korvaava toimitus', 'Arvokas', 'Petostarkistus', 'Lahjapaketointi', 'Yritysasiakas', 'Kestotilaus', 'Vaurioitunut kuljetuksessa', 'Tarkista osoite'],
  refund_reasons: ['Tuote saapui vaurioituneena', 'Väärä koko', 'Muutin mieleni', 'Tuote ei vastaa kuvausta', 'Toimitus saapui liian myöhään', 'Päällekkäinen tilaus', 'Löytyi edullisempi hinta', 'Osia puuttuu', 'Väärä tuote lähetetty', 'Laatu ei vastannut odotuksia'],
  order_notes: ['Jos en ole kotona, jättäkää paketti naapurille.', 'Tämä on lahja, älkää laittako laskua mukaan.', 'Soittakaa ovikelloa kahdesti.', 'Voisitteko paketoida sen lahjaksi?', 'Lähettäkää mielellään yhdessä edellisen tilaukseni kanssa.', 'Soittakaa minulle perille tullessanne.', 'Ei kiirettä.', 'Syntymäpäivälahja, laittakaa mukaan kortti.'],
  label_descriptions: ['Tilaukset, joilla on merkintä ”{name}”.', 'Tilauksen merkintä: {name}.', '{name}: käsitellään erikseen.'],
};
